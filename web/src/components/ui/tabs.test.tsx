import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Id = 'one' | 'two' | 'three';

function Example({ invalid }: { invalid?: Id }) {
  const [active, setActive] = useState<Id>('one');
  const tabs = (['one', 'two', 'three'] as const).map((id) => ({
    id,
    label: id.charAt(0).toUpperCase() + id.slice(1),
    invalid: id === invalid,
    panel: <input aria-label={`${id} field`} />,
  }));
  return (
    <>
      <button type="button">Before</button>
      <Tabs<Id>
        label="Sections"
        invalidLabel="has errors"
        tabs={tabs}
        active={active}
        onSelect={setActive}
      />
    </>
  );
}

const tab = (name: string | RegExp) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs pattern: arrows wrap, Home and End jump, one tab stop', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    await user.tab(); // Before
    await user.tab();
    expect(tab('One')).toHaveFocus();
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');

    // Automatic activation: the focused tab is the selected one, its panel the shown one.
    const steps: [string, string][] = [
      ['{ArrowRight}', 'Two'],
      ['{ArrowRight}', 'Three'],
      ['{ArrowRight}', 'One'],
      ['{ArrowLeft}', 'Three'],
      ['{Home}', 'One'],
      ['{End}', 'Three'],
    ];
    for (const [key, name] of steps) {
      await user.keyboard(key);
      expect(tab(name), `${key} → ${name}`).toHaveFocus();
      for (const other of screen.getAllByRole('tab')) {
        const selected = other === tab(name);
        expect(other).toHaveAttribute('aria-selected', String(selected));
        expect(other).toHaveAttribute('tabindex', selected ? '0' : '-1');
      }
      expect(screen.getByRole('tabpanel', { name })).toBeVisible();
      expect(tab(name)).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
    }

    // Tab leaves the tab list for the shown panel; Shift+Tab comes back to the selected tab.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'three field' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(tab('Three')).toHaveFocus();
  });

  it('keeps hidden panels mounted and names a tab that holds invalid values', async () => {
    const user = userEvent.setup();
    render(<Example invalid="two" />);
    expect(screen.getByRole('textbox', { name: 'two field', hidden: true })).not.toBeVisible();
    expect(tab(/^Two ?\(has errors\)$/)).toHaveClass('text-danger');
    await user.click(tab(/^Two/));
    expect(screen.getByRole('textbox', { name: 'two field' })).toBeVisible();
    expect(tab('One')).toHaveAttribute('tabindex', '-1');
  });
});

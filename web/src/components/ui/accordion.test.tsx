import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const sections = ['One', 'Two', 'Three'].map((title) => ({
  id: title.toLowerCase(),
  title,
  content: <p>{title} body</p>,
}));

describe('Accordion', () => {
  it('shows the default section and toggles with click, Enter and Space', async () => {
    const user = userEvent.setup();
    render(<Accordion sections={sections} defaultOpen={['one']} />);
    const one = screen.getByRole('button', { name: 'One' });
    const two = screen.getByRole('button', { name: 'Two' });
    expect(one).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'One' })).toHaveTextContent('One body');
    expect(two).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Two' })).not.toBeInTheDocument();
    expect(two).toHaveAttribute(
      'aria-controls',
      screen.getByText('Two body').closest('[role=region]')?.id,
    );

    await user.click(two);
    expect(two).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Two' })).toBeVisible();
    two.focus();
    await user.keyboard('{Enter}');
    expect(two).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(two).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves between headers with the arrows, Home and End', async () => {
    const user = userEvent.setup();
    render(<Accordion sections={sections} />);
    screen.getByRole('button', { name: 'One' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './dropdown-menu';
import { MenuDivider, MenuItem } from './menu-items';

function renderMenu(onSelect = vi.fn()) {
  render(
    <>
      <button type="button">before</button>
      <ul>
        <MenuButton label="Theme">
          <MenuItem checked={false} onSelect={() => onSelect('light')}>
            Light
          </MenuItem>
          <MenuItem checked onSelect={() => onSelect('dark')}>
            Dark
          </MenuItem>
          <MenuDivider />
          <MenuItem onSelect={() => onSelect('auto')}>Auto</MenuItem>
        </MenuButton>
      </ul>
      <button type="button">after</button>
    </>,
  );
  return {
    user: userEvent.setup(),
    button: screen.getByRole('button', { name: 'Theme' }),
    onSelect,
  };
}

const item = (name: string) =>
  screen.queryByRole('menuitemradio', { name }) ?? screen.getByRole('menuitem', { name });

describe('MenuButton', () => {
  it('is a menu button with a hidden menu until opened', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('menu', { hidden: true })).not.toHaveClass('show');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveClass('show');
    // A pointer click leaves focus on the button.
    expect(button).toHaveFocus();
    expect(item('Dark')).toHaveAttribute('aria-checked', 'true');
  });

  it('opens on Enter at the first item and moves with the arrows, Home and End', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    expect(item('Light')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Dark')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Auto')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Light')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Auto')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Light')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Auto')).toHaveFocus();
  });

  it('opens on ArrowUp at the last item, on Space at the first', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(item('Auto')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(item('Light')).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on Tab and on a click outside', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'before' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses an item with Enter or a click, then closes on the button', async () => {
    const { user, button, onSelect } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('dark');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(item('Auto'));
    expect(onSelect).toHaveBeenLastCalledWith('auto');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

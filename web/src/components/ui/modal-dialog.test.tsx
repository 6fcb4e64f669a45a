import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Harness({ staticBackdrop = false }: { staticBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div id="root">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Set limit"
        staticBackdrop={staticBackdrop}
        footer={<button type="button">Apply</button>}
      >
        <label>
          Limit <input />
        </label>
      </ModalDialog>
    </div>
  );
}

describe('ModalDialog', () => {
  it('is a labelled modal dialog that takes focus and makes the page inert', async () => {
    const user = userEvent.setup();
    render(<Harness />, { container: document.body.appendChild(document.createElement('div')) });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Set limit' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Limit' })).toHaveFocus();
    expect(document.getElementById('root')).toHaveAttribute('inert');
    expect(document.body).toHaveClass('modal-open');
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Limit' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    await user.tab();
    expect(apply).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(apply).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('closes on the close button and on a backdrop click, unless static', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Harness staticBackdrop />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

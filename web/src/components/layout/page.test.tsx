import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Page } from './page';

describe('Page', () => {
  it('shows the title as heading and document title, and the content', () => {
    render(
      <Page title="NTP Settings">
        <p>form</p>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'NTP Settings' })).toBeInTheDocument();
    expect(document.title).toBe('NTP Settings · HelioDTU');
    expect(screen.getByText('form')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a spinner instead of the content while loading', () => {
    render(
      <Page title="Live" isLoading>
        <p>form</p>
      </Page>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('form')).not.toBeInTheDocument();
  });

  it('has a reload button and the online/offline marker', async () => {
    const onReload = vi.fn();
    const { rerender } = render(<Page title="Live" onReload={onReload} socketOnline />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Live connection open' })).toHaveClass(
      'online-marker',
      'online',
    );
    rerender(<Page title="Live" onReload={onReload} socketOnline={false} />);
    expect(screen.getByRole('img', { name: 'Live connection lost' })).toHaveClass('offline');
  });
});

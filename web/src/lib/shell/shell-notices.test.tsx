import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatewayReach } from '../gateway-reach';
import { ShellNotices } from './shell-notices';
import { shellActions, useShellStore } from './shell-store';

const reloadToNewVersion = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./shell-worker', () => ({ reloadToNewVersion }));

afterEach(() => {
  useShellStore.setState({ updateReady: false });
  gatewayReach.reset();
  reloadToNewVersion.mockClear();
});

describe('ShellNotices', () => {
  it('shows nothing while the gateway answers with this build', () => {
    const { container } = render(<ShellNotices />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says since when the gateway has not answered, and stores the time', () => {
    const seen = new Date();
    seen.setHours(9, 5, 7, 0);
    act(() => gatewayReach.answered(seen.getTime()));
    expect(window.localStorage.getItem('gatewaySeenAt')).toBe(String(seen.getTime()));
    act(() => gatewayReach.lost());
    render(<ShellNotices />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^The gateway cannot be reached \(no answer since 09:05:07\)\. The page keeps trying/,
    );
  });

  it('says only that it cannot be reached when it never answered', () => {
    act(() => gatewayReach.lost());
    render(<ShellNotices />);
    expect(screen.getByRole('status')).toHaveTextContent(/^The gateway cannot be reached\. /);
  });

  it('offers the new version and reloads into it', async () => {
    act(() => shellActions.updateFound());
    render(<ShellNotices />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The gateway now serves a new version of this interface.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadToNewVersion).toHaveBeenCalledOnce();
  });
});

import { liveActions, type LiveWriter } from '@/features/live/live-store';
import type { LiveUpdate } from '@/features/live/merge-live-update';
import { freezeClock } from '@/hooks/use-now';
import { useAuthStore } from '@/lib/auth-store';
import { readStoredUser } from '@/lib/session';

export interface RenderedStateDeps {
  /** The live store's writer: the app's (liveActions) unless a test gives its own. */
  live?: LiveWriter;
  /** The browser's clock (ms): once hydrated, the data's age counts on from it. */
  now?: () => number;
}

/**
 * The stores as the server rendered from them (issue 26), before hydrating: its live data
 * counted to its moment (and marked as the server's), logged out (the server cannot see the
 * login), the default tab, the shared clock stopped at the render's moment. Returns the step
 * for once the page is hydrated, in which the browser's own state takes over: its clock, its
 * tab, its login. The data stays marked as the server's until the browser's first data of its
 * own replaces it, so the live view opens its socket without asking for the list again.
 */
export function enterRenderedState(
  update: LiveUpdate,
  renderedAt: number,
  { live = liveActions, now = () => Date.now() }: RenderedStateDeps = {},
): () => void {
  live.rendered(update, renderedAt);
  useAuthStore.setState({ user: null, isLoggedIn: false });
  freezeClock(renderedAt);
  return () => {
    freezeClock(undefined);
    // The data arrived with the page: its age counts on from now on the browser's clock.
    live.rebase(now());
    live.restoreTab();
    const user = readStoredUser();
    useAuthStore.setState({ user, isLoggedIn: user !== null });
  };
}

import { createRoot, hydrateRoot } from 'react-dom/client';
import { liveActions } from '@/features/live/live-store';
import { parseLiveUpdate } from '@/features/live/merge-live-update';
import { freezeClock } from '@/hooks/use-now';
import { useAuthStore } from '@/lib/auth-store';
import { basePath } from '@/lib/base-path';
import { englishMessages, loadBuiltin } from '@/lib/i18n/catalog';
import { show, startI18n } from '@/lib/i18n/i18n-store';
import { whenPageHydrated } from '@/lib/page-hydrated';
import { readStoredUser } from '@/lib/session';
import { replayClick, takeEarlyClick } from './early-clicks';
import { RenderedApp } from './rendered-app';
import type { RenderedLiveState } from './rendered-state';

/** The performance mark set once the rendered page is hydrated and its own state applied. */
export const HYDRATED_MARK = 'heliodtu-hydrated';

/**
 * Hydrates the live page the gateway rendered (issue 26). First the stores take exactly what
 * the server rendered from: its live data counted to its moment, its language, logged out (the
 * server cannot see the login), the default tab. Once hydrated, the browser's own state follows
 * as an ordinary update: its clock, its login, its tab and its language choice. Resolves false
 * when the state cannot be used; the caller then renders afresh.
 */
export async function hydrateLivePage(
  container: HTMLElement,
  state: RenderedLiveState,
  /** Where React reports a hydration it had to redo (a mismatch); its default logs it. */
  onRecoverableError?: (error: unknown) => void,
): Promise<boolean> {
  const update = parseLiveUpdate(state.live);
  if (!update) return false;
  let messages;
  try {
    // English renders on the gateway from the core the entry carries: hydrating needs no more,
    // and waiting for the whole file would put a round trip before the page is interactive.
    messages = state.lang === 'en' ? englishMessages() : await loadBuiltin(state.lang);
  } catch {
    return false;
  }
  show(state.lang, messages);
  liveActions.rendered(update, state.renderedAt);
  useAuthStore.setState({ user: null, isLoggedIn: false });
  freezeClock(state.renderedAt);
  // Clicks from now on reach React; the one before, the page's inline script kept.
  const earlyClick = takeEarlyClick();

  const onHydrated = () => {
    freezeClock(undefined);
    // The data arrived with the page: its age counts on from now on the browser's clock.
    liveActions.rebase(Date.now());
    liveActions.restoreTab();
    const user = readStoredUser();
    useAuthStore.setState({ user, isLoggedIn: user !== null });
    void startI18n();
    // After the remembered tab: the visitor's click is the newer wish.
    replayClick(earlyClick);
    performance.mark(HYDRATED_MARK);
  };
  whenPageHydrated(onHydrated);
  if (basePath() === '') {
    hydrateRoot(container, <RenderedApp />, onRecoverableError ? { onRecoverableError } : {});
  } else {
    // Under a reverse proxy's sub-path the server's links point at the root: drawn afresh, with
    // the data that came with the page.
    container.replaceChildren();
    createRoot(container).render(<RenderedApp />);
  }
  return true;
}

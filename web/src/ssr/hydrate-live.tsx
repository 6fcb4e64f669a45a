import { createRoot, hydrateRoot } from 'react-dom/client';
import { parseLiveUpdate } from '@/features/live/merge-live-update';
import { basePath } from '@/lib/base-path';
import { englishMessages, loadBuiltin } from '@/lib/i18n/catalog';
import { show, startI18n } from '@/lib/i18n/i18n-store';
import { whenPageHydrated } from '@/lib/page-hydrated';
import { replayClick, takeEarlyClick } from './early-clicks';
import { enterRenderedState } from './enter-rendered-state';
import { RenderedApp } from './rendered-app';
import type { RenderedLiveState } from './rendered-state';

/** The performance mark set once the rendered page is hydrated and its own state applied. */
export const HYDRATED_MARK = 'heliodtu-hydrated';

/**
 * Hydrates the live page the gateway rendered (issue 26). First the stores take exactly what
 * the server rendered from (enter-rendered-state.ts) and its language. Once hydrated, the
 * browser's own state follows as an ordinary update: its clock, its login, its tab and its
 * language choice. Resolves false when the state cannot be used; the caller then renders afresh.
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
  // The app's live store: the markup hydrates from it.
  const takeOver = enterRenderedState(update, state.renderedAt);
  // Clicks from now on reach React; the one before, the page's inline script kept.
  const earlyClick = takeEarlyClick();

  const onHydrated = () => {
    takeOver();
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

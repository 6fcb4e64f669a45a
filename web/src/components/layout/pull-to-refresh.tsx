import { useEffect, useReducer, useRef } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { PULL, PULL_IDLE, pullReducer, type PullState } from './pull-to-refresh-state';

const TEXT = {
  pulling: 'base.Pull',
  releasing: 'base.Release',
  refreshing: 'base.Refreshing',
} as const;

/** Touch pull-to-refresh on the window while the page is scrolled to the top (spec §1, §4). */
export function usePullToRefresh(onRefresh: (() => unknown) | undefined): PullState {
  const [state, dispatch] = useReducer(pullReducer, PULL_IDLE);
  const stateRef = useRef(state);
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    stateRef.current = state;
    refreshRef.current = onRefresh;
  });

  const enabled = onRefresh !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const onStart = (event: TouchEvent) =>
      dispatch({ type: 'start', y: event.touches[0]?.clientY ?? 0, atTop: window.scrollY <= 0 });
    const onMove = (event: TouchEvent) =>
      dispatch({ type: 'move', y: event.touches[0]?.clientY ?? 0 });
    const onEnd = () => {
      const wasReleasing = stateRef.current.phase === 'releasing';
      dispatch({ type: 'end' });
      if (!wasReleasing) return;
      const minimum = new Promise((resolve) => window.setTimeout(resolve, PULL.refreshTimeout));
      void Promise.allSettled([Promise.resolve(refreshRef.current?.()), minimum]).then(() =>
        dispatch({ type: 'done' }),
      );
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);

  return state;
}

/** The strip above the page that says what letting go will do. */
export function PullToRefreshIndicator({ state }: { state: PullState }) {
  const t = useT();
  if (state.phase === 'pending') return null;
  return (
    <div
      className="pull-to-refresh"
      style={{ height: `${Math.max(state.distance, 24)}px` }}
      aria-live="polite"
    >
      <span>{t(TEXT[state.phase])}</span>
    </div>
  );
}

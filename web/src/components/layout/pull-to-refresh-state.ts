/** Pull-to-refresh figures of spec §9, in CSS pixels and milliseconds. */
export const PULL = { threshold: 60, max: 80, reloadDistance: 50, refreshTimeout: 500 } as const;

export type PullPhase = 'pending' | 'pulling' | 'releasing' | 'refreshing';

export interface PullState {
  phase: PullPhase;
  /** How far the indicator is pulled down, 0..max. */
  distance: number;
  /** Where the finger went down, while a pull may happen. */
  startY: number | null;
}

export type PullEvent =
  | { type: 'start'; y: number; atTop: boolean }
  | { type: 'move'; y: number }
  | { type: 'end' }
  | { type: 'done' };

export const PULL_IDLE: PullState = { phase: 'pending', distance: 0, startY: null };

/**
 * pending → pulling → releasing (past the reload distance) → refreshing → pending (spec §4).
 * The finger travel is damped so the indicator needs `threshold` px of travel to reach the
 * reload distance and stops at `max`.
 */
export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'start':
      if (state.phase === 'refreshing' || !event.atTop) return state;
      return { ...PULL_IDLE, startY: event.y };
    case 'move': {
      if (state.startY === null || state.phase === 'refreshing') return state;
      const travel = event.y - state.startY;
      if (travel <= 0) return { ...state, phase: 'pending', distance: 0 };
      const distance = Math.min(PULL.max, (travel * PULL.reloadDistance) / PULL.threshold);
      return {
        ...state,
        distance,
        phase: distance >= PULL.reloadDistance ? 'releasing' : 'pulling',
      };
    }
    case 'end':
      if (state.phase === 'releasing')
        return { phase: 'refreshing', distance: PULL.reloadDistance, startY: null };
      if (state.phase === 'refreshing') return state;
      return PULL_IDLE;
    case 'done':
      return PULL_IDLE;
  }
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from './page';
import {
  PULL,
  PULL_IDLE,
  pullReducer,
  type PullEvent,
  type PullState,
} from './pull-to-refresh-state';

const run = (events: PullEvent[], from: PullState = PULL_IDLE) => events.reduce(pullReducer, from);

describe('pullReducer (spec §4, §9)', () => {
  it('goes pending → pulling → releasing → refreshing → pending', () => {
    let state = run([{ type: 'start', y: 100, atTop: true }]);
    expect(state.phase).toBe('pending');
    state = pullReducer(state, { type: 'move', y: 130 });
    expect(state.phase).toBe('pulling');
    state = pullReducer(state, { type: 'move', y: 100 + PULL.threshold });
    expect(state).toMatchObject({ phase: 'releasing', distance: PULL.reloadDistance });
    state = pullReducer(state, { type: 'end' });
    expect(state.phase).toBe('refreshing');
    state = pullReducer(state, { type: 'move', y: 400 });
    expect(state.phase).toBe('refreshing');
    expect(pullReducer(state, { type: 'done' })).toEqual(PULL_IDLE);
  });

  it('stays below the reload distance until the threshold travel, and stops at max', () => {
    const short = run([
      { type: 'start', y: 0, atTop: true },
      { type: 'move', y: PULL.threshold - 1 },
    ]);
    expect(short.phase).toBe('pulling');
    expect(short.distance).toBeLessThan(PULL.reloadDistance);
    expect(pullReducer(short, { type: 'end' })).toEqual(PULL_IDLE);
    const far = run([
      { type: 'start', y: 0, atTop: true },
      { type: 'move', y: 1000 },
    ]);
    expect(far.distance).toBe(PULL.max);
  });

  it('ignores pulls that start below the top or go upwards', () => {
    expect(
      run([
        { type: 'start', y: 0, atTop: false },
        { type: 'move', y: 200 },
      ]).phase,
    ).toBe('pending');
    expect(
      run([
        { type: 'start', y: 200, atTop: true },
        { type: 'move', y: 100 },
      ]),
    ).toMatchObject({ phase: 'pending', distance: 0 });
  });
});

describe('pull-to-refresh on a page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    act(() => {
      fireEvent[type](window, { touches: type === 'touchEnd' ? [] : [{ clientY: y }] });
    });

  it('shows the pull and release texts, refreshes, and holds the refreshing state 500 ms', async () => {
    const onReload = vi.fn(() => Promise.resolve());
    render(<Page title="Live" onReload={onReload} />);
    touch('touchStart', 10);
    touch('touchMove', 40);
    expect(screen.getByText('Pull down to refresh')).toBeInTheDocument();
    touch('touchMove', 90);
    expect(screen.getByText('Release to refresh')).toBeInTheDocument();
    touch('touchEnd', 0);
    expect(screen.getByText('Refreshing…')).toBeInTheDocument();
    expect(onReload).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PULL.refreshTimeout - 10));
    expect(screen.getByText('Refreshing…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.queryByText('Refreshing…')).not.toBeInTheDocument();
  });

  it('does nothing on a page without reload', () => {
    render(<Page title="About" />);
    touch('touchStart', 10);
    touch('touchMove', 200);
    expect(screen.queryByText('Release to refresh')).not.toBeInTheDocument();
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullInverter } from '@/testing/live-samples';
import { liveActions } from '../live-store';
import type { LiveInverter } from '../merge-live-update';
import { useOverviewSnapshot } from './use-overview-snapshot';

const MS = 1_000;
const LATE = 250;
const START = new Date('2025-06-21T12:00:00Z').getTime();

/** The fixture inverter with a given AC power: each call is news for the overview. */
function reading(power: number): LiveInverter {
  const ac = fullInverter.AC['0']!;
  return { ...fullInverter, AC: { '0': { ...ac, Power: { ...ac.Power, v: power } } } };
}
/** The same inverter as the first list brings it: no channels yet. */
const { AC: _ac, DC: _dc, INV: _inv, ...listed } = fullInverter;

const shownPower = (inverters: readonly LiveInverter[]) => inverters[0]?.AC?.['0']?.Power.v;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const send = (inverter: LiveInverter) => act(() => liveActions.message({ inverters: [inverter] }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  liveActions.reset();
  liveActions.snapshot({ inverters: [reading(100)] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useOverviewSnapshot', () => {
  it('draws news with the first message after a second, in that message, not on a timer', () => {
    const { result } = renderHook(() => useOverviewSnapshot(undefined, MS, LATE));
    advance(400);
    send(reading(200));
    expect(shownPower(result.current.inverters)).toBe(100);
    advance(MS - 400 - 1);
    expect(shownPower(result.current.inverters)).toBe(100);
    // Due now: the timer waits for a message, and the message itself redraws.
    advance(1 + LATE - 100);
    expect(shownPower(result.current.inverters)).toBe(100);
    send(reading(300));
    expect(shownPower(result.current.inverters)).toBe(300);
    expect(result.current.now).toBe(START + MS + LATE - 100);
  });

  it('draws waiting news by itself when no message follows', () => {
    const { result } = renderHook(() => useOverviewSnapshot(undefined, MS, LATE));
    advance(400);
    send(reading(200));
    advance(MS + LATE - 401);
    expect(shownPower(result.current.inverters)).toBe(100);
    advance(1);
    expect(shownPower(result.current.inverters)).toBe(200);
  });

  it('ticks every second with nothing arriving, so the data age counts on', () => {
    const { result } = renderHook(() => useOverviewSnapshot(undefined, MS, LATE));
    const taken = [result.current.now];
    for (let i = 0; i < 3; i += 1) {
      advance(MS);
      taken.push(result.current.now);
    }
    expect(taken).toEqual([START, START + MS, START + 2 * MS, START + 3 * MS]);
  });

  it("draws an inverter's first full data at once", () => {
    liveActions.reset();
    liveActions.snapshot({ inverters: [listed as LiveInverter] });
    const { result } = renderHook(() => useOverviewSnapshot(undefined, MS, LATE));
    advance(100);
    send(reading(500));
    expect(shownPower(result.current.inverters)).toBe(500);
    // Later news of the same inverter waits for its second again.
    advance(100);
    send(reading(600));
    expect(shownPower(result.current.inverters)).toBe(500);
  });

  it('stops its timer when unmounted', () => {
    const { unmount } = renderHook(() => useOverviewSnapshot(undefined, MS, LATE));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

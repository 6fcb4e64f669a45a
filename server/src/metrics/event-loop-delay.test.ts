import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopDelayMonitor, eventLoopDelayLines } from './event-loop-delay.js';

const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('EventLoopDelayMonitor', () => {
  let monitor: EventLoopDelayMonitor | undefined;
  afterEach(() => monitor?.stop());

  it('reports a blocked loop in the window that saw it, without the timer interval', async () => {
    monitor = new EventLoopDelayMonitor(300);
    monitor.start();
    expect(monitor.latest()).toEqual({ p50: 0, p99: 0, max: 0, windows: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    busy(120);
    while (monitor.latest().windows < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const window = monitor.latest();
    // The 120 ms block shows as (at least) about that much delay; the median sample is a
    // normal turn of the loop, far below it.
    expect(window.max).toBeGreaterThanOrEqual(0.1);
    expect(window.p50).toBeLessThan(window.max);
  });

  it('prints a gauge per figure and a window counter', () => {
    const lines = eventLoopDelayLines({ p50: 0.0012, p99: 0.0185, max: 0.05, windows: 7 });
    expect(lines.filter((line) => !line.startsWith('#'))).toEqual([
      'heliodtu_event_loop_delay_p50_seconds 0.001200',
      'heliodtu_event_loop_delay_p99_seconds 0.018500',
      'heliodtu_event_loop_delay_max_seconds 0.050000',
      'heliodtu_event_loop_delay_windows_total 7',
    ]);
    expect(lines).toContain('# TYPE heliodtu_event_loop_delay_p99_seconds gauge');
    expect(lines).toContain('# TYPE heliodtu_event_loop_delay_windows_total counter');
  });
});

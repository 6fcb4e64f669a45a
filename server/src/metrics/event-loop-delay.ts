import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Figures are for consecutive windows of this length, so a scrape sees recent behaviour. */
export const EVENT_LOOP_WINDOW_MS = 10_000;
/** The histogram's timer interval; Node records each interval including it, so it is taken off. */
const RESOLUTION_MS = 10;

/** Event-loop delay of one finished window, in seconds. */
export interface EventLoopDelayWindow {
  p50: number;
  p99: number;
  max: number;
  /** How many windows have finished since start (tells a reader whether it saw this one). */
  windows: number;
}

/**
 * How late the gateway's event loop runs (perf_hooks.monitorEventLoopDelay): a late loop
 * delays every socket push, MQTT publish and HTTP answer. Integrators and the soak benchmark
 * read it from the Prometheus endpoint (heliodtu_* metrics after OpenDTU's own).
 */
export class EventLoopDelayMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({
    resolution: RESOLUTION_MS,
  });
  private timer: NodeJS.Timeout | undefined;
  private last: EventLoopDelayWindow = { p50: 0, p99: 0, max: 0, windows: 0 };

  constructor(private readonly windowMs = EVENT_LOOP_WINDOW_MS) {}

  start(): void {
    this.histogram.enable();
    this.timer = setInterval(() => this.roll(), this.windowMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  /** The last finished window (zeros before the first one ends). */
  latest(): EventLoopDelayWindow {
    return this.last;
  }

  private roll(): void {
    const late = (ns: number) => Math.max(0, ns / 1e9 - RESOLUTION_MS / 1000);
    const h = this.histogram;
    this.last =
      h.count === 0
        ? { ...this.last, windows: this.last.windows + 1 }
        : {
            p50: late(h.percentile(50)),
            p99: late(h.percentile(99)),
            max: late(h.max),
            windows: this.last.windows + 1,
          };
    h.reset();
  }
}

/** Prometheus text lines (exposition format 0.0.4) for a window's figures. */
export function eventLoopDelayLines(window: EventLoopDelayWindow): string[] {
  const seconds = (value: number) => value.toFixed(6);
  const span = `over the last ${EVENT_LOOP_WINDOW_MS / 1000} s window`;
  // Plain gauges: a quantile label belongs to summaries, which need a sum and count since start.
  const gauge = (name: string, help: string, value: number) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    `${name} ${seconds(value)}`,
  ];
  return [
    ...gauge(
      'heliodtu_event_loop_delay_p50_seconds',
      `Median event-loop delay ${span}`,
      window.p50,
    ),
    ...gauge(
      'heliodtu_event_loop_delay_p99_seconds',
      `99th percentile event-loop delay ${span}`,
      window.p99,
    ),
    ...gauge(
      'heliodtu_event_loop_delay_max_seconds',
      `Longest event-loop delay ${span}`,
      window.max,
    ),
    '# HELP heliodtu_event_loop_delay_windows_total Event-loop delay windows finished since start',
    '# TYPE heliodtu_event_loop_delay_windows_total counter',
    `heliodtu_event_loop_delay_windows_total ${window.windows}`,
  ];
}

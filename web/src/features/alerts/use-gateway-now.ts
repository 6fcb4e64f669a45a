import { useLayoutEffect, useRef, useState } from 'react';
import { deviceTimeAt, type ClockReading } from '@/lib/clock-readings';

/** A new "now" each minute, so "2 minutes ago" moves on. */
const TICK_MS = 60_000;

/**
 * "Now" in ms on the gateway's clock, the one that stamped the alerts: each answer's `now`
 * (epoch seconds) is a reading, and between answers the clock runs on at the rate of the last two,
 * as the live view's device clock does. A simulated gateway's clock may stand in another year
 * and run faster than the browser's (SIM_SPEED). Undefined until the first answer.
 */
export function useGatewayNow(answeredAt: number | undefined): number | undefined {
  const readings = useRef<readonly ClockReading[]>([]);
  const [now, setNow] = useState<number | undefined>(undefined);
  // Before paint: the first list never shows ages counted on the browser's clock.
  useLayoutEffect(() => {
    if (answeredAt === undefined) return;
    readings.current = [
      ...readings.current.slice(-1),
      { device: answeredAt * 1000, host: Date.now() },
    ];
    const tick = () => setNow(deviceTimeAt(readings.current, Date.now()));
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [answeredAt]);
  return now;
}

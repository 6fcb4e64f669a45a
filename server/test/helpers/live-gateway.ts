import type { GatewayOptions } from '../../src/env.js';
import { buildTestGateway, type TestGateway } from './build-test-app.js';

/** The demo fleet's serials (server/src/device/demo-fleet.ts): HM-800, HMS-2000-4T, HMT-2250-6T. */
export const HM_SERIAL: string = '114182352592';
export const HMS_SERIAL: string = '1164a113c7e2';
export const HMT_SERIAL: string = '138293821457';
export const DEMO_SERIALS: readonly string[] = [HM_SERIAL, HMS_SERIAL, HMT_SERIAL];

/** Poll `probe` until it returns something other than undefined/false. */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 8000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A gateway with the demo fleet at noon in June, time running 20× (a 5-s poll every 0.25 s),
 * the clock synced at once; resolves when every demo inverter has sent live data.
 */
export async function buildLiveGateway(
  overrides: Partial<GatewayOptions> = {},
  { waitForData = true } = {},
): Promise<TestGateway> {
  const gw = await buildTestGateway({
    simFleet: 'demo',
    simStart: '2025-06-21T12:00:00',
    simSpeed: 20,
    ...overrides,
  });
  gw.app.clock.markSynced();
  if (waitForData) {
    await waitFor(
      () => DEMO_SERIALS.every((serial) => gw.app.device.inverterState(serial)?.hasData),
      8000,
      'live data of the demo fleet',
    );
  }
  return gw;
}

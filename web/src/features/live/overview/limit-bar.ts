import type { LiveInverter } from '../merge-live-update';

/**
 * What a tile's bar shows (issue 23):
 * - `limit`: AC power over the limit in W.
 * - `max`: the limit is not read yet, so AC power over the maximum power, marked as such. After a
 *   start the DTU reads the limit only after about 4 minutes (inverter-domain §7.3); until then
 *   the live data say 0 % while the maximum power is known (GET /api/limit/status).
 * - `notRead`: as `max`, before the maximum power has arrived.
 * - `unknown`: without the maximum power (device info not read yet) no share can be had.
 */
export type LimitBar =
  | { readonly kind: 'limit'; readonly share: number; readonly watts: number }
  | { readonly kind: 'max'; readonly share: number; readonly watts: number }
  | { readonly kind: 'notRead' }
  | { readonly kind: 'unknown' };

const acPower = (inverter: LiveInverter) => inverter.AC?.['0']?.Power.v ?? 0;
const share = (power: number, of: number) => Math.min(1, Math.max(0, power / of));

/** True while the live data carry a limit of 0 W with a known maximum power: not read yet. */
export const limitNotRead = (inverter: LiveInverter): boolean =>
  inverter.limit_absolute === 0 && inverter.limit_relative === 0;

/** The bar of one inverter; `maxPower` from GET /api/limit/status (W, 0 or undefined unknown). */
export function limitBar(inverter: LiveInverter, maxPower: number | undefined): LimitBar {
  const limit = inverter.limit_absolute;
  if (limit > 0) return { kind: 'limit', share: share(acPower(inverter), limit), watts: limit };
  if (!limitNotRead(inverter)) return { kind: 'unknown' };
  if (maxPower === undefined || maxPower <= 0) return { kind: 'notRead' };
  return { kind: 'max', share: share(acPower(inverter), maxPower), watts: maxPower };
}

import { z } from 'zod';

/**
 * GET /api/companion/status (issue 24, a HelioDTU extension): whether this gateway stands in
 * front of real OpenDTU devices, and which. The simulated gateway answers `companion: false`
 * with no devices; a real device answers it like any unknown path (its index.html).
 */
export const COMPANION_STATUS_PATH = '/api/companion/status';

/**
 * Why a device cannot be used, as a stable code the interface translates. The companion's
 * message beside it is English, for the start line and the console.
 */
export const DEVICE_PROBLEM_CODES = [
  /** Something answers, but not as an OpenDTU (a web page, 404, other JSON, a redirect). */
  'not-opendtu',
  /** 401 although a password was sent. */
  'wrong-password',
  /** 401 and no password set: the device has read-only access off. */
  'password-needed',
  /** An OpenDTU-like answer of 429 or 5xx: busy or out of memory. */
  'device-error',
  'timeout',
  'tls',
  'dns',
  'refused',
  /** No route, reset, or another network error: powered off, off the Wi-Fi. */
  'unreachable',
  /** An open connection ended (the live socket only). */
  'connection-lost',
] as const;
export const DeviceProblemCodeSchema = z.enum(DEVICE_PROBLEM_CODES);
export type DeviceProblemCode = z.infer<typeof DeviceProblemCodeSchema>;

export const DeviceProblemSchema = z.object({
  code: DeviceProblemCodeSchema,
  /** One plain English line; never a stack trace or a credential. */
  message: z.string(),
});
export type DeviceProblem = z.infer<typeof DeviceProblemSchema>;

/**
 * On every answer the companion gives for the device when the device gave none (502/503/504,
 * or a live read from the last good answer): the device problem's code. It tells the
 * interface that the companion answered and the device is the one away.
 */
export const DEVICE_PROBLEM_HEADER = 'X-HelioDTU-Device-Problem';
/**
 * On a live read answered from the last good answer while the device is away: epoch seconds
 * since when the device has not answered. The data ages in the body are advanced to now.
 */
export const DEVICE_AWAY_SINCE_HEADER = 'X-HelioDTU-Device-Away-Since';

export const CompanionDeviceSchema = z.object({
  /** The device id every piece of the companion's state is keyed by. */
  id: z.string(),
  /** The device's address as configured, never with credentials. */
  url: z.string(),
  /** The device's firmware (its git_hash), null until it answered as an OpenDTU. */
  git_hash: z.string().nullable(),
  /** True while the companion's live socket to the device is open. */
  reachable: z.boolean(),
  /** Epoch seconds of the first failure of the current outage; null while reachable or not yet known. */
  unreachable_since: z.number().int().nullable(),
  /** Why the device cannot be used now (wrong password, not an OpenDTU, …); null while fine. */
  problem: DeviceProblemSchema.nullable(),
});
export type CompanionDevice = z.infer<typeof CompanionDeviceSchema>;

export const CompanionStatusSchema = z.object({
  companion: z.boolean(),
  /** Empty unless a companion; one device today, a list so that a second is configuration. */
  devices: z.array(CompanionDeviceSchema),
});
export type CompanionStatus = z.infer<typeof CompanionStatusSchema>;

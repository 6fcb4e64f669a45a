/**
 * A companion's device problems and the headers that mark its answers (issue 24), without zod:
 * the web's API client reads them on every answer, in the first load.
 */

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
  /** The companion's line of requests to a slow device is full: nothing was sent. */
  'busy',
] as const;
export type DeviceProblemCode = (typeof DEVICE_PROBLEM_CODES)[number];

export const isDeviceProblemCode = (value: string): value is DeviceProblemCode =>
  (DEVICE_PROBLEM_CODES as readonly string[]).includes(value);

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

import { LATITUDE, LONGITUDE, type Range } from '@heliodtu/contract/limits';
import type { NtpConfig } from '@heliodtu/contract/ntp';
import type { RelayResult } from './device-relay.js';

/** A place on the globe in degrees (north and east positive), as the device's NTP settings keep it. */
export type DeviceLocation = Pick<NtpConfig, 'latitude' | 'longitude'>;

/**
 * Where the device keeps its time zone and location (ntp_timezone, latitude, longitude; admin
 * only, read with the stored login).
 */
export const DEVICE_NTP_CONFIG_PATH = '/api/ntp/config';

/** The parsed body of a successful /api/ntp/config answer, or undefined. */
function ntpConfigOf(result: RelayResult): Record<string, unknown> | undefined {
  if (!result.ok || result.status !== 200) return undefined;
  try {
    const config: unknown = JSON.parse(result.body.toString('utf8'));
    return typeof config === 'object' && config !== null
      ? (config as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** ntp_timezone of a /api/ntp/config answer, or undefined when it is not one. */
export function timezoneOfNtpAnswer(result: RelayResult): string | undefined {
  const tz = ntpConfigOf(result)?.['ntp_timezone'];
  return typeof tz === 'string' ? tz : undefined;
}

/**
 * latitude and longitude of a /api/ntp/config answer, or undefined when either is missing or
 * off the globe (the device does not check the range).
 */
export function locationOfNtpAnswer(result: RelayResult): DeviceLocation | undefined {
  const config = ntpConfigOf(result);
  const latitude = config?.['latitude'];
  const longitude = config?.['longitude'];
  const within = (value: unknown, range: Range): value is number =>
    typeof value === 'number' && value >= range.min && value <= range.max;
  return within(latitude, LATITUDE) && within(longitude, LONGITUDE)
    ? { latitude, longitude }
    : undefined;
}

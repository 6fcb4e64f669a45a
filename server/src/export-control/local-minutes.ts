import { localParts } from '../device/posix-tz.js';

/** Minutes after local midnight in the process's own time zone (the default). */
export const processMinutes = (ms: number): number => {
  const date = new Date(ms);
  return date.getHours() * 60 + date.getMinutes();
};

/** `localMinutes` for the gateway's POSIX time zone (the NTP settings' `timezone`). */
export function minutesInZone(zone: () => string): (ms: number) => number {
  return (ms) => {
    const local = localParts(ms, zone());
    return local.hour * 60 + local.minute;
  };
}

import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';

/**
 * The owner's away time of a device known by its MQTT topics (DTU_AWAY_S, a device's own
 * DTU_AWAY_S_<NAME>): how long it may publish nothing before it is away. Without one the link
 * takes 3 × the device's publish interval, at least 60 s (mqtt-device-link.ts).
 */

/**
 * Whole seconds from `text` (the variable `name`), or undefined when it is unset or empty.
 * Throws a message that names the variable and the range for anything else.
 */
export function parseAwaySeconds(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = Number(text.trim());
  const { min, max } = AWAY_SECONDS_RANGE;
  if (!/^\d+$/.test(text.trim()) || seconds < min || seconds > max) {
    throw new Error(
      `${name} must be a whole number of seconds from ${min} to ${max} (how long a device on ` +
        `a broker may publish nothing before it is away), got "${text}"`,
    );
  }
  return seconds;
}

import type { DeviceAddRequest, DeviceEntry } from '@heliodtu/contract/companion';
import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';
import { isMqttAddress } from './device-problem-reason';

/** The broker (host:port) and base topic of an `mqtt(s)://` address; null for any other. */
export function brokerOf(url: string): { broker: string; topic: string; tls: boolean } | null {
  if (!isMqttAddress(url)) return null;
  try {
    const parsed = new URL(url.trim());
    // A login never belongs in the address; if one slipped in, it is not shown.
    return {
      broker: parsed.host,
      topic: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
      tls: parsed.protocol === 'mqtts:',
    };
  } catch {
    return null;
  }
}

/** How the companion reaches a listed device; older companions do not say: HTTP then. */
export const sourceOf = (entry: DeviceEntry): 'http' | 'mqtt' => entry.source ?? 'http';

/**
 * The "Away after" field's seconds: null when empty (automatic), undefined when it is not a
 * whole number in AWAY_SECONDS_RANGE (the form says so and sends nothing).
 */
export function awaySecondsOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const seconds = Number(trimmed);
  const { min, max } = AWAY_SECONDS_RANGE;
  return seconds >= min && seconds <= max ? seconds : undefined;
}

/** What the form sends: an away time only with a broker's address (an HTTP device has none). */
export function deviceRequestOf(values: {
  name: string;
  url: string;
  user: string;
  password: string;
  away: string;
}): DeviceAddRequest {
  const { away, ...rest } = values;
  if (!isMqttAddress(values.url)) return rest;
  return { ...rest, away_s: awaySecondsOf(away) ?? null };
}

import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import { LIMIT_RELATIVE_MAX } from '@heliodtu/contract/limits';
import {
  MQTT_COMMAND_NAMES as COMMAND_NAMES,
  type MqttCommandName as CommandName,
} from '@heliodtu/contract/domain/mqtt-commands';

/**
 * The MQTT command topics (integrations §3) and their parsing rules, as pure functions: a
 * message becomes a typed command or a reason to ignore it, never an exception.
 */

export type MqttCommand =
  | { serial: string; kind: 'limit'; value: number; limit: LimitKind }
  | { serial: string; kind: 'power'; on: boolean }
  | { serial: string; kind: 'restart' }
  | { serial: string; kind: 'reset_rf_stats' };

export type CommandParseResult = { ok: true; command: MqttCommand } | { ok: false; reason: string };

/** The seven subscription filters under the base topic (integrations §3.1). */
export function commandFilters(baseTopic: string): string[] {
  return COMMAND_NAMES.map((name) => `${baseTopic}+/cmd/${name}`);
}

const LIMITS: Partial<Record<CommandName, LimitKind>> = {
  limit_persistent_relative: { relative: true, persistent: true },
  limit_persistent_absolute: { relative: false, persistent: true },
  limit_nonpersistent_relative: { relative: true, persistent: false },
  limit_nonpersistent_absolute: { relative: false, persistent: false },
};

/** Commands a retained message may trigger; the others ignore replays (integrations §3.3). */
const RETAINED_ACCEPTED: ReadonlySet<CommandName> = new Set([
  'limit_persistent_relative',
  'limit_persistent_absolute',
  'power',
]);

/** A limit travels as value × 10 in 16 bits (integrations §3.3); above that it would wrap on the device. */
const LIMIT_WIRE_MAX = 0xffff / 10;
/** Largest finite 32-bit float: the device converts with a float conversion. */
const FLOAT_MAX = 3.4028234663852886e38;
/** Smallest normal 32-bit float: below it (but not 0) the conversion reports a range error. */
const FLOAT_MIN_NORMAL = 1.1754943508222875e-38;

const C_SPACE = /^[ \t\n\v\f\r]*/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const HEX_FLOAT =
  /^([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))(?:[pP]([+-]?\d+))?/;
const INF_NAN = /^([+-]?)(infinity|inf|nan(?:\([0-9A-Za-z_]*\))?)/i;

/**
 * The number at the start of `text` as C's string-to-float reads it (integrations §3.2): leading white
 * space, trailing garbage ignored, inf/nan/hex floats accepted. 'none' when the text does not
 * start with a number, 'range' when it overflows (or underflows) a 32-bit float.
 */
export function parseCFloat(text: string): number | 'none' | 'range' {
  const rest = text.replace(C_SPACE, '');
  let value: number;
  const special = INF_NAN.exec(rest);
  const hex = HEX_FLOAT.exec(rest);
  const decimal = DECIMAL.exec(rest);
  if (special) {
    const sign = special[1] === '-' ? -1 : 1;
    value = special[2]?.toLowerCase().startsWith('inf') ? sign * Infinity : NaN;
    return value;
  } else if (hex) {
    const [intPart = '', fracPart = ''] = (hex[2] ?? '').split('.');
    const digits = intPart + fracPart;
    const mantissa = digits === '' ? 0 : Number.parseInt(digits, 16);
    value = mantissa * 2 ** (Number(hex[3] ?? 0) - 4 * fracPart.length);
    if (hex[1] === '-') value = -value;
  } else if (decimal) {
    value = Number(decimal[0]);
  } else {
    return 'none';
  }
  const magnitude = Math.abs(value);
  if (magnitude > FLOAT_MAX || (magnitude !== 0 && magnitude < FLOAT_MIN_NORMAL)) return 'range';
  return value;
}

/**
 * The serial segment as the device reads it (integrations §3.2): hexadecimal, case-insensitive, optional
 * 0x, stops at the first non-hex character. Null when no digit was read.
 */
export function parseTopicSerial(segment: string): bigint | null {
  const match = /^[ \t\n\v\f\r]*\+?(?:0[xX](?=[0-9a-fA-F]))?([0-9a-fA-F]+)/.exec(segment);
  return match?.[1] ? BigInt(`0x${match[1]}`) : null;
}

const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Parse one incoming message on a command topic (integrations §3.2, §3.3). `serials` are the configured
 * inverters (hex); the command carries the matching one as configured.
 */
export function parseCommand(
  message: { topic: string; payload: Buffer | string; retained: boolean },
  baseTopic: string,
  serials: readonly string[],
): CommandParseResult {
  const { topic, retained } = message;
  if (!topic.startsWith(baseTopic)) return { ok: false, reason: 'not under the base topic' };
  const levels = topic.slice(baseTopic.length).split('/');
  const name = levels[2] as CommandName;
  if (levels.length !== 3 || levels[1] !== 'cmd' || !COMMAND_NAMES.includes(name)) {
    return { ok: false, reason: 'not a command topic' };
  }
  const wanted = parseTopicSerial(levels[0] ?? '');
  const serial = serials.find((s) => wanted !== null && BigInt(`0x${s}`) === wanted);
  if (serial === undefined) return { ok: false, reason: 'no inverter with this serial' };
  if (retained && !RETAINED_ACCEPTED.has(name)) {
    return { ok: false, reason: `retained ${name} ignored` };
  }
  const text = typeof message.payload === 'string' ? message.payload : message.payload.toString();
  const value = parseCFloat(text);
  if (value === 'none') return { ok: false, reason: `payload ${quote(text)} is not a number` };
  if (value === 'range') return { ok: false, reason: `payload ${quote(text)} is out of range` };
  if (Number.isNaN(value)) return { ok: false, reason: `payload ${quote(text)} is not a number` };

  const limit = LIMITS[name];
  if (limit) {
    // A negative limit is undefined on the device; the recommendation is to reject it (integrations §3.3).
    if (value < 0) return { ok: false, reason: `negative limit ${quote(text)}` };
    const clamped = limit.relative ? Math.min(value, LIMIT_RELATIVE_MAX) : value;
    if (clamped > LIMIT_WIRE_MAX) return { ok: false, reason: `limit ${quote(text)} too large` };
    // The radio carries 0.1 steps.
    return {
      ok: true,
      command: { serial, kind: 'limit', value: Math.round(clamped * 10) / 10, limit },
    };
  }
  if (name === 'power') {
    return { ok: true, command: { serial, kind: 'power', on: Math.trunc(value) > 0 } };
  }
  if (value !== 1) return { ok: false, reason: `${name} needs payload 1, got ${quote(text)}` };
  return { ok: true, command: { serial, kind: name === 'restart' ? 'restart' : 'reset_rf_stats' } };
}

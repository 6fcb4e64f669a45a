import { ApiCode } from '../codes.js';
import { INVERTER_SERIAL_MAX } from '../domain/serial-hex.js';
import type { InverterAddRequest } from '../inverter.js';
import {
  CHANNEL_MAX_POWER,
  CHANNEL_NAME_MAX,
  INVERTER_NAME_MAX,
  MAX_CHANNELS,
  MAX_INVERTERS,
  REACHABLE_THRESHOLD,
  STRING_AZIMUTH,
  STRING_TILT,
  YIELD_TOTAL_OFFSET_MIN,
} from '../limits.js';
import { parseSerialHex } from '../domain/serial-hex.js';
import type { FieldProblem } from './field-problem.js';

/** The fields of POST /api/inverter/edit these rules read (after the kind checks). */
export interface InverterEditFields {
  id: number;
  serial: string;
  name: string;
  channel: readonly unknown[];
  reachable_threshold?: unknown;
}

/** The bound of each channel field, reported as `limit` with 1005. */
const CHANNEL_LIMITS: Record<string, { min?: number; max?: number }> = {
  name: { max: CHANNEL_NAME_MAX },
  max_power: { min: CHANNEL_MAX_POWER.min, max: CHANNEL_MAX_POWER.max },
  yield_total_offset: { min: YIELD_TOTAL_OFFSET_MIN },
  azimuth: { min: STRING_AZIMUTH.min, max: STRING_AZIMUTH.max },
  tilt: { min: STRING_TILT.min, max: STRING_TILT.max },
};

/**
 * 4001 on `serial` when it reads as 0, is wider than 12 hex digits, or is one of `otherSerials`
 * (the serials of the other inverters; see contract/src/inverter.ts for why duplicates are refused).
 */
export function inverterSerialProblems(
  text: string,
  otherSerials: readonly bigint[] = [],
): FieldProblem[] {
  const serial = parseSerialHex(text);
  const bad = serial === 0n || serial > INVERTER_SERIAL_MAX || otherSerials.includes(serial);
  return bad ? [{ field: 'serial', code: ApiCode.InverterSerialZero }] : [];
}

/** 4002 {max: 31} on `name` when it is empty or longer than 31 characters. */
function nameProblems(name: string): FieldProblem[] {
  if (name.length > 0 && name.length <= INVERTER_NAME_MAX) return [];
  return [{ field: 'name', code: ApiCode.InverterNameLength, param: { max: INVERTER_NAME_MAX } }];
}

/**
 * Every failing field check of POST /api/inverter/add in the device's order: `serial` 4001,
 * `name` 4002 {max:31}. The 4003 check (all slots used) concerns no field and is the server's.
 */
export function inverterAddProblems(
  data: InverterAddRequest,
  otherSerials: readonly bigint[] = [],
): FieldProblem[] {
  return [...inverterSerialProblems(data.serial, otherSerials), ...nameProblems(data.name)];
}

/**
 * The SPEC_STRICTER checks of one edited channel (1005 with the bound as `limit`): a field of
 * `channel.<index>.<key>` per failing value, or `channel.<index>` itself when it is no object.
 */
function channelProblems(entry: unknown, index: number): FieldProblem[] {
  const code = ApiCode.GenericValueMissing;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return [{ field: `channel.${index}`, code }];
  }
  const channel = entry as Record<string, unknown>;
  // Absent fields take their defaults (name '', numbers 0); present ones must fit.
  const failing = Object.keys(CHANNEL_CHECKS).filter((key) => {
    const value = channel[key];
    return value !== undefined && !CHANNEL_CHECKS[key]?.(value);
  });
  // The orientation (HelioDTU extension) is a pair: one without the other is missing.
  const unpaired = ORIENTATION_KEYS.filter(
    (key, i) =>
      !isNumber(channel[key]) &&
      isNumber(channel[ORIENTATION_KEYS[1 - i] ?? key]) &&
      !failing.includes(key),
  );
  return [...failing, ...unpaired].map((key) => {
    const limit = CHANNEL_LIMITS[key];
    const field = `channel.${index}.${key}`;
    return limit ? { field, code, limit } : { field, code };
  });
}

const ORIENTATION_KEYS = ['azimuth', 'tilt'] as const;

/** A whole number of degrees in `range`, or null (unset). */
const degreesOrNull = (range: { min: number; max: number }) => (value: unknown) =>
  value === null ||
  (isNumber(value) && Number.isInteger(value) && value >= range.min && value <= range.max);

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const CHANNEL_CHECKS: Record<string, (value: unknown) => boolean> = {
  name: (value) => typeof value === 'string' && value.length <= CHANNEL_NAME_MAX,
  max_power: (value) =>
    isNumber(value) &&
    Number.isInteger(value) &&
    value >= CHANNEL_MAX_POWER.min &&
    value <= CHANNEL_MAX_POWER.max,
  yield_total_offset: (value) => isNumber(value) && value >= YIELD_TOTAL_OFFSET_MIN,
  azimuth: degreesOrNull(STRING_AZIMUTH),
  tilt: degreesOrNull(STRING_TILT),
};

/** Reachable threshold: absent or null means the default; otherwise a whole number 1..100. */
const validThreshold = (value: unknown) =>
  value === undefined ||
  value === null ||
  (isNumber(value) &&
    Number.isInteger(value) &&
    value >= REACHABLE_THRESHOLD.min &&
    value <= REACHABLE_THRESHOLD.max);

/**
 * Every failing check of POST /api/inverter/edit in the device's order: `id` 4005 (10 or more),
 * `serial` 4001 (against `otherSerials`, which must leave out the edited inverter's own), `name`
 * 4002 {max:31}, `channel` 4006 (none or more than 6), then the SPEC_STRICTER value checks
 * answered 1005: `reachable_threshold` 1..100 and each channel's fields (`channel.<i>.<key>`),
 * including the HelioDTU orientation: `azimuth` 0..359 and `tilt` 0..90, null, or absent, and
 * never one of them a number without the other.
 */
export function inverterEditProblems(
  data: InverterEditFields,
  otherSerials: readonly bigint[] = [],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (data.id >= MAX_INVERTERS) {
    problems.push({ field: 'id', code: ApiCode.InverterInvalidId });
  }
  problems.push(...inverterSerialProblems(data.serial, otherSerials), ...nameProblems(data.name));
  if (data.channel.length === 0 || data.channel.length > MAX_CHANNELS) {
    problems.push({ field: 'channel', code: ApiCode.InverterInvalidMaxChannel });
  }
  if (!validThreshold(data.reachable_threshold)) {
    const limit = { min: REACHABLE_THRESHOLD.min, max: REACHABLE_THRESHOLD.max };
    problems.push({ field: 'reachable_threshold', code: ApiCode.GenericValueMissing, limit });
  }
  data.channel.forEach((entry, index) => problems.push(...channelProblems(entry, index)));
  return problems;
}

import type {
  Hints,
  LiveInverterFull,
  LiveInverterPartial,
  LiveTotal,
} from '@heliodtu/contract/live-data';
import { liveKeyOf } from '@/lib/live-key';

/**
 * An inverter as the live view holds it: the common fields, channels once a full object came,
 * and behind a companion with several devices the id of the device it is on (issue 27).
 */
export type LiveInverter = LiveInverterPartial &
  Partial<Pick<LiveInverterFull, 'AC' | 'DC' | 'INV' | 'events'>>;

/** The live view's data: the shape of `/api/livedata/status`, inverters sorted by `order`. */
export interface LiveData {
  inverters: readonly LiveInverter[];
  total: LiveTotal;
  hints: Hints;
}

/** What one socket message or status answer may carry; checked loosely, merged field by field. */
export interface LiveUpdate {
  inverters: readonly LiveInverter[];
  total?: Partial<LiveTotal>;
  hints?: Partial<Hints>;
}

const EMPTY_VALUE = (u: string, d: number) => ({ v: 0, u, d });

/** Totals and hints before anything arrived. */
export const EMPTY_LIVE_DATA: LiveData = {
  inverters: [],
  total: {
    Power: EMPTY_VALUE('W', 0),
    YieldDay: EMPTY_VALUE('Wh', 0),
    YieldTotal: EMPTY_VALUE('kWh', 0),
  },
  hints: { time_sync: false, radio_problem: false, default_password: false },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInverter = (value: unknown): value is LiveInverter =>
  isRecord(value) && typeof value['serial'] === 'string' && value['serial'] !== '';

/**
 * Reads a socket frame or a status answer: an object with an `inverters` array. Entries without
 * a serial are dropped, as are `total` and `hints` that are not objects. Null for anything else
 * (the '{}' reconnect request never gets here, see reconnecting-socket.ts).
 */
export function parseLiveUpdate(value: unknown): LiveUpdate | null {
  if (!isRecord(value) || !Array.isArray(value['inverters'])) return null;
  const update: LiveUpdate = { inverters: value['inverters'].filter(isInverter) };
  if (isRecord(value['total'])) update.total = value['total'] as Partial<LiveTotal>;
  if (isRecord(value['hints'])) update.hints = value['hints'] as Partial<Hints>;
  return update;
}

/** The same, from the text of a socket frame; null when it is no JSON. */
export function parseLiveText(text: string): LiveUpdate | null {
  try {
    return parseLiveUpdate(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Inverters in display order: `order` ascending, ties in arrival order (OpenDTU sorts the same). */
export function sortByOrder(inverters: readonly LiveInverter[]): LiveInverter[] {
  return inverters
    .map((inverter, index) => ({ inverter, index }))
    .sort((a, b) => a.inverter.order - b.inverter.order || a.index - b.index)
    .map(({ inverter }) => inverter);
}

function mergeTop(current: LiveData, update: LiveUpdate): Pick<LiveData, 'total' | 'hints'> {
  return {
    total: update.total ? { ...current.total, ...update.total } : current.total,
    hints: update.hints ? { ...current.hints, ...update.hints } : current.hints,
  };
}

/**
 * Merges one socket message (wire-contract §4.2, architecture §6.5): each inverter into the entry
 * with the same serial, or appended when new; `total` and `hints` shallow-merged. Inverters the
 * message does not name keep their object, so narrow selectors skip re-rendering them.
 */
export function mergeLiveUpdate(current: LiveData | null, update: LiveUpdate): LiveData {
  const base = current ?? EMPTY_LIVE_DATA;
  if (update.inverters.length === 0) return { ...base, ...mergeTop(base, update) };
  const incoming = new Map(update.inverters.map((inverter) => [liveKeyOf(inverter), inverter]));
  const merged = base.inverters.map((old) => {
    const next = incoming.get(liveKeyOf(old));
    if (!next) return old;
    incoming.delete(liveKeyOf(old));
    return { ...old, ...next };
  });
  const added = [...incoming.values()];
  const orderChanged = update.inverters.some(
    (inverter) =>
      base.inverters.find((old) => liveKeyOf(old) === liveKeyOf(inverter))?.order !==
      inverter.order,
  );
  const inverters = [...merged, ...added];
  return {
    inverters: added.length > 0 || orderChanged ? sortByOrder(inverters) : inverters,
    ...mergeTop(base, update),
  };
}

/**
 * Applies a whole `/api/livedata/status` answer (first load, reload, polling): its inverters are
 * now the list (an inverter deleted meanwhile goes away), each merged onto what was known so a
 * partial answer keeps the channels it lacks.
 */
export function applyLiveSnapshot(current: LiveData | null, update: LiveUpdate): LiveData {
  const base = current ?? EMPTY_LIVE_DATA;
  const known = new Map(base.inverters.map((inverter) => [liveKeyOf(inverter), inverter]));
  const inverters = update.inverters.map((inverter) => {
    const old = known.get(liveKeyOf(inverter));
    return old ? { ...old, ...inverter } : inverter;
  });
  return { inverters: sortByOrder(inverters), ...mergeTop(base, update) };
}

/** Arrival time per live key: the update's inverters arrived at `at` (ms), the rest keep theirs. */
export function markReceived(
  previous: Readonly<Record<string, number>>,
  update: LiveUpdate,
  at: number,
): Record<string, number> {
  const next = { ...previous };
  for (const inverter of update.inverters) next[liveKeyOf(inverter)] = at;
  return next;
}

/** True once a full object (with channels) was merged for this inverter. */
export function hasChannels(
  inverter: LiveInverter,
): inverter is LiveInverter & Pick<LiveInverterFull, 'AC' | 'DC' | 'INV'> {
  return inverter.AC !== undefined && inverter.DC !== undefined && inverter.INV !== undefined;
}

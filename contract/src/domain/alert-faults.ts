import type { CommandStatus } from '../limit.js';
import { alertKey, subjectOf, type AlertCondition } from './alert-rules.js';

/**
 * The fault-like conditions of alerts (issue 28): commands that ended in Failure and event-log
 * entries of a fault class, from the table below (inverter-domain §4).
 */

/** A limit or power command that ended in Failure, until the next one succeeds. */
export function commandConditions(
  device: string,
  serial: string,
  status: { readonly limit: CommandStatus | null; readonly power: CommandStatus | null },
): AlertCondition[] {
  return (['limit', 'power'] as const)
    .filter((command) => status[command] === 'Failure')
    .map((command) => ({
      kind: 'command-failed',
      subject: subjectOf(device, { serial, command }),
    }));
}

//-- Event-log faults (inverter-domain §4.3)

export const EVENT_FAULT_CLASSES = [
  'grid-voltage',
  'grid-frequency',
  'islanding',
  'over-temperature',
  'insulation',
  'hardware',
] as const;
export type EventFaultClass = (typeof EVENT_FAULT_CLASSES)[number];

/**
 * Event-log message ids that are faults, by class. Ids that are operation (start, time
 * calibration, remote shutdown), input notes (PV-n: no input, shadow) or load reduction
 * functions are absent: they are not faults.
 */
export const EVENT_FAULT_TABLE: Readonly<Record<number, EventFaultClass>> = {
  11: 'grid-voltage', // Grid voltage surge
  12: 'grid-voltage', // Grid voltage sharp drop
  13: 'grid-frequency', // Grid frequency mutation
  14: 'grid-frequency', // Grid phase mutation
  15: 'grid-voltage', // Grid transient fluctuation
  141: 'grid-voltage', // Grid overvoltage
  142: 'grid-voltage', // 10 min value grid overvoltage
  143: 'grid-voltage', // Grid undervoltage
  144: 'grid-frequency', // Grid overfrequency
  145: 'grid-frequency', // Grid underfrequency
  146: 'grid-frequency', // Rapid grid frequency change rate
  147: 'islanding', // Power grid outage
  148: 'islanding', // Grid disconnection
  149: 'islanding', // Island detected
  152: 'grid-voltage', // Phase angle difference between two phases
  171: 'grid-voltage', // HMT: abnormal phase difference
  121: 'over-temperature', // Over temperature protection
  181: 'insulation', // Abnormal insulation impedance
  182: 'insulation', // Abnormal grounding
  3: 'hardware', // EEPROM reading and writing error
  36: 'hardware', // INV overvoltage or overcurrent
  46: 'hardware', // FB overvoltage
  47: 'hardware', // FB overcurrent
  48: 'hardware', // FB clamp overvoltage
  49: 'hardware', // FB clamp overvoltage
  61: 'hardware', // Calibration parameter error
  62: 'hardware', // System configuration parameter error
  125: 'hardware', // Grid configuration parameter error
  126: 'hardware', // Software error code 126
  127: 'hardware', // Firmware error
  128: 'hardware', // Hardware configuration error
  129: 'hardware', // Abnormal bias
  150: 'hardware', // DCI exceeded
};

export const eventFaultClass = (id: number): EventFaultClass | null =>
  EVENT_FAULT_TABLE[id] ?? null;

/** One entry of `/api/eventlog/status` (times in seconds since local midnight; end 0 = open). */
export interface EventEntry {
  readonly message_id: number;
  readonly start_time: number;
  readonly end_time: number;
}

/**
 * Fault entries of one inverter's event log as conditions. An entry still open holds; an entry
 * that already ended holds once (`announced` does not yet know it), so a two-second grid blip
 * still opens an alert and clears it after the hold-off. The caller adds the returned keys of
 * ended entries to `announced`.
 */
export function eventFaultConditions(
  device: string,
  serial: string,
  events: readonly EventEntry[],
  announced: ReadonlySet<string>,
): AlertCondition[] {
  const out: AlertCondition[] = [];
  for (const event of events) {
    if (eventFaultClass(event.message_id) === null) continue;
    const condition: AlertCondition = {
      kind: 'event-fault',
      subject: subjectOf(device, { serial, code: event.message_id }),
      instance: String(event.start_time),
    };
    if (event.end_time === 0 || !announced.has(alertKey(condition))) out.push(condition);
  }
  return out;
}

//-- Weak strings (the orientation-aware rule of weak-string-groups.ts)

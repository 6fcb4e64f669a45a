import type { Alert } from '@heliodtu/contract/alerts';
import { eventFaultClass, type EventFaultClass } from '@heliodtu/contract/domain/alert-faults';
import type { AlertRecord } from '../history/alert-rows.js';

/**
 * The gateway's English text of an alert: the line MQTT, the webhook and e-mail carry. The
 * interface has the same texts in en/de/fr in its catalogue (`alerts.kind.*`, web/src/locales).
 */

const FAULT_TEXT: Readonly<Record<EventFaultClass, string>> = {
  'grid-voltage': 'grid voltage',
  'grid-frequency': 'grid frequency',
  islanding: 'grid outage or islanding',
  'over-temperature': 'over-temperature',
  insulation: 'insulation or grounding',
  hardware: 'hardware or firmware error',
};

export interface AlertNames {
  /** Inverter name by serial. */
  inverter(serial: string): string;
  /** String name by serial and 0-based input. */
  string(serial: string, index: number): string;
}

export function englishText(
  alert: Pick<
    Alert,
    'kind' | 'name' | 'serial' | 'string' | 'string_name' | 'code' | 'fault' | 'command'
  >,
): string {
  const name = alert.name || alert.serial || 'The inverter';
  const stringLabel =
    alert.string === null
      ? ''
      : `${alert.string + 1}${alert.string_name ? ` (${alert.string_name})` : ''}`;
  switch (alert.kind) {
    case 'inverter-unreachable':
      return `${name} does not answer`;
    case 'inverter-silent':
      return `${name} produces nothing while the other inverters produce`;
    case 'weak-string':
      return `String ${stringLabel} of ${name} delivers far less than its neighbours`;
    case 'event-fault':
      return `${name} reported a fault: ${alert.fault ? FAULT_TEXT[alert.fault] : 'fault'} (event ${alert.code ?? '?'})`;
    case 'command-failed':
      return `The ${alert.command ?? ''} command to ${name} failed`;
    case 'device-away':
      return 'The OpenDTU device does not answer';
    case 'radio-missing':
      return 'The radio module is missing or not connected';
    case 'clock-unsynced':
      return 'The clock is not synchronised';
    case 'history-stopped':
      return 'History recording stopped: the disk is full';
    case 'meter-lost':
      return 'The grid meter gives no usable reading';
    case 'meter-implausible':
      return "The grid meter's readings cannot be right: check its sign setting";
    case 'control-unconfirmed':
      return `${name} did not confirm the limit export control sent: it is at its fallback limit`;
  }
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A stored alert as the wire shows it, with today's names. */
export function wireAlert(record: AlertRecord, names: AlertNames): Alert {
  const base = {
    id: record.id,
    kind: record.kind,
    device: record.device,
    serial: record.serial,
    name: record.serial === null ? '' : names.inverter(record.serial),
    string: record.string,
    string_name:
      record.serial === null || record.string === null
        ? ''
        : names.string(record.serial, record.string),
    code: record.code,
    fault: record.code === null ? null : eventFaultClass(record.code),
    command: record.command,
    first_seen: seconds(record.firstSeen),
    opened: seconds(record.opened),
    cleared: record.cleared === null ? null : seconds(record.cleared),
  };
  return { ...base, text: englishText(base) };
}

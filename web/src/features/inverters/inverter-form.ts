import type { Inverter, InverterEditRequest } from '@heliodtu/contract/inverter';
import {
  classifySerialInput,
  serialFieldValue,
  type SerialInputKind,
} from '@heliodtu/contract/domain/serial';
import { parseSerialHex } from '@heliodtu/contract/domain/serial-hex';
import {
  inverterAddProblems,
  inverterEditProblems,
  inverterSerialProblems,
} from '@heliodtu/contract/rules/inverter-rules';
import type { FieldMessage } from '@/components/form/field-message';

export interface AddForm {
  /** What the user typed, upper-cased; a HERF label stays as typed and is converted on send. */
  serial: string;
  name: string;
}

export const EMPTY_ADD_FORM: AddForm = { serial: '', name: '' };

/** The serial the gateway gets: HERF labels converted, the rest upper-cased (spec §5). */
export function serialToSend(text: string): string {
  return serialFieldValue(classifySerialInput(text), text);
}

/** The i18n key of the live feedback under a serial input, or null for an empty input. */
export function serialFeedbackKey(kind: SerialInputKind['kind']) {
  switch (kind) {
    case 'empty':
      return null;
    case 'native':
      return 'inputserial.format_hoymiles' as const;
    case 'converted':
      return 'inputserial.format_converted' as const;
    case 'herf':
      return 'inputserial.format_herf_valid' as const;
    case 'herf-invalid-checksum':
      return 'inputserial.format_herf_invalid' as const;
    case 'unknown':
      return 'inputserial.format_unknown' as const;
  }
}

/**
 * Serial checks before anything is sent, most specific first. A serial already in the list
 * gets its own message: the gateway would refuse it with 4001, whose text speaks of a zero
 * serial. A HERF label with a wrong check, or an unknown text that is no usable hex serial,
 * is refused with the format feedback the input already shows. An unknown format that still
 * reads as a serial is allowed (a model family we do not know yet), as on the device.
 */
function serialProblems(text: string, others: readonly Inverter[]): FieldMessage[] {
  if (text.trim() === '') return [{ field: 'serial', key: 'validation.Required' }];
  const kind = classifySerialInput(text);
  if (kind.kind === 'herf-invalid-checksum') {
    return [{ field: 'serial', key: 'inputserial.format_herf_invalid' }];
  }
  const serial = parseSerialHex(serialToSend(text));
  const twin = others.find((inverter) => parseSerialHex(inverter.serial) === serial);
  if (twin && serial !== 0n) {
    return [{ field: 'serial', key: 'inverteradmin.SerialDuplicate', params: { name: twin.name } }];
  }
  const problems = inverterSerialProblems(serialToSend(text));
  if (problems.length > 0 && kind.kind === 'unknown') {
    return [{ field: 'serial', key: 'inputserial.format_unknown' }];
  }
  return problems;
}

/** Spec §5 add rules: serial (see above), name 1..31 (the gateway's 4002 text). */
export function validateAdd(values: AddForm, inverters: readonly Inverter[]): FieldMessage[] {
  const nameProblems = inverterAddProblems({ serial: '1', name: values.name }).filter(
    (problem) => problem.field === 'name',
  );
  return [...serialProblems(values.serial, inverters), ...nameProblems];
}

const NUMBER_FIELDS = ['max_power', 'yield_total_offset'] as const;

/** An emptied number input is NaN: "please enter a value" says more than a range. */
function missingNumbers(values: Inverter): FieldMessage[] {
  const missing: FieldMessage[] = [];
  if (Number.isNaN(values.reachable_threshold)) {
    missing.push({ field: 'reachable_threshold', key: 'validation.Required' });
  }
  values.channel.forEach((channel, index) => {
    for (const key of NUMBER_FIELDS) {
      if (Number.isNaN(channel[key])) {
        missing.push({ field: `channel.${index}.${key}`, key: 'validation.Required' });
      }
    }
  });
  return missing;
}

export type EditTabId = 'general' | 'string' | 'advanced';

const TAB_RANK: Record<EditTabId, number> = { general: 0, string: 1, advanced: 2 };
const ADVANCED = new Set([
  'reachable_threshold',
  'zero_runtime',
  'zero_day',
  'clear_eventlog',
  'yieldday_correction',
]);

/** The tab of the edit dialog that holds a field. */
export function tabOf(field: string): EditTabId {
  if (field.startsWith('channel')) return 'string';
  return ADVANCED.has(field) ? 'advanced' : 'general';
}

/**
 * Whether the gateway keeps string orientations (issue 23, a HelioDTU extension): ours lists
 * azimuth and tilt with every channel, a real OpenDTU device never does. The firmware build is
 * the device's own interface and never offers them.
 */
export function offersOrientation(channels: Inverter['channel']): boolean {
  return import.meta.env.MODE !== 'firmware' && channels.some((c) => 'azimuth' in c);
}

type Channel = Inverter['channel'][number];
const ORIENTATION = ['azimuth', 'tilt'] as const;

/**
 * A channel as sent: an unset (null) or emptied (NaN) azimuth or tilt is null; without the
 * extension neither is sent.
 */
function channelToSend(channel: Channel, withOrientation: boolean): Channel {
  const { azimuth, tilt, ...opendtu } = channel;
  if (!withOrientation) return opendtu;
  const orNull = (value: number | null | undefined) =>
    value === undefined || value === null || Number.isNaN(value) ? null : value;
  return { ...opendtu, azimuth: orNull(azimuth), tilt: orNull(tilt) };
}

/**
 * Spec §5 edit rules: the gateway's own checks (contract/rules) on the serial as it will be
 * sent, names up to 31, max power 0..65535, offset ≥ 0, threshold 1..100, azimuth 0..359 and
 * tilt 0..90 set together; serial, empty numbers and a half-set orientation get the clearer
 * messages above. The first message per field is the one shown.
 */
export function validateEdit(values: Inverter, inverters: readonly Inverter[]): FieldMessage[] {
  const others = inverters.filter((inverter) => inverter.id !== values.id);
  const sent = toEditRequest(values);
  const shared = inverterEditProblems(sent)
    .filter((problem) => problem.field !== 'serial')
    .map((problem): FieldMessage => {
      // An orientation field left empty while the other is set: say both belong together.
      const [, index, key] = problem.field.split('.');
      const half =
        ORIENTATION.some((k) => k === key) && sent.channel[Number(index)]?.[key as 'tilt'] === null;
      return half ? { field: problem.field, key: 'inverteradmin.StringOrientationPair' } : problem;
    });
  const problems = [...serialProblems(values.serial, others), ...missingNumbers(values), ...shared];
  // In the order the tabs show them, so "the first problem" is the first one a user meets.
  return problems.sort((a, b) => TAB_RANK[tabOf(a.field)] - TAB_RANK[tabOf(b.field)]);
}

/**
 * The whole object as listed, with the serial as it is stored (wire-contract §4.3) and the
 * orientation only where the gateway offers it.
 */
export function toEditRequest(values: Inverter): InverterEditRequest {
  const withOrientation = offersOrientation(values.channel);
  return {
    ...values,
    serial: serialToSend(values.serial),
    channel: values.channel.map((c) => channelToSend(c, withOrientation)),
  };
}

import { z } from 'zod';
import {
  AlertsConfigDataSchema,
  AlertsConfigSchema,
  AlertsResultSchema,
  AlertsStatusSchema,
  AlertsTestDataSchema,
} from '../alerts.js';
import {
  CompanionStatusSchema,
  DeviceAddRequestSchema,
  DeviceDeleteRequestSchema,
  DeviceEditRequestSchema,
  DeviceListSchema,
  DeviceOrderRequestSchema,
  DeviceTestRequestSchema,
  DeviceTestResultSchema,
} from '../companion.js';
import { ApiResultSchema } from '../envelope.js';
import {
  ExportControlConfigSchema,
  ExportControlSetSchema,
  ExportControlStatusSchema,
} from '../export-control.js';
import { PowerSettingsResultSchema } from '../grid-meter.js';
import { codesOf } from './operation.js';
import {
  HISTORY_CSV_COLUMNS,
  HISTORY_CSV_DEVICE_COLUMN,
  HistoryErrorSchema,
  HistoryExportQuerySchema,
} from '../history.js';
import type { OperationCatalogue, StatusDoc } from './operation.js';

/** Only one inverter (12 hex digits); an unknown one is a 400. */
const Serial = z.object({ serial: z.string().optional() });
const HISTORY_STATUSES: Readonly<Record<number, StatusDoc>> = {
  400: { description: 'A malformed or out-of-range parameter.', schema: HistoryErrorSchema },
  404: { description: 'This gateway records no history (e.g. a real OpenDTU device).' },
};
/** On a companion of several devices (issue 27): the device answered; all of them by default. */
const DeviceParam = {
  dtu: z.string().optional().meta({
    description:
      "On a companion: the id of the device whose history is answered (a removed device's too). Absent with several devices: all of them together (yields summed, every inverter with its `dtu`; with `serial`, the first device holding it; the CSV with a `device` column). Unknown: 400 `unknown_device`.",
    'x-heliodtu-extension': true,
  }),
};
const history = (summary: string, query?: z.ZodObject, description?: string) => ({
  area: 'history',
  summary,
  ...(description ? { description } : {}),
  guard: 'readonly' as const,
  query: (query ?? z.object({})).extend(DeviceParam),
  statuses: HISTORY_STATUSES,
  extension: true,
});

const describeDocument = (summary: string, type: string) => ({
  area: 'api-description',
  summary,
  guard: 'none' as const,
  raw: { type, description: summary },
  statuses: { 304: { description: 'Unchanged since the `If-None-Match` ETag.' } },
  extension: true,
});

/** The simulated gateway has no devices: code 20010. */
const NOT_A_COMPANION: StatusDoc = {
  description: 'Not a companion (the simulated gateway): code 20010.',
  schema: ApiResultSchema,
};

/** One POST of the Devices screen (issue 27): `data` JSON, an ApiResult with a companion code. */
function deviceRequest(action: string, summary: string, data: z.ZodType) {
  return {
    [`POST /api/companion/devices/${action}`]: {
      area: 'companion',
      summary,
      description:
        'A failed connection test answers code 20006 with the device problem in `message` (plain English) and `problem` (its stable code); nothing is saved then.',
      guard: 'admin' as const,
      data,
      response: DeviceTestResultSchema,
      codes: [...codesOf('Device'), 1006],
      statuses: { 404: NOT_A_COMPANION },
      extension: true,
    },
  };
}

/**
 * HelioDTU's own endpoints beside OpenDTU's (architecture §6.11): the energy history, the
 * companion's device status and this description. Times are epoch seconds (UTC), days the gateway's local calendar days.
 */
export const HELIODTU_OPERATIONS: OperationCatalogue = {
  'GET /api/history/range': history(
    'History range: first and last day, inverters, retention',
    undefined,
    'Cheap feature detection: a gateway without history answers 404.',
  ),
  'GET /api/history/day': history(
    'One local day in 5-minute buckets, fleet and per inverter',
    Serial.extend({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      strings: z.enum(['0', '1', 'false', 'true']).optional(),
    }),
    '`date` defaults to today; `strings=1` adds the DC inputs.',
  ),
  'GET /api/history/month': history(
    'Daily yields and peaks of one month',
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) }),
  ),
  'GET /api/history/year': history(
    'Monthly yields and peaks of one year',
    z.object({ year: z.string().regex(/^\d{4}$/) }),
  ),
  'GET /api/history/years': history('Yearly yields and peaks over the whole history'),
  'GET /api/history/export.csv': {
    ...history('Download history as CSV', HistoryExportQuerySchema),
    raw: {
      type: 'text/csv',
      description: `RFC 4180, UTF-8, CRLF. Columns: ${HISTORY_CSV_COLUMNS.bucket.join(', ')} (resolution=bucket) or ${HISTORY_CSV_COLUMNS.day.join(', ')} (resolution=day); on a companion of several devices a last column \`${HISTORY_CSV_DEVICE_COLUMN}\` with the device id.`,
    },
  },
  'GET /api/companion/status': {
    area: 'companion',
    summary: 'Whether this gateway is a companion, and the OpenDTU devices it stands in front of',
    description:
      'Address (without credentials), firmware, whether each device is reachable now and, when it cannot be used, why (`problem`: a stable code and one plain English line, never a credential), and whether its own login still uses the default password (`default_password`, from the hint in its live data; null until it sent any: the live data a companion serves carries the hint of its own login in `hints.default_password`, so the OpenDTU shape stays). The simulated gateway answers `companion: false` and no devices; a real OpenDTU device answers like any unknown path.',
    guard: 'readonly',
    response: CompanionStatusSchema,
    extension: true,
  },
  'GET /api/companion/devices': {
    area: 'companion',
    summary: "The companion's devices for the Devices screen, in the owner's order",
    description:
      'Issue 27. Each with its id, name, address, user, whether a password is stored (never the password) and where it comes from: `env` (DTU_URL, changed there) or `screen` (devices.json). The simulated gateway has no such list (404).',
    guard: 'admin',
    response: DeviceListSchema,
    statuses: { 404: NOT_A_COMPANION },
    extension: true,
  },
  ...deviceRequest(
    'test',
    'Connect to a device with the given address and login, saving nothing',
    DeviceTestRequestSchema,
  ),
  ...deviceRequest(
    'add',
    'Add a device: tested first, saved to devices.json and started at once when it answers',
    DeviceAddRequestSchema,
  ),
  ...deviceRequest(
    'edit',
    'Rename a Devices-screen device or change its address or login (an empty password keeps the stored one); tested first',
    DeviceEditRequestSchema,
  ),
  ...deviceRequest(
    'del',
    'Remove a Devices-screen device; its history stays readable',
    DeviceDeleteRequestSchema,
  ),
  ...deviceRequest(
    'order',
    'Set the order of all devices (every id once)',
    DeviceOrderRequestSchema,
  ),
  'GET /api/alerts/status': {
    area: 'alerts',
    summary: 'Open alerts and those cleared in the last 30 days',
    description:
      'Raised on the gateway from live data, the event log, command results, the clock, the radio and the history recorder (issue 28). An alert opens after its kind’s delay (an inverter not answering: 15 minutes of daylight) and clears once its condition has been gone for 10 minutes.',
    guard: 'readonly',
    response: AlertsStatusSchema,
    extension: true,
  },
  'GET /api/alerts/config': {
    area: 'alerts',
    summary: 'Alert delivery settings: webhook, e-mail, quiet hours, MQTT',
    description:
      'The webhook header value and the e-mail password are write-only: only whether one is set is answered.',
    guard: 'admin',
    response: AlertsConfigSchema,
    extension: true,
  },
  'POST /api/alerts/config': {
    area: 'alerts',
    summary: 'Save the alert delivery settings',
    description:
      "The whole settings in the form field `data`. `webhook.header_value` and `email.password` are kept when absent and replaced when sent ('' removes them). A refused field answers 400 with its dotted path.",
    guard: 'admin',
    data: AlertsConfigDataSchema,
    response: AlertsResultSchema,
    statuses: {
      400: {
        description: 'A field refused, or `data` missing or malformed (`field` = `data`).',
        schema: AlertsResultSchema,
      },
    },
    extension: true,
  },
  'POST /api/alerts/test': {
    area: 'alerts',
    summary: 'Send a test message through the webhook or by e-mail, with the saved settings',
    description:
      'Answers once the receiver (webhook) or the SMTP server (e-mail) answered, or the attempt failed: `ok` and one plain line. No retries.',
    guard: 'admin',
    data: AlertsTestDataSchema,
    response: AlertsResultSchema,
    statuses: {
      400: {
        description: 'The channel is not set up, or `data` missing or malformed.',
        schema: AlertsResultSchema,
      },
    },
    extension: true,
  },
  'GET /api/exportcontrol/status': {
    area: 'exportcontrol',
    summary:
      'What export control does now: state, grid power, each governed inverter, the last 15 minutes',
    description:
      'Readable like live data. Every inverter control governs is listed with its state (`paused_manual` while an owner’s limit pauses it, until `paused_until`), the limit asked and read back. Times are epoch ms of the gateway’s clock (device time on a simulated gateway).',
    guard: 'readonly',
    response: ExportControlStatusSchema,
    extension: true,
  },
  'GET /api/exportcontrol/config': {
    area: 'exportcontrol',
    summary: 'Export control settings: on/off, target, hysteresis, governed inverters',
    guard: 'admin',
    response: ExportControlConfigSchema,
    extension: true,
  },
  'POST /api/exportcontrol/config': {
    area: 'exportcontrol',
    summary: 'Save the export control settings',
    description:
      'The whole settings in the form field `data`, in force at once. A refused field (an unknown device or inverter, a lower limit above the upper one, an inverter listed twice) answers 400 with its dotted path and changes nothing. Control only ever sends temporary (non-persistent) absolute limits.',
    guard: 'admin',
    data: ExportControlConfigSchema,
    response: PowerSettingsResultSchema,
    statuses: {
      400: {
        description: 'A field refused, or `data` missing or malformed (`field` = `data`).',
        schema: PowerSettingsResultSchema,
      },
    },
    extension: true,
  },
  'POST /api/exportcontrol/set': {
    area: 'exportcontrol',
    summary: 'Switch export control on or off, or change its target (automations)',
    description:
      '`enabled`, `target_w` or both in the form field `data`; saved like the settings. Turning control off gives every governed inverter back the limit it had when control took it over.',
    guard: 'admin',
    data: ExportControlSetSchema,
    response: PowerSettingsResultSchema,
    statuses: {
      400: {
        description: '`data` missing, malformed, or with neither field.',
        schema: PowerSettingsResultSchema,
      },
    },
    extension: true,
  },
  'GET /api/openapi.json': describeDocument(
    'This REST API as an OpenAPI 3.1 document',
    'application/json',
  ),
  'GET /api/asyncapi.json': describeDocument(
    'The sockets and the MQTT topic tree as an AsyncAPI 3 document',
    'application/json',
  ),
  'GET /api/docs': describeDocument('A readable reference page of this API', 'text/html'),
};

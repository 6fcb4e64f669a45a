import { z } from 'zod';
import { ApiCode } from '../codes.js';
import { DeviceConfigRequestSchema } from '../device.js';
import { DtuConfigRequestSchema } from '../dtu.js';
import {
  InverterAddRequestSchema,
  InverterChannelEditSchema,
  InverterDeleteRequestSchema,
  InverterEditRequestSchema,
  InverterOrderRequestSchema,
} from '../inverter.js';
import { LimitConfigRequestSchema } from '../limit.js';
import { MqttConfigPostSchema } from '../mqtt.js';
import { LoggingConfigRequestSchema } from '../logging.js';
import { NetworkConfigRequestSchemaV26 } from '../network.js';
import { NtpConfigDataSchema, NtpTimeDataSchema } from '../ntp.js';
import { PowerConfigRequestSchema } from '../power.js';
import { SecurityConfigRequestSchema } from '../security.js';
import { OPENDTU_FILE_AND_SYSTEM_OPERATIONS } from './opendtu-file-operations.js';
import { SAVE_CODES, codesOf, type OperationCatalogue } from './operation.js';

/** The inverter serial as 12 hex digits, e.g. 116180123456 (wire-contract §1.1). */
const Inv = z.object({ inv: z.string() });

/**
 * OpenDTU's REST API (wire-contract §3), in its order. Responses of JSON endpoints come from
 * RESPONSE_SCHEMAS in endpoints.ts. Adding an endpoint: one entry here (or in the HelioDTU list).
 */
export const OPENDTU_OPERATIONS: OperationCatalogue = {
  'GET /api/security/authenticate': {
    area: 'security',
    summary: 'Check the admin credentials (login)',
    guard: 'admin',
  },
  'GET /api/security/config': {
    area: 'security',
    summary: 'Admin password (clear text) and allow_readonly',
    guard: 'admin',
  },
  'POST /api/security/config': {
    area: 'security',
    summary: 'Set the admin password and allow_readonly',
    guard: 'admin',
    data: SecurityConfigRequestSchema,
    codes: [...SAVE_CODES, ApiCode.SecurityPasswordLength],
  },
  'GET /api/livedata/status': {
    area: 'livedata',
    summary: 'Live data: every inverter (common fields), totals and hints',
    description:
      "Without `inv` one partial object per inverter; with `inv` that inverter's full object (channels and event count), or `inverters: []` when the serial is unknown. Only v26.3.30 sends `data_age_ms` per inverter and `hints.pin_mapping_issue`.",
    guard: 'readonly',
    query: Inv.partial(),
  },
  'GET /api/inverter/list': { area: 'inverter', summary: 'Configured inverters', guard: 'admin' },
  'POST /api/inverter/add': {
    area: 'inverter',
    summary: 'Add an inverter',
    guard: 'admin',
    data: InverterAddRequestSchema,
    codes: [4001, 4002, 4003, 4004, ApiCode.GenericWriteFailed],
  },
  'POST /api/inverter/edit': {
    area: 'inverter',
    summary: 'Change an inverter and its inputs',
    guard: 'admin',
    data: InverterEditRequestSchema.extend({ channel: z.array(InverterChannelEditSchema) }),
    codes: [4001, 4002, 4005, 4006, 4007, ApiCode.GenericWriteFailed],
  },
  'POST /api/inverter/del': {
    area: 'inverter',
    summary: 'Delete an inverter',
    guard: 'admin',
    data: InverterDeleteRequestSchema,
    codes: [4005, 4008, ApiCode.GenericWriteFailed],
  },
  'POST /api/inverter/order': {
    area: 'inverter',
    summary: 'Set the display order of the inverters',
    guard: 'admin',
    data: InverterOrderRequestSchema,
    codes: [4009, ApiCode.GenericWriteFailed],
  },
  'GET /api/inverter/stats_reset': {
    area: 'inverter',
    summary: "Reset an inverter's radio statistics",
    description: 'Answers `{}` when the serial is unknown.',
    guard: 'admin',
    query: Inv,
    codes: [ApiCode.InverterStatsResetted],
  },
  'GET /api/limit/status': {
    area: 'limit',
    summary: 'Power limit and command state per inverter serial',
    guard: 'readonly',
  },
  'POST /api/limit/config': {
    area: 'limit',
    summary: 'Send a power limit to an inverter',
    description:
      "`limit_type`: 0 = W non-persistent, 1 = % non-persistent; kept after a restart: **v24.11.7** 256 = W, 257 = %; **v26.3.30** 2 = W, 3 = %. Each generation refuses the other's persistent values and anything else with 5003.",
    guard: 'admin',
    data: LimitConfigRequestSchema,
    codes: [ApiCode.GenericSuccess, ...codesOf('Limit')],
  },
  'GET /api/power/status': {
    area: 'power',
    summary: 'Power command state per inverter serial',
    guard: 'readonly',
  },
  'POST /api/power/config': {
    area: 'power',
    summary: 'Switch an inverter on or off, or restart it',
    description: 'Send `{serial, power: true|false}` or `{serial, restart: true}`.',
    guard: 'admin',
    data: PowerConfigRequestSchema,
    codes: [ApiCode.GenericSuccess, ...codesOf('Power')],
  },
  'GET /api/devinfo/status': {
    area: 'devinfo',
    summary: 'Inverter hardware and firmware information',
    description: 'Answers `{}` when the serial is unknown. `pdl_supported` only on v26.3.30.',
    guard: 'readonly',
    query: Inv,
  },
  'GET /api/eventlog/status': {
    area: 'eventlog',
    summary: "An inverter's event log",
    description: 'Texts in `locale` (en, de, fr; others get English). `{}` for an unknown serial.',
    guard: 'readonly',
    query: Inv.extend({ locale: z.string().optional() }),
  },
  'GET /api/gridprofile/status': {
    area: 'gridprofile',
    summary: "An inverter's grid profile, decoded",
    guard: 'readonly',
    query: Inv,
  },
  'GET /api/gridprofile/rawdata': {
    area: 'gridprofile',
    summary: "An inverter's grid profile as raw bytes",
    guard: 'readonly',
    query: Inv,
  },
  'GET /api/dtu/config': { area: 'dtu', summary: 'DTU serial and radio settings', guard: 'admin' },
  'POST /api/dtu/config': {
    area: 'dtu',
    summary: 'Set the DTU serial and radio settings',
    guard: 'admin',
    data: DtuConfigRequestSchema,
    codes: [...SAVE_CODES, ...codesOf('Dtu')],
  },
  'GET /api/device/config': {
    area: 'device',
    summary: 'Pin mapping, display and LED settings',
    guard: 'admin',
  },
  'POST /api/device/config': {
    area: 'device',
    summary: 'Set the pin mapping, display and LED settings',
    guard: 'admin',
    data: DeviceConfigRequestSchema,
    codes: [...SAVE_CODES, ...codesOf('Hardware')],
  },
  'GET /api/network/status': { area: 'network', summary: 'Network state', guard: 'readonly' },
  'GET /api/network/config': { area: 'network', summary: 'Network settings', guard: 'admin' },
  'POST /api/network/config': {
    area: 'network',
    summary: 'Set the network settings',
    description:
      'Hostname, SSID and Wi-Fi password errors carry no `code`; read `message`. **v26.3.30** also reads `syslogenabled`, `sysloghostname` (1–128 characters while enabled, else 8007) and `syslogport` (1–65535, else 8008); a syslog field left out keeps its value. **v24.11.7** ignores them and has no 8007/8008.',
    guard: 'admin',
    data: NetworkConfigRequestSchemaV26,
    codes: [...SAVE_CODES, ...codesOf('Network')],
  },
  'GET /api/ntp/status': { area: 'ntp', summary: 'Time and sun state', guard: 'readonly' },
  'GET /api/ntp/config': { area: 'ntp', summary: 'Time server, zone and location', guard: 'admin' },
  'POST /api/ntp/config': {
    area: 'ntp',
    summary: 'Set the time server, zone and location',
    description:
      '**v24.11.7** stores `ntp_timezone` (the POSIX TZ) as sent. **v26.3.30** does not read `ntp_timezone` (it may be left out) and looks the POSIX TZ up by `ntp_timezone_descr` in `GET /api/ntp/zones` (a name not there: UTC). Send both.',
    guard: 'admin',
    data: NtpConfigDataSchema,
    codes: [...SAVE_CODES, 9001, 9002, 9003],
  },
  'GET /api/ntp/zones': {
    area: 'ntp',
    summary: 'Time zones: IANA name → POSIX TZ string (v26.3.30 only)',
    description:
      'The same table as `/zones.json`, gzip-encoded when the client accepts it. **v26.3.30** only; v24.11.7 has `/zones.json` alone.',
    guard: 'readonly',
    currentFirmwareOnly: true,
    statuses: { 304: { description: 'Unchanged since the `If-None-Match` ETag.' } },
  },
  'GET /api/ntp/time': { area: 'ntp', summary: 'Local wall time', guard: 'admin' },
  'POST /api/ntp/time': {
    area: 'ntp',
    summary: 'Set the clock by hand',
    guard: 'admin',
    data: NtpTimeDataSchema,
    codes: [9004, 9005, 9006, 9007, 9008, 9009, ApiCode.NtpTimeUpdated],
  },
  'GET /api/mqtt/status': { area: 'mqtt', summary: 'MQTT connection state', guard: 'readonly' },
  'GET /api/mqtt/config': { area: 'mqtt', summary: 'MQTT settings', guard: 'admin' },
  'POST /api/mqtt/config': {
    area: 'mqtt',
    summary: 'Set the MQTT settings',
    guard: 'admin',
    data: MqttConfigPostSchema,
    codes: [...SAVE_CODES, ...codesOf('Mqtt')],
  },
  'GET /api/system/status': {
    area: 'system',
    summary: 'Firmware, memory, tasks and radio state',
    description:
      '`git_hash` is the release: `v24.11.7` or `v26.3.30`. Only v26.3.30 sends `git_branch`; a client tells the generations apart by it.',
    guard: 'readonly',
  },
  'GET /api/logging/config': {
    area: 'logging',
    summary: 'Log levels: the default and one per module (v26.3.30 only)',
    description:
      "Levels are ESP-IDF's: 0 none, 1 error, 2 warning, 3 info, 4 debug, 5 verbose; a module at −1 inherits the default. Every module of the device is listed.",
    guard: 'admin',
    currentFirmwareOnly: true,
  },
  'POST /api/logging/config': {
    area: 'logging',
    summary: 'Set the log levels (v26.3.30 only)',
    description:
      'Send `{ "loglevel": { "default": n, "modules": [ { "name", "level" } ] } }`. Levels out of range are clamped (default 0..5, a module −1..5); unknown module names are dropped; modules left out keep their level.',
    guard: 'admin',
    currentFirmwareOnly: true,
    data: LoggingConfigRequestSchema,
    codes: SAVE_CODES,
  },
  ...OPENDTU_FILE_AND_SYSTEM_OPERATIONS,
};

import type { Operation } from './operation.js';

/** One line per API area: the tag descriptions of the OpenAPI document and the reference page. */
export const AREA_DESCRIPTIONS: Readonly<Record<string, string>> = {
  security: 'Login check, admin password and allow_readonly.',
  livedata: 'Live values of every inverter (also pushed on the /livedata socket).',
  inverter: 'The configured inverters.',
  limit: 'Active power limits.',
  power: 'Inverter on / off / restart.',
  devinfo: 'Inverter hardware and firmware.',
  eventlog: 'Inverter event logs.',
  gridprofile: 'Inverter grid profiles.',
  dtu: 'DTU serial and radio settings.',
  device: 'Pin mapping, display and LEDs.',
  network: 'Network state and settings.',
  ntp: 'Time, time zone and sun.',
  mqtt: 'MQTT state and settings (topics: see the AsyncAPI document).',
  system: 'Firmware, memory and tasks.',
  logging: 'Log levels per module (OpenDTU v26.3.30 only).',
  file: 'Backup, restore and factory reset.',
  firmware: 'Firmware upload.',
  maintenance: 'Restart.',
  i18n: 'Language packs.',
  prometheus: 'Metrics for Prometheus.',
  zones: 'Time zone table used by the settings screen.',
  history: 'Energy history (HelioDTU extension).',
  companion: 'The devices behind a companion gateway (HelioDTU extension).',
  exportcontrol:
    'Export control: grid power held at a target with temporary limits (HelioDTU extension).',
  'api-description': 'This description (HelioDTU extension).',
};

/** The markdown introduction of the OpenAPI document: conventions, auth and allow_readonly. */
export function openApiIntro(operations: readonly (readonly [string, Operation])[]): string {
  const publicWithReadonly = operations
    .filter(([, op]) => op.guard === 'readonly')
    .map(([key]) => `\`${key}\``)
    .join(', ');
  return [
    "The REST API of the HelioDTU gateway: OpenDTU's web API at tag v24.11.7, so clients written for an OpenDTU device work unchanged, plus HelioDTU's own endpoints (marked `x-heliodtu-extension`). The WebSocket messages and the MQTT topic tree are described in the AsyncAPI document at `/api/asyncapi.json`.",
    '**Requests.** POST bodies carry one form field `data` whose value is the request as JSON text (`application/x-www-form-urlencoded` or `multipart/form-data`); uploads are multipart. Unknown JSON fields are ignored. Serial numbers are strings of hex digits.',
    '**Answers.** JSON with HTTP 200. Every POST (and a few GETs) answers the result envelope `{type, message, code, param?}`: validation failures are HTTP 200 with `type: "warning"` and a `code` (schema `ResultCode` lists each code with its meaning; `param` carries `min`/`max` for range errors). 500 with code 1007 is an internal error. Unknown paths answer the web interface\'s index.html, as the device does; a companion answers an unknown path under `/api/` or `/dtu/{id}/api/` (one neither it nor the device has, such as `GET /api/ntp/zones` of a v24.11.7 device) with HTTP 404 and code 20013 instead, and serves the time zone table for every device at `/dtu/{id}/zones.json`.',
    "**Two firmware generations.** The simulated gateway speaks either OpenDTU v24.11.7 (the default) or v26.3.30 (`SIM_FIRMWARE=v26.3.30`), and so does a real device behind a companion. Operations only v26.3.30 serves are marked `x-opendtu-firmware: v26.3.30` (a v24.11.7 device answers them like any unknown path); fields only it sends are optional and say so. What differs: `limit_type` for limits kept after a restart (256/257 against 2/3), NTP's time zone taken from `ntp_timezone_descr` on v26, `GET /api/ntp/zones`, `git_branch`, `data_age_ms`, `hints.pin_mapping_issue`, `pdl_supported`, the syslog fields of the network settings, `/api/logging/config`, the result codes 7018, 8007 and 8008, and console lines in ESP-IDF's format (`I (123456) tag: text`). On v26.3.30 the /livedata and /console sockets ask for Digest when read-only access is off (Basic is refused there, as the device refuses it; our `auth` query parameter still works); see the AsyncAPI document.",
    `**Authentication.** HTTP Basic, user \`admin\`. Each operation states its guard in \`x-heliodtu-guard\`: \`none\` (public), \`admin\` (always credentials) or \`readonly\`. **allow_readonly** (security settings, on by default) makes the \`readonly\` operations public: ${publicWithReadonly}; the /livedata and /console sockets follow the same rule. With it off they need the admin credentials like every other operation.`,
  ].join('\n\n');
}

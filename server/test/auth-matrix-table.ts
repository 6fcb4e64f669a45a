import { DEFAULT_EXPORT_CONTROL_CONFIG } from '../src/export-control/export-control-settings.js';
import type { TestGateway } from './helpers/build-test-app.js';

/**
 * Wire-contract §2.1 as a table for auth-matrix.test.ts: one line per endpoint with its guard and
 * a request that, once past the guard, is answered without a restart or a lasting change.
 */

export type Guard = 'none' | 'readonly' | 'admin';
export interface Context {
  gw: TestGateway;
  readonly: boolean;
}
export interface Row {
  method: 'GET' | 'POST' | 'WS';
  path: string;
  guard: Guard;
  /** Status of an allowed request (default 200; 101 for an accepted socket upgrade). */
  status?: number;
  /** POST `data` (sent as multipart form data). */
  data?: (ctx: Context) => unknown;
  /** A whole POST body instead of `data` (uploads). */
  body?: () => FormData;
  /** Served by the SPA fallback or static files, so not a registered route. */
  fallback?: boolean;
}

type More = Omit<Row, 'method' | 'path' | 'guard'>;
const get = (path: string, guard: Guard, more: More = {}): Row => ({
  method: 'GET',
  path,
  guard,
  ...more,
});
const ws = (path: string, guard: Guard): Row => ({ method: 'WS', path, guard, status: 101 });
const post = (path: string, guard: Guard, data: Row['data'], more: More = {}): Row => ({
  method: 'POST',
  path,
  guard,
  ...(data ? { data } : {}),
  ...more,
});
const fallback = { fallback: true };

/** Post back what the GET answers: valid, and changes nothing. */
const echo =
  (getPath: string) =>
  async ({ gw }: Context) =>
    gw.get(getPath);
let addedSerial = 0x116180000100;
/** Each add a new serial; the test counts the inverters only the admin's adds created. */
const addInverter = () => ({ serial: (addedSerial++).toString(16), name: 'Matrix' });
const editSlot9 = () => ({ id: 9, serial: '116180000009', name: 'Edited', channel: [{}] });
const deviceConfig = async ({ gw }: Context) => ({
  ...((await gw.get('/api/device/config')) as object),
  curPin: { name: 'Default' },
});
const uploadWithoutTarget = () => {
  const form = new FormData();
  form.append('config', new Blob(['{}']), 'config');
  return form;
};
const INV = '?inv=116180000009';

export const TABLE: Row[] = [
  get('/api/i18n/languages', 'none'),
  get('/api/i18n/language?code=xx', 'none'),
  get('/zones.json', 'none'),
  // The API description (issue 16): describes the API, never this gateway's settings or data.
  get('/api/openapi.json', 'none'),
  get('/api/asyncapi.json', 'none'),
  get('/api/docs', 'none'),
  get('/', 'none', fallback),
  get('/index.html', 'none', fallback),
  get('/js/app.js', 'none', fallback),
  get('/favicon.ico', 'none', fallback),
  get('/site.webmanifest', 'none', fallback),
  get('/api/no/such/endpoint', 'none', fallback),
  post('/api/no/such/endpoint', 'none', undefined, fallback),
  get('/api/livedata/status', 'readonly'),
  get('/api/system/status', 'readonly'),
  get('/api/network/status', 'readonly'),
  get('/api/ntp/status', 'readonly'),
  get('/api/mqtt/status', 'readonly'),
  get(`/api/devinfo/status${INV}`, 'readonly'),
  get(`/api/eventlog/status${INV}`, 'readonly'),
  get(`/api/gridprofile/status${INV}`, 'readonly'),
  get(`/api/gridprofile/rawdata${INV}`, 'readonly'),
  get('/api/limit/status', 'readonly'),
  get('/api/power/status', 'readonly'),
  get('/api/prometheus/metrics', 'readonly'),
  // Energy history (issue 14), readable like live data.
  get('/api/history/range', 'readonly'),
  get('/api/history/day?date=2025-06-21', 'readonly'),
  get('/api/history/month?month=2025-06', 'readonly'),
  get('/api/history/year?year=2025', 'readonly'),
  get('/api/history/years', 'readonly'),
  get('/api/history/export.csv?from=2025-06-21&to=2025-06-21', 'readonly'),
  // The devices behind a companion (issue 24); not found on the simulated gateway.
  get('/api/companion/status', 'readonly'),
  // The Devices screen's requests (issue 27): admin; the simulated gateway answers 404.
  get('/api/companion/devices', 'admin', { status: 404 }),
  ...(['test', 'add', 'edit', 'del', 'order'] as const).map((action) =>
    post(`/api/companion/devices/${action}`, 'admin', () => ({}), { status: 404 }),
  ),
  // Alerts (issue 28): the status like live data, settings and test for the admin.
  get('/api/alerts/status', 'readonly'),
  get('/api/alerts/config', 'admin'),
  post('/api/alerts/config', 'admin', () => ({
    webhook: { enabled: false, url: '', header_name: '' },
    email: {
      enabled: false,
      host: '',
      port: 587,
      security: 'starttls',
      user: '',
      from: '',
      to: '',
      digest: false,
    },
    quiet_hours: { enabled: false, start: '22:00', end: '07:00' },
    mqtt: { enabled: true },
  })),
  // Nothing is set up: refused with 400 (and nothing sent) once past the guard.
  post('/api/alerts/test', 'admin', () => ({ channel: 'webhook' }), { status: 400 }),
  // The grid meter (issue 35): the status like live data, settings and a reading for the admin.
  get('/api/gridmeter/status', 'readonly'),
  get('/api/gridmeter/config', 'admin'),
  post('/api/gridmeter/config', 'admin', () => ({
    source: 'none',
    invert_sign: false,
    stale_after_s: 30,
    mqtt: { topics: [], json_path: '' },
    http: { url: '', json_path: '', auth: 'none', username: '', interval_s: 5 },
    broker: { url: '', username: '' },
  })),
  post('/api/gridmeter/read', 'admin', () => ({})),
  // Export control (issue 35): the status like live data, settings and switch for the admin.
  get('/api/exportcontrol/status', 'readonly'),
  get('/api/exportcontrol/config', 'admin'),
  post('/api/exportcontrol/config', 'admin', () => DEFAULT_EXPORT_CONTROL_CONFIG),
  post('/api/exportcontrol/set', 'admin', () => ({ target_w: 0 })),
  // The sockets follow the read-only guard: our fix of the firmware's ineffective one (contract ws.ts).
  ws('/livedata', 'readonly'),
  ws('/console', 'readonly'),
  get('/api/security/authenticate', 'admin'),
  get('/api/security/config', 'admin'),
  post('/api/security/config', 'admin', ({ readonly }) => ({
    password: 'openDTU42',
    allow_readonly: readonly,
  })),
  get('/api/device/config', 'admin'),
  post('/api/device/config', 'admin', deviceConfig),
  get('/api/dtu/config', 'admin'),
  post('/api/dtu/config', 'admin', echo('/api/dtu/config')),
  get('/api/mqtt/config', 'admin'),
  post('/api/mqtt/config', 'admin', echo('/api/mqtt/config')),
  get('/api/network/config', 'admin'),
  post('/api/network/config', 'admin', echo('/api/network/config')),
  get('/api/ntp/config', 'admin'),
  post('/api/ntp/config', 'admin', echo('/api/ntp/config')),
  get('/api/ntp/time', 'admin'),
  post('/api/ntp/time', 'admin', () => ({
    year: 2030,
    month: 6,
    day: 1,
    hour: 12,
    minute: 0,
    second: 0,
  })),
  get('/api/inverter/list', 'admin'),
  post('/api/inverter/add', 'admin', addInverter),
  post('/api/inverter/edit', 'admin', editSlot9),
  post('/api/inverter/del', 'admin', () => ({ id: 8 })),
  post('/api/inverter/order', 'admin', () => ({ order: [9] })),
  get(`/api/inverter/stats_reset${INV}`, 'admin'),
  post('/api/limit/config', 'admin', () => ({
    serial: '116180000009',
    limit_value: 50,
    limit_type: 1,
  })),
  post('/api/power/config', 'admin', () => ({ serial: '116180000009', power: true })),
  post('/api/maintenance/reboot', 'admin', () => ({ reboot: false })),
  get('/api/file/list', 'admin'),
  get('/api/file/get?file=config.json', 'admin'),
  // An unknown file: 404 once past the guard, nothing deleted.
  post('/api/file/delete', 'admin', () => ({ file: 'no-such-file.txt' }), { status: 404 }),
  post('/api/file/delete_all', 'admin', () => ({ delete: false })),
  // Without ?file= the upload is refused (500 with the reason) and nothing restarts.
  post('/api/file/upload', 'admin', undefined, { status: 500, body: uploadWithoutTarget }),
  // No firmware part: refused with 500, nothing restarts.
  post('/api/firmware/update', 'admin', undefined, { status: 500, body: () => new FormData() }),
];

/** "METHOD /path" a row is registered under (sockets are GET routes). */
export const routeKey = (row: Row) =>
  `${row.method === 'WS' ? 'GET' : row.method} ${row.path.split('?')[0]}`;

/** "METHOD /path" of every route in Fastify's printRoutes tree (HEAD left out). */
export function routesOfTree(tree: string): Set<string> {
  const routes = new Set<string>();
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes[depth] = full;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.add(`${method} ${full}`);
    }
  }
  return routes;
}

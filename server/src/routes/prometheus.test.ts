import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { AC_FIELDS, DC_FIELDS, INV_FIELDS } from '@heliodtu/contract/live-data';
import { formatPrometheusMetrics, type PrometheusInverter } from '../metrics/prometheus.js';
import { basicAuth, buildTestGateway } from '../../test/helpers/build-test-app.js';

const PROMTOOL = '/usr/bin/promtool';

/** Lint findings promtool reports for the device's own names, kept for dashboard compatibility. */
const ACCEPTED_LINT = [
  / metric names should be written in 'snake_case' not 'camelCase'$/,
  / no help text$/,
  / counter metrics should have "_total" suffix$/,
];

/** `promtool check metrics` on `text`: exit code and the lines it printed. */
function promtoolCheck(text: string): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines: output.split('\n').filter(Boolean) }));
    child.stdin.end(text);
  });
}

/**
 * Valid exposition text: promtool parses it (exit 0, or 3 = lint findings only) and every
 * finding is one the device's names cause. Exit 1 would be a parse error.
 */
async function expectValidExposition(text: string): Promise<string[]> {
  const { code, lines } = await promtoolCheck(text);
  expect(lines.filter((line) => !ACCEPTED_LINT.some((lint) => lint.test(line)))).toEqual([]);
  expect([0, 3]).toContain(code);
  return lines;
}

const value = (spec: { u: string; d: number }, v: number) => ({ v, u: spec.u, d: spec.d });

function fixtureInverter(serial: string, name: string, inputs: number): PrometheusInverter {
  const dc = (i: number) => ({
    name: { u: `String ${i + 1}` },
    Power: value(DC_FIELDS.Power, 100 + i),
    Voltage: value(DC_FIELDS.Voltage, 32.1),
    Current: value(DC_FIELDS.Current, 3.15),
    YieldDay: value(DC_FIELDS.YieldDay, 500),
    YieldTotal: value(DC_FIELDS.YieldTotal, 321.5),
    Irradiation: { ...value(DC_FIELDS.Irradiation, 24.39), max: 410 },
  });
  return {
    serial,
    name,
    lastUpdate: 3600,
    limitRelative: 80,
    limitAbsolute: 640,
    strings: Array.from({ length: inputs }, () => ({
      name: 'x',
      max_power: 410,
      yield_total_offset: 1.5,
    })),
    channels: {
      AC: {
        '0': {
          Power: value(AC_FIELDS.Power, 190),
          Voltage: value(AC_FIELDS.Voltage, 230.1),
          Current: value(AC_FIELDS.Current, 0.83),
          Frequency: value(AC_FIELDS.Frequency, 49.98),
          PowerFactor: value(AC_FIELDS.PowerFactor, 1),
          ReactivePower: value(AC_FIELDS.ReactivePower, 0.4),
        },
      },
      DC: Object.fromEntries(Array.from({ length: inputs }, (_, i) => [String(i), dc(i)])),
      INV: {
        '0': {
          'Power DC': value(INV_FIELDS['Power DC'], 201),
          YieldDay: value(INV_FIELDS.YieldDay, 1000),
          YieldTotal: value(INV_FIELDS.YieldTotal, 643),
          Temperature: value(INV_FIELDS.Temperature, 30.2),
          Efficiency: value(INV_FIELDS.Efficiency, 94.5),
        },
      },
    },
  };
}

describe('GET /api/prometheus/metrics', () => {
  it('answers text/plain, no-cache, with the DTU block first', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('GET', '/api/prometheus/metrics', { auth: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = await response.text();
    const hostname = `OpenDTU-${gw.app.system.chipId.toString(16).toUpperCase().padStart(6, '0')}`;
    expect(text.split('\n').slice(0, 3)).toEqual([
      '# HELP opendtu_build Build info',
      '# TYPE opendtu_build gauge',
      `opendtu_build{name="${hostname}",id="v24.11.7",version="0.1.29"} 1`,
    ]);
    expect(text).toMatch(
      /^opendtu_platform\{arch="ESP32-D0WD-V3",mac="([0-9A-F]{2}:){5}[0-9A-F]{2}"\} 1$/m,
    );
    expect(text).toMatch(/^opendtu_uptime \d+$/m);
    expect(text).toMatch(/^opendtu_heap_size [1-9]\d*$/m);
    expect(text).toMatch(/^opendtu_heap_min_free \d+$/m);
    expect(text).toMatch(/^wifi_rssi -\d+$/m);
    expect(text).toMatch(/^wifi_station\{bssid="([0-9A-F]{2}:){5}[0-9A-F]{2}"\} 1$/m);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('passes promtool check metrics on the real output', async () => {
    const gw = await buildTestGateway();
    const text = await (await gw.request('GET', '/api/prometheus/metrics')).text();
    const lines = await expectValidExposition(text);
    // The device's uptime is a counter without _total: promtool says so, and that is all.
    expect(lines).toEqual(['opendtu_uptime counter metrics should have "_total" suffix']);
  });

  it('passes promtool check metrics for a fleet, interleaved families and untyped fields included', async () => {
    const text = formatPrometheusMetrics(
      {
        hostname: 'OpenDTU-ABCDEF',
        firmwareVersion: 'v24.11.7',
        configVersion: '0.1.29',
        chipModel: 'ESP32-D0WD-V3',
        mac: '24:0A:C4:AB:CD:EF',
        uptimeSeconds: 3700,
        heapSize: 300000,
        freeHeap: 120000,
        biggestHeapBlock: 100000,
        heapMinFree: 90000,
        wifiRssi: -60,
        bssid: 'AA:BB:CC:DD:EE:FF',
      },
      [
        fixtureInverter('116412345678', 'Balcony', 2),
        fixtureInverter('138212345678', 'Garage "B"', 4),
        { ...fixtureInverter('138312345678', 'Roof', 6), channels: null, limitAbsolute: -1 },
      ],
    );
    const lines = await expectValidExposition(text);
    expect(lines).toContain('opendtu_YieldDay no help text');
  });

  it('the promtool check fails on broken text, so it can catch a regression', async () => {
    const { code } = await promtoolCheck('opendtu_x{name="a"b"} 1\n');
    expect(code).toBe(1);
  });

  it('reports the demo fleet: three inverters, their strings and fields, valid for promtool', async () => {
    const gw = await buildTestGateway({
      simFleet: 'demo',
      simStart: '2025-06-21T12:00:00',
      simSpeed: 10,
    });
    let text = '';
    const allReported = (t: string) =>
      [0, 1, 2].every(
        (u) => t.includes(`unit="${u}",name`) && new RegExp(`unit="${u}".*type="INV"`).test(t),
      );
    for (let attempt = 0; attempt < 70 && !allReported(text); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      text = await (await gw.request('GET', '/api/prometheus/metrics', { auth: null })).text();
    }
    const serials = gw.app.device.inverterSerials();
    expect(serials).toHaveLength(3);
    serials.forEach((serial, unit) => {
      expect(text).toMatch(
        new RegExp(
          `^opendtu_last_update\\{serial="${serial}",unit="${unit}",name="[^"]+"\\} [1-9]\\d*$`,
          'm',
        ),
      );
    });
    // HM-800 2, HMS-2000-4T 4, HMT-2250-6T 6 inputs.
    expect(text.match(/^opendtu_PanelInfo\{/gm)).toHaveLength(12);
    expect(text.match(/^opendtu_Irradiation\{/gm)).toHaveLength(12);
    expect(text.match(/^opendtu_PowerDC\{/gm)).toHaveLength(3);
    // Each field with its own decimals.
    expect(text).toMatch(/^opendtu_Power\{[^}]*type="AC",channel="0"\} \d+\.\d$/m);
    expect(text).toMatch(/^opendtu_Frequency\{[^}]*\} \d+\.\d{2}$/m);
    expect(text).toMatch(/^opendtu_PowerFactor\{[^}]*\} \d\.\d{3}$/m);
    expect(text).toMatch(/^opendtu_YieldDay\{[^}]*type="DC"[^}]*\} \d+$/m);
    expect(text).toMatch(/^opendtu_YieldTotal\{[^}]*type="INV"[^}]*\} \d+\.\d{3}$/m);
    expect(text).toMatch(/^opendtu_inverter_limit_relative\{[^}]*unit="0"[^}]*\} \d\.\d{6}$/m);
    expect(text.match(/^# TYPE opendtu_Power gauge$/gm)).toHaveLength(1);
    await expectValidExposition(text);
  }, 40_000);

  it('is open while allow_readonly is on, admin-only when it is off', async () => {
    const gw = await buildTestGateway();
    const open = await gw.request('GET', '/api/prometheus/metrics', { auth: null });
    expect(open.status).toBe(200);
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = false;
    });
    const anonymous = await gw.request('GET', '/api/prometheus/metrics', { auth: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('');
    const wrong = await gw.request('GET', '/api/prometheus/metrics', {
      auth: basicAuth('wrong-password'),
    });
    expect(wrong.status).toBe(401);
    const admin = await gw.request('GET', '/api/prometheus/metrics');
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('# TYPE opendtu_build gauge');
  });

  it('answers only GET', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', '/api/prometheus/metrics', { body: 'x' });
    expect(response.status).not.toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import type { ExportControlConfig } from '@heliodtu/contract/export-control';
import { DEFAULT_EXPORT_CONTROL_CONFIG } from '../src/export-control/export-control-settings.js';
import { basicAuth } from './helpers/build-test-app.js';
import { exportControlGateway } from './helpers/export-control-gateway.js';
import { spyControl, type SpyControl } from './helpers/export-control-spy.js';
import { HM_SERIAL, HMS_SERIAL } from './helpers/live-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 35: the export control routes, the plugin's life cycle and the manual-limit hook of the
// simulated gateway, over a controller that records what it is asked (the controller's own
// decisions are tested with it, in export-control-process.test.ts).

async function gateway(spy: SpyControl = spyControl()) {
  return { ...(await exportControlGateway(spy.options)), spy };
}

const governing = (overrides: Partial<ExportControlConfig> = {}): ExportControlConfig => ({
  ...DEFAULT_EXPORT_CONTROL_CONFIG,
  enabled: true,
  inverters: [
    {
      device: 'local',
      serial: HM_SERIAL,
      lower_w: 50,
      upper_w: 800,
      fallback_w: null,
      restore_w: null,
    },
  ],
  ...overrides,
});

describe('the export control routes', () => {
  it('saves valid settings, in force at once, and answers them back', async () => {
    const gw = await gateway();
    const saved = await gw.request('POST', '/api/exportcontrol/config', governing());
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ok: true, field: '', message: 'Settings saved.' });
    expect(JSON.parse((await gw.file())!)).toEqual(governing());
    expect(gw.spy.calls.reload).toBe(1);
    const read = await gw.request('GET', '/api/exportcontrol/config');
    expect(await read.json()).toEqual(governing());
  });

  it('refuses bad input with the field and a plain line, and changes nothing', async () => {
    const gw = await gateway();
    await gw.request('POST', '/api/exportcontrol/config', governing({ target_w: 30 }));
    const before = await gw.file();
    const inverter = governing().inverters[0]!;
    const cases: [unknown, string, RegExp][] = [
      ['{not json', 'data', /missing, not JSON/],
      [{ ...governing(), hysteresis_w: -5 }, 'data', /expected shape/],
      [
        governing({ inverters: [{ ...inverter, device: 'garage' }] }),
        'inverters.0.device',
        /no device garage/,
      ],
      [
        governing({ inverters: [{ ...inverter, serial: '999999999999' }] }),
        'inverters.0.serial',
        /no inverter 999999999999/,
      ],
      [
        governing({ inverters: [{ ...inverter, lower_w: 900 }] }),
        'inverters.0.lower_w',
        /above the upper/,
      ],
      [governing({ inverters: [inverter, { ...inverter }] }), 'inverters.1.serial', /twice/],
      [governing({ inverters: [{ ...inverter, upper_w: 5000 }] }), 'inverters.0.upper_w', /2250 W/],
    ];
    for (const [data, field, message] of cases) {
      const answer = await gw.request('POST', '/api/exportcontrol/config', data);
      expect(answer.status, field).toBe(400);
      expect(await answer.json()).toMatchObject({
        ok: false,
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await gw.file()).toBe(before);
    expect(gw.spy.calls.reload).toBe(1);
    const noData = await gw.request('POST', '/api/exportcontrol/config');
    expect(noData.status).toBe(400);
    expect(await gw.file()).toBe(before);
  });

  it('switches on/off and the target for automations; neither is refused', async () => {
    const gw = await gateway();
    const on = await gw.request('POST', '/api/exportcontrol/set', { enabled: true, target_w: -50 });
    expect(await on.json()).toMatchObject({ ok: true });
    expect(gw.spy.calls.set).toEqual([{ enabled: true, target_w: -50 }]);
    expect(JSON.parse((await gw.file())!)).toMatchObject({ enabled: true, target_w: -50 });
    const neither = await gw.request('POST', '/api/exportcontrol/set', {});
    expect(neither.status).toBe(400);
    const outOfRange = await gw.request('POST', '/api/exportcontrol/set', { target_w: 20_000 });
    expect(outOfRange.status).toBe(400);
    expect(gw.spy.calls.set).toHaveLength(1);
  });

  it('needs the admin login for the settings and the switch; the status is read like live data', async () => {
    const gw = await gateway();
    const wrong = basicAuth('wrong-password');
    for (const [method, urlPath] of [
      ['GET', '/api/exportcontrol/config'],
      ['POST', '/api/exportcontrol/config'],
      ['POST', '/api/exportcontrol/set'],
    ] as const) {
      const data = method === 'POST' ? governing() : undefined;
      expect((await gw.request(method, urlPath, data, '')).status, urlPath).toBe(401);
      expect((await gw.request(method, urlPath, data, wrong)).status, urlPath).toBe(401);
    }
    expect(await gw.file()).toBeNull();
    expect(gw.spy.calls.set).toEqual([]);
    // allow_readonly is on by default: anyone reads the status, as live data.
    const open = await gw.request('GET', '/api/exportcontrol/status', undefined, '');
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ enabled: false, state: 'off' });
    const locked = await gw.request('POST', '/api/security/config', {
      password: 'openDTU42',
      allow_readonly: false,
    });
    expect(await locked.json()).toMatchObject({ code: 1001 });
    expect((await gw.request('GET', '/api/exportcontrol/status', undefined, '')).status).toBe(401);
    expect((await gw.request('GET', '/api/exportcontrol/status')).status).toBe(200);
  });
});

describe('the export control plugin', () => {
  it('steps the controller from a timer and says a failing step once', async () => {
    const gw = await gateway();
    expect(gw.spy.calls.start).toBe(1);
    await waitFor(() => gw.spy.calls.steps >= 5, 'five steps');
    gw.spy.failSteps = 'meter exploded';
    const failures = () =>
      gw.app.consoleLog
        .backlog()
        .filter((line) => line.includes('Export control: step failed: meter exploded'));
    const steps = gw.spy.calls.steps;
    await waitFor(() => gw.spy.calls.steps >= steps + 5, 'five failing steps');
    expect(failures()).toHaveLength(1);
  });

  it('gives the limits back before the simulated DTU stops: the inverter carries them out', async () => {
    const spy = spyControl();
    spy.onStop = ({ fleet }) => fleet.sendTemporaryLimit('local', HMS_SERIAL, 321);
    const gw = await gateway(spy);
    await waitFor(
      () => gw.app.device.limitStatus()[HMS_SERIAL]?.max_power,
      'the HMS max power',
      20_000,
    );
    await gw.close();
    expect(spy.calls.stop).toBe(1);
    const status = gw.app.device.limitStatus()[HMS_SERIAL]!;
    expect(status.limit_set_status).toBe('Ok');
    expect((status.limit_relative * status.max_power) / 100).toBeCloseTo(321, 0);
  });
});

describe('a manual limit on the simulated gateway', () => {
  it('is told to control after the DTU took it, not when it was refused', async () => {
    const gw = await gateway();
    const limit = (data: unknown) => gw.request('POST', '/api/limit/config', data);
    const taken = await limit({ serial: HM_SERIAL, limit_value: 400, limit_type: 0 });
    expect(await taken.json()).toMatchObject({ code: 1001 });
    expect(gw.spy.calls.manual).toEqual([['local', HM_SERIAL]]);
    const refused = await limit({ serial: '999999999999', limit_value: 400, limit_type: 0 });
    expect(await refused.json()).toMatchObject({ code: 5004 });
    const badType = await limit({ serial: HM_SERIAL, limit_value: 400, limit_type: 7 });
    expect(await badType.json()).toMatchObject({ code: 5003 });
    expect(gw.spy.calls.manual).toHaveLength(1);
  });
});

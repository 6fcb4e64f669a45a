import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { LoggingConfigSchema } from '@heliodtu/contract/logging';
import { NetworkConfigSchema } from '@heliodtu/contract/network';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';
import { HM_SERIAL, HMS_SERIAL, buildLiveGateway } from './helpers/live-gateway.js';
import { openSocket, wsUrl } from './helpers/ws-client.js';

/**
 * Issue 25: SIM_FIRMWARE makes the whole wire of the simulated gateway follow OpenDTU v24.11.7
 * (the default) or v26.3.30 (wire-current.md). Each item is checked on both generations.
 */

const v26 = () => buildTestGateway({ simFirmware: 'v26' });
const v24 = () => buildTestGateway({ simFirmware: 'v24' });
const onBoth = [
  ['v24', v24],
  ['v26', v26],
] as const;

const configOnDisk = async (gw: TestGateway) =>
  JSON.parse(await readFile(path.join(gw.dataDir, 'config.json'), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;

describe('GET /api/system/status', () => {
  it('v24: git_hash v24.11.7 and no git_branch', async () => {
    const status = SystemStatusSchema.parse(await (await v24()).get('/api/system/status'));
    expect(status.git_hash).toBe('v24.11.7');
    expect(status).not.toHaveProperty('git_branch');
  });

  it('v26: git_hash v26.3.30 and git_branch, right after git_hash', async () => {
    const body = (await (await v26()).get('/api/system/status')) as Record<string, unknown>;
    expect(body['git_hash']).toBe('v26.3.30');
    expect(body['git_branch']).toBe('master');
    const keys = Object.keys(body);
    expect(keys.indexOf('git_branch')).toBe(keys.indexOf('git_hash') + 1);
  });

  it('the default (no SIM_FIRMWARE) is v24', async () => {
    const status = SystemStatusSchema.parse(
      await (await buildTestGateway()).get('/api/system/status'),
    );
    expect(status.git_hash).toBe('v24.11.7');
  });
});

describe('POST /api/limit/config limit types', () => {
  const send = (gw: TestGateway, limit_type: number) =>
    gw.post('/api/limit/config', { serial: HMS_SERIAL, limit_value: 80, limit_type });

  it('v24 accepts 0, 1, 256, 257 and refuses 2, 3, 4 with 5003', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v24' }, { waitForData: false });
    for (const type of [0, 1, 256, 257]) expect(await send(gw, type)).toMatchObject({ code: 1001 });
    for (const type of [2, 3, 4]) {
      expect(await send(gw, type)).toEqual({
        type: 'warning',
        message: 'Invalid type specified!',
        code: 5003,
      });
    }
  });

  it('v26 accepts 0, 1, 2, 3 and refuses 256, 257 and anything from 4 on with 5003', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v26' }, { waitForData: false });
    for (const type of [0, 1, 2, 3]) expect(await send(gw, type)).toMatchObject({ code: 1001 });
    for (const type of [4, 5, 256, 257]) {
      expect(await send(gw, type)).toEqual({
        type: 'warning',
        message: 'Invalid type specified!',
        code: 5003,
      });
    }
  });

  it('v26: a refused type changes nothing (no command is queued)', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v26' }, { waitForData: false });
    const before = (await gw.get('/api/limit/status')) as Record<string, unknown>;
    await send(gw, 256);
    expect(await gw.get('/api/limit/status')).toEqual(before);
  });
});

describe('POST /api/ntp/config time zone', () => {
  const body = {
    ntp_server: 'pool.ntp.org',
    ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
    ntp_timezone_descr: 'America/New_York',
    latitude: 40.7,
    longitude: -74,
    sunsettype: 1,
  };

  it('v24 stores ntp_timezone as sent, whatever the name', async () => {
    const gw = await v24();
    expect(await gw.post('/api/ntp/config', body)).toMatchObject({ code: 1001 });
    expect(await gw.get('/api/ntp/config')).toMatchObject({
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'America/New_York',
    });
  });

  it('v24 still needs ntp_timezone (1005 without it)', async () => {
    const { ntp_timezone: _, ...withoutTz } = body;
    expect(await (await v24()).post('/api/ntp/config', withoutTz)).toMatchObject({ code: 1005 });
  });

  it('v26 ignores ntp_timezone and derives the POSIX TZ from the name', async () => {
    const gw = await v26();
    expect(await gw.post('/api/ntp/config', body)).toMatchObject({ code: 1001 });
    const zones = (await gw.get('/api/ntp/zones')) as Record<string, string>;
    expect(await gw.get('/api/ntp/config')).toMatchObject({
      ntp_timezone: zones['America/New_York'],
      ntp_timezone_descr: 'America/New_York',
    });
    expect(zones['America/New_York']).toMatch(/^EST5EDT/);
    // The device's clock now runs in that zone.
    expect(gw.app.store.config.ntp.timezone).toBe(zones['America/New_York']);
  });

  it('v26 takes a body without ntp_timezone; an unknown name runs as UTC', async () => {
    const gw = await v26();
    const { ntp_timezone: _, ...withoutTz } = body;
    expect(
      await gw.post('/api/ntp/config', { ...withoutTz, ntp_timezone_descr: 'Mars/Olympus' }),
    ).toMatchObject({
      code: 1001,
    });
    expect(await gw.get('/api/ntp/config')).toMatchObject({
      ntp_timezone: 'UTC0',
      ntp_timezone_descr: 'Mars/Olympus',
    });
  });

  it('v26 needs the name (1005 without, 9003 when empty)', async () => {
    const gw = await v26();
    const { ntp_timezone_descr: _, ...withoutName } = body;
    expect(await gw.post('/api/ntp/config', withoutName)).toMatchObject({ code: 1005 });
    expect(await gw.post('/api/ntp/config', { ...body, ntp_timezone_descr: '' })).toMatchObject({
      code: 9003,
    });
  });
});

describe('GET /api/ntp/zones', () => {
  it('v26 serves the zones table, readable like live data', async () => {
    const gw = await v26();
    const response = await gw.request('GET', '/api/ntp/zones', { auth: null });
    expect(response.status).toBe(200);
    const zones = (await response.json()) as Record<string, string>;
    expect(zones['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
    const file = await (await gw.request('GET', '/zones.json', { auth: null })).json();
    expect(zones).toEqual(file);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await gw.request('GET', '/api/ntp/zones', { auth: null })).status).toBe(401);
    expect((await gw.request('GET', '/api/ntp/zones')).status).toBe(200);
  });

  it('v24 has no such endpoint (it falls to the web interface like any unknown path)', async () => {
    const gw = await v24();
    const response = await gw.request('GET', '/api/ntp/zones');
    expect(response.headers.get('content-type') ?? '').not.toMatch(/json/);
  });
});

describe('GET/POST /api/dtu/config serial', () => {
  it.each(onBoth)(
    '%s: the serial is a string of digits, posted back as a string',
    async (_, make) => {
      const gw = await make();
      const config = (await gw.get('/api/dtu/config')) as Record<string, unknown>;
      expect(typeof config['serial']).toBe('string');
      expect(config['serial']).toMatch(/^\d{12}$/);
      expect(await gw.post('/api/dtu/config', { ...config, serial: '199980100042' })).toMatchObject(
        {
          code: 1001,
        },
      );
      expect(await gw.get('/api/dtu/config')).toMatchObject({ serial: '199980100042' });
      // A number is the wrong kind on both (the device reads the serial as text).
      expect(await gw.post('/api/dtu/config', { ...config, serial: 199980100043 })).toMatchObject({
        code: 1005,
      });
    },
  );
});

describe('live data and device info additions', () => {
  it('v26: data_age_ms per inverter (ms beside data_age s), pin_mapping_issue false, pdl_supported', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v26' });
    const status = (await gw.get('/api/livedata/status')) as {
      inverters: Record<string, unknown>[];
      hints: Record<string, unknown>;
    };
    for (const inverter of status.inverters) {
      const ms = inverter['data_age_ms'] as number;
      expect(Number.isInteger(ms)).toBe(true);
      expect(Math.floor(ms / 1000)).toBe(inverter['data_age']);
      const keys = Object.keys(inverter);
      expect(keys.indexOf('data_age_ms')).toBe(keys.indexOf('data_age') + 1);
    }
    expect(status.hints['pin_mapping_issue']).toBe(false);
    const full = (await gw.get(`/api/livedata/status?inv=${HM_SERIAL}`)) as {
      inverters: Record<string, unknown>[];
    };
    expect(full.inverters[0]).toHaveProperty('data_age_ms');
    expect(await gw.get(`/api/devinfo/status?inv=${HM_SERIAL}`)).toMatchObject({
      pdl_supported: false,
    });
  });

  it('v24: none of them', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v24' });
    const status = (await gw.get('/api/livedata/status')) as {
      inverters: Record<string, unknown>[];
      hints: Record<string, unknown>;
    };
    for (const inverter of status.inverters) expect(inverter).not.toHaveProperty('data_age_ms');
    expect(status.hints).not.toHaveProperty('pin_mapping_issue');
    expect(await gw.get(`/api/devinfo/status?inv=${HM_SERIAL}`)).not.toHaveProperty(
      'pdl_supported',
    );
  });

  it('v26: the /livedata socket carries data_age_ms and pin_mapping_issue too', async () => {
    const gw = await buildLiveGateway({ simFirmware: 'v26' });
    const socket = await openSocket(wsUrl(gw.url, '/livedata'));
    const message = JSON.parse(await socket.next((t) => t.startsWith('{'), 15_000)) as {
      inverters: Record<string, unknown>[];
      hints: Record<string, unknown>;
    };
    expect(message.inverters[0]).toHaveProperty('data_age_ms');
    expect(message.hints['pin_mapping_issue']).toBe(false);
  });
});

describe('GET/POST /api/network/config syslog', () => {
  it('v26: reads, checks (8007, 8008), saves to config.json and keeps fields left out', async () => {
    const gw = await v26();
    const config = NetworkConfigSchema.parse(await gw.get('/api/network/config'));
    expect(config).toMatchObject({ syslogenabled: false, sysloghostname: '', syslogport: 514 });
    const send = (change: Record<string, unknown>) =>
      gw.post('/api/network/config', { ...config, ...change });
    expect(await send({ syslogenabled: true, sysloghostname: '' })).toMatchObject({
      code: 8007,
      param: { max: 128 },
    });
    expect(await send({ syslogenabled: true, sysloghostname: 'x'.repeat(129) })).toMatchObject({
      code: 8007,
    });
    expect(await send({ syslogport: 0 })).toMatchObject({ code: 8008 });
    expect(await send({ syslogport: 65536 })).toMatchObject({ code: 8008 });
    expect(await send({ syslogport: 'x' })).toMatchObject({ code: 1005 });
    // Refused saves changed nothing.
    expect(await configOnDisk(gw)).not.toHaveProperty('syslog');
    expect(
      await send({ syslogenabled: true, sysloghostname: 'logs.example.net', syslogport: 1514 }),
    ).toMatchObject({ code: 1001 });
    expect((await configOnDisk(gw))['syslog']).toEqual({
      enabled: true,
      hostname: 'logs.example.net',
      port: 1514,
    });
    // A client that knows only the reference's fields leaves syslog as it is.
    const { syslogenabled: _a, sysloghostname: _b, syslogport: _c, ...reference } = config;
    expect(await gw.post('/api/network/config', reference)).toMatchObject({ code: 1001 });
    expect(await gw.get('/api/network/config')).toMatchObject({
      syslogenabled: true,
      sysloghostname: 'logs.example.net',
      syslogport: 1514,
    });
    const again = await gw.reboot();
    expect(await again.get('/api/network/config')).toMatchObject({ syslogport: 1514 });
  });

  it('v24: no syslog fields; sent ones are ignored and never refused', async () => {
    const gw = await v24();
    const config = (await gw.get('/api/network/config')) as Record<string, unknown>;
    for (const field of ['syslogenabled', 'sysloghostname', 'syslogport'])
      expect(config).not.toHaveProperty(field);
    expect(
      await gw.post('/api/network/config', { ...config, syslogenabled: true, syslogport: 0 }),
    ).toMatchObject({ code: 1001 });
    // A v24.11.7 config.json has no syslog section.
    expect(await configOnDisk(gw)).not.toHaveProperty('syslog');
  });
});

describe('GET/POST /api/logging/config', () => {
  it('v26: lists every module, saves a level, clamps, drops unknown names, persists', async () => {
    const gw = await v26();
    const first = LoggingConfigSchema.parse(await gw.get('/api/logging/config'));
    expect(first.loglevel.default).toBe(3);
    const names = first.loglevel.modules.map((m) => m.name);
    expect(names).toContain('mqtt');
    expect(first.loglevel.modules.every((m) => m.level === -1)).toBe(true);
    expect(
      await gw.post('/api/logging/config', {
        loglevel: {
          default: 9,
          modules: [
            { name: 'mqtt', level: 4 },
            { name: 'ntp', level: -5 },
            { name: 'no-such-module', level: 2 },
          ],
        },
      }),
    ).toMatchObject({ code: 1001 });
    const saved = LoggingConfigSchema.parse(await gw.get('/api/logging/config'));
    expect(saved.loglevel.default).toBe(5);
    expect(saved.loglevel.modules.map((m) => m.name)).toEqual(names);
    expect(saved.loglevel.modules.find((m) => m.name === 'mqtt')?.level).toBe(4);
    expect(saved.loglevel.modules.find((m) => m.name === 'ntp')?.level).toBe(-1);
    expect((await configOnDisk(gw))['logging']).toMatchObject({ default: 5 });
    const rebooted = await gw.reboot();
    expect(await rebooted.get('/api/logging/config')).toEqual(saved);
  });

  it('v26: wrong kinds are 1005 and change nothing; the admin guard holds', async () => {
    const gw = await v26();
    const before = await gw.get('/api/logging/config');
    for (const data of [
      { loglevel: { default: 'x', modules: [] } },
      { loglevel: { default: 3, modules: [{ name: 'mqtt', level: 1.5 }] } },
      { loglevel: { default: 3 } },
      {},
    ]) {
      expect(await gw.post('/api/logging/config', data)).toMatchObject({ code: 1005 });
    }
    expect(await gw.get('/api/logging/config')).toEqual(before);
    expect((await gw.request('GET', '/api/logging/config', { auth: null })).status).toBe(401);
  });

  it('v24: no such endpoint', async () => {
    const gw = await v24();
    for (const method of ['GET', 'POST'] as const) {
      const response = await gw.request(method, '/api/logging/config');
      expect(response.headers.get('content-type') ?? '').not.toMatch(/json/);
    }
  });
});

describe('console lines', () => {
  const consoleLines = async (gw: TestGateway) => {
    const socket = await openSocket(wsUrl(gw.url, '/console'));
    await socket.next(() => true);
    return socket;
  };

  it('v26: ESP-IDF format, a level letter, the uptime in ms and the module', async () => {
    const gw = await v26();
    const socket = await consoleLines(gw);
    gw.app.consoleLog.write('hello from the test', { tag: 'core' });
    const line = await socket.next((t) => t.includes('hello from the test'));
    expect(line).toMatch(/^I \(\d+\) core: hello from the test\r\n$/);
  });

  it('v26: the logging settings decide which lines print', async () => {
    const gw = await v26();
    await gw.post('/api/logging/config', {
      loglevel: { default: 3, modules: [{ name: 'mqtt', level: 1 }] },
    });
    const socket = await consoleLines(gw);
    gw.app.consoleLog.write('mqtt info', { tag: 'mqtt' });
    gw.app.consoleLog.write('mqtt error', { tag: 'mqtt', level: 'E' });
    gw.app.consoleLog.write('core info', { tag: 'core' });
    await socket.next((t) => t.includes('core info'));
    const text = socket.messages.join('');
    expect(text).toMatch(/E \(\d+\) mqtt: mqtt error/);
    expect(text).not.toContain('mqtt info');
  });

  it('v24: plain lines, as before', async () => {
    const gw = await v24();
    const socket = await consoleLines(gw);
    gw.app.consoleLog.write('hello from the test', { tag: 'core' });
    expect(await socket.next((t) => t.includes('hello from the test'))).toBe(
      'hello from the test\r\n',
    );
  });
});

describe('POST /api/mqtt/config Home Assistant topic', () => {
  const withHass = async (gw: TestGateway, topic: string) => {
    const config = (await gw.get('/api/mqtt/config')) as Record<string, unknown>;
    return gw.post('/api/mqtt/config', {
      ...config,
      mqtt_enabled: true,
      mqtt_hostname: 'broker.invalid',
      mqtt_hass_enabled: true,
      mqtt_hass_topic: topic,
    });
  };

  it('v26 refuses a topic without the trailing slash with 7018', async () => {
    const gw = await v26();
    expect(await withHass(gw, 'homeassistant')).toEqual({
      type: 'warning',
      message: 'Hass topic must end with a slash (/)!',
      code: 7018,
    });
    expect(await withHass(gw, 'homeassistant/')).toMatchObject({ code: 1001 });
  });

  it('v24 accepts it', async () => {
    expect(await withHass(await v24(), 'homeassistant')).toMatchObject({ code: 1001 });
  });
});

describe('the firmware choice', () => {
  it.each(onBoth)('%s keeps its generation across a reboot', async (name, make) => {
    const gw = await make();
    const again = await gw.reboot();
    const status = SystemStatusSchema.parse(await again.get('/api/system/status'));
    const expected: Record<FirmwareGeneration, string> = { v24: 'v24.11.7', v26: 'v26.3.30' };
    expect(status.git_hash).toBe(expected[name]);
  });
});

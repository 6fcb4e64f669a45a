import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inverterDefaultSettings } from '@heliodtu/contract/fixtures/inverter';
import { staticIpv4Fixture } from '@heliodtu/contract/fixtures/network-config';
import { basicAuth, buildTestGateway, type TestGateway } from './helpers/build-test-app.js';

// config.json as OpenDTU v24.11.7 writes it (wire-contract §9): every key, every kind.
type Kind = 'string' | 'boolean' | 'int' | 'number';
type Shape = Kind | Shape[] | { [key: string]: Shape };

// A key ending in '?' is a HelioDTU extension: written only when set, ignored by a device.
const CHANNEL: Shape = {
  name: 'string',
  max_power: 'int',
  yield_total_offset: 'number',
  'azimuth?': 'number',
  'tilt?': 'number',
};
const SLOT: Shape = {
  serial: 'int',
  name: 'string',
  order: 'int',
  poll_enable: 'boolean',
  poll_enable_night: 'boolean',
  command_enable: 'boolean',
  command_enable_night: 'boolean',
  reachable_threshold: 'int',
  zero_runtime: 'boolean',
  zero_day: 'boolean',
  clear_eventlog: 'boolean',
  yieldday_correction: 'boolean',
  channel: Array<Shape>(6).fill(CHANNEL),
};
const SECTION_9: Shape = {
  cfg: { version: 'int', save_count: 'int' },
  wifi: {
    ssid: 'string',
    password: 'string',
    ip: 'string',
    netmask: 'string',
    gateway: 'string',
    dns1: 'string',
    dns2: 'string',
    dhcp: 'boolean',
    hostname: 'string',
    aptimeout: 'int',
  },
  mdns: { enabled: 'boolean' },
  ntp: {
    server: 'string',
    timezone: 'string',
    timezone_descr: 'string',
    latitude: 'number',
    longitude: 'number',
    sunsettype: 'int',
  },
  mqtt: {
    enabled: 'boolean',
    hostname: 'string',
    port: 'int',
    clientid: 'string',
    username: 'string',
    password: 'string',
    topic: 'string',
    retain: 'boolean',
    publish_interval: 'int',
    clean_session: 'boolean',
    lwt: { topic: 'string', value_online: 'string', value_offline: 'string', qos: 'int' },
    tls: {
      enabled: 'boolean',
      root_ca_cert: 'string',
      certlogin: 'boolean',
      client_cert: 'string',
      client_key: 'string',
    },
    hass: {
      enabled: 'boolean',
      retain: 'boolean',
      topic: 'string',
      individual_panels: 'boolean',
      expire: 'boolean',
    },
  },
  dtu: {
    serial: 'int',
    poll_interval: 'int',
    nrf_pa_level: 'int',
    cmt_pa_level: 'int',
    cmt_frequency: 'int',
    cmt_country_mode: 'int',
  },
  security: { password: 'string', allow_readonly: 'boolean' },
  device: {
    pinmapping: 'string',
    display: {
      powersafe: 'boolean',
      screensaver: 'boolean',
      rotation: 'int',
      contrast: 'int',
      locale: 'string',
      diagram_duration: 'int',
      diagram_mode: 'int',
    },
    led: [{ brightness: 'int' }, { brightness: 'int' }],
  },
  inverters: Array<Shape>(10).fill(SLOT),
};

/** Every difference between `value` and `shape`: missing or extra keys, wrong kinds or lengths. */
function differences(shape: Shape, value: unknown, at = '$'): string[] {
  if (typeof shape === 'string') {
    const ok =
      shape === 'int'
        ? Number.isInteger(value)
        : shape === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : typeof value === shape;
    return ok ? [] : [`${at}: ${shape} expected, got ${JSON.stringify(value)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${at}: array expected`];
    if (value.length !== shape.length)
      return [`${at}: ${shape.length} entries, got ${value.length}`];
    return shape.flatMap((item, i) => differences(item, value[i], `${at}[${i}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${at}: object expected`];
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record)
    .filter((key) => !(key in shape) && !(`${key}?` in shape))
    .map((key) => `${at}.${key}: not in wire-contract §9`);
  const inner = Object.entries(shape).flatMap(([shapeKey, sub]) => {
    const optional = shapeKey.endsWith('?');
    const key = optional ? shapeKey.slice(0, -1) : shapeKey;
    if (key in record) return differences(sub, record[key], `${at}.${key}`);
    return optional ? [] : [`${at}.${key}: missing`];
  });
  return [...extra, ...inner];
}

const writtenConfig = async (gw: TestGateway): Promise<unknown> =>
  JSON.parse(await readFile(path.join(gw.dataDir, 'config.json'), 'utf8'));

describe('the shape checker', () => {
  it('finds a missing key, an extra key, a wrong kind and a short array', () => {
    const slot = { serial: 1, name: 'x', channel: [] };
    expect(differences({ serial: 'int', name: 'string' }, slot)).toEqual([
      '$.channel: not in wire-contract §9',
    ]);
    expect(differences({ serial: 'int', order: 'int' }, { serial: 1.5 })).toEqual([
      '$.serial: int expected, got 1.5',
      '$.order: missing',
    ]);
    expect(differences([CHANNEL, CHANNEL], [{}])).toEqual(['$: 2 entries, got 1']);
  });

  it('takes an extension key only when present and of its kind', () => {
    const plain = { name: 'East', max_power: 400, yield_total_offset: 0 };
    expect(differences(CHANNEL, plain)).toEqual([]);
    expect(differences(CHANNEL, { ...plain, azimuth: 90, tilt: 30 })).toEqual([]);
    expect(differences(CHANNEL, { ...plain, azimuth: 'east' })).toEqual([
      '$.azimuth: number expected, got "east"',
    ]);
    expect(differences(CHANNEL, { ...plain, heading: 90 })).toEqual([
      '$.heading: not in wire-contract §9',
    ]);
  });
});

describe('config.json is the OpenDTU v24.11.7 backup file (wire-contract §9)', () => {
  it('is written with exactly the keys of wire-contract §9, each of its kind, fresh and after saves', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo' });
    expect(differences(SECTION_9, await writtenConfig(gw))).toEqual([]);
    await gw.post('/api/inverter/add', { serial: '116180123456', name: 'Roof' });
    await gw.post('/api/ntp/config', {
      ntp_server: 'pool.example',
      ntp_timezone: 'GMT0BST,M3.5.0/1,M10.5.0',
      ntp_timezone_descr: 'Europe/London',
      latitude: 52.52,
      longitude: -0.12,
      sunsettype: 2,
    });
    const written = await writtenConfig(gw);
    expect(differences(SECTION_9, written)).toEqual([]);
    const config = written as { inverters: { serial: number }[]; ntp: { longitude: number } };
    // Serials are JSON numbers: the 48-bit value of the hex serial.
    expect(config.inverters.map((slot) => slot.serial).filter(Boolean)).toEqual([
      0x114182352592, 0x1164a113c7e2, 0x138293821457, 0x116180123456,
    ]);
    expect(config.ntp.longitude).toBe(-0.12);
  });
});

const hex = (serial: string) => Number.parseInt(serial, 16);
const channel = (name: string, max_power: number, yield_total_offset = 0) => ({
  name,
  max_power,
  yield_total_offset,
});
// The inverter list always carries the orientation extension, null while unset.
const listedChannel = (name: string, max_power: number, yield_total_offset = 0) => ({
  ...channel(name, max_power, yield_total_offset),
  azimuth: null,
  tilt: null,
});
const slot = (
  serial: number,
  name: string,
  order: number,
  extra = {},
  channels: object[] = [],
) => ({
  serial,
  name,
  order,
  ...inverterDefaultSettings,
  channel: Array.from({ length: 6 }, (_, i) => channels[i] ?? channel('', 0)),
  ...extra,
});

/** A backup as a real OpenDTU v24.11.7 downloads it, every value away from its default. */
const OPENDTU_BACKUP = {
  cfg: { version: 72960, save_count: 41 },
  wifi: {
    ssid: 'Heimnetz',
    password: 'geheim123',
    ip: '192.168.178.50',
    netmask: '255.255.255.0',
    gateway: '192.168.178.1',
    dns1: '192.168.178.1',
    dns2: '9.9.9.9',
    dhcp: false,
    hostname: 'dtu-keller',
    aptimeout: 10,
  },
  mdns: { enabled: true },
  ntp: {
    server: 'fritz.box',
    timezone: 'GMT0BST,M3.5.0/1,M10.5.0',
    timezone_descr: 'Europe/London',
    latitude: 52.52,
    longitude: 13.405,
    sunsettype: 2,
  },
  mqtt: {
    enabled: false,
    hostname: 'broker.local',
    port: 8883,
    clientid: 'dtu-keller',
    username: 'solar',
    password: 'mqttpw',
    topic: 'pv/',
    retain: false,
    publish_interval: 10,
    clean_session: false,
    lwt: { topic: 'dtu/lwt', value_online: 'up', value_offline: 'down', qos: 1 },
    tls: { enabled: true, root_ca_cert: '', certlogin: false, client_cert: '', client_key: '' },
    hass: { enabled: true, retain: false, topic: 'ha/', individual_panels: true, expire: false },
  },
  dtu: {
    serial: hex('199980112345'),
    poll_interval: 7,
    nrf_pa_level: 2,
    cmt_pa_level: 5,
    cmt_frequency: 868_000_000,
    cmt_country_mode: 0,
  },
  security: { password: 'NeuesPasswort1', allow_readonly: false },
  device: {
    pinmapping: '',
    display: {
      powersafe: false,
      screensaver: false,
      rotation: 1,
      contrast: 42,
      locale: 'de',
      diagram_duration: 7200,
      diagram_mode: 2,
    },
    led: [{ brightness: 50 }, { brightness: 75 }],
  },
  inverters: [
    slot(
      hex('116180123456'),
      'Dach Ost',
      1,
      {
        poll_enable_night: false,
        command_enable_night: false,
        reachable_threshold: 5,
        zero_runtime: true,
        zero_day: true,
        clear_eventlog: true,
        yieldday_correction: true,
      },
      [channel('Ost 1', 410, 1.5), channel('Ost 2', 410), channel('West 1', 380, 12.25)],
    ),
    slot(hex('114172345678'), 'Balkon', 0, { command_enable: false }, [
      channel('Links', 300),
      channel('Rechts', 300),
    ]),
    ...Array.from({ length: 8 }, () => slot(0, '', 0)),
  ],
};

describe('a backup from a real OpenDTU restores here', () => {
  it('is uploaded, restarts, and every configuration endpoint then shows it', async () => {
    const before = await buildTestGateway();
    expect(differences(SECTION_9, OPENDTU_BACKUP)).toEqual([]);
    const form = new FormData();
    form.append('config', new Blob([JSON.stringify(OPENDTU_BACKUP, null, 2)]), 'config');
    const upload = await before.request('POST', '/api/file/upload?file=config.json', {
      body: form,
    });
    expect([upload.status, await upload.text()]).toEqual([200, 'OK']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(before.restarts).toEqual(['Configuration restored']);

    const gw = await before.reboot();
    const auth = basicAuth('NeuesPasswort1');
    const get = async (urlPath: string) => (await gw.request('GET', urlPath, { auth })).json();
    // The restored password is the one that counts now, and read-only access is off.
    expect((await gw.request('GET', '/api/security/authenticate')).status).toBe(401);
    expect((await gw.request('GET', '/api/system/status', { auth: null })).status).toBe(401);

    expect(await get('/api/security/config')).toEqual({
      password: 'NeuesPasswort1',
      allow_readonly: false,
    });
    expect(await get('/api/network/config')).toEqual({
      hostname: 'dtu-keller',
      ...staticIpv4Fixture,
      ssid: 'Heimnetz',
      password: 'geheim123',
      aptimeout: 10,
      mdnsenabled: true,
    });
    expect(await get('/api/ntp/config')).toEqual({
      ntp_server: 'fritz.box',
      ntp_timezone: 'GMT0BST,M3.5.0/1,M10.5.0',
      ntp_timezone_descr: 'Europe/London',
      longitude: 13.405,
      latitude: 52.52,
      sunsettype: 2,
    });
    expect(await get('/api/mqtt/config')).toEqual({
      mqtt_enabled: false,
      mqtt_hostname: 'broker.local',
      mqtt_port: 8883,
      mqtt_clientid: 'dtu-keller',
      mqtt_username: 'solar',
      mqtt_password: 'mqttpw',
      mqtt_topic: 'pv/',
      mqtt_retain: false,
      mqtt_tls: true,
      mqtt_root_ca_cert: '',
      mqtt_tls_cert_login: false,
      mqtt_client_cert: '',
      mqtt_client_key: '',
      mqtt_lwt_topic: 'dtu/lwt',
      mqtt_lwt_online: 'up',
      mqtt_lwt_offline: 'down',
      mqtt_lwt_qos: 1,
      mqtt_publish_interval: 10,
      mqtt_clean_session: false,
      mqtt_hass_enabled: true,
      mqtt_hass_expire: false,
      mqtt_hass_retain: false,
      mqtt_hass_topic: 'ha/',
      mqtt_hass_individualpanels: true,
    });
    expect(await get('/api/dtu/config')).toMatchObject({
      serial: '199980112345',
      pollinterval: 7,
      nrf_palevel: 2,
      cmt_palevel: 5,
      cmt_frequency: 868_000_000,
      cmt_country: 0,
    });
    expect(await get('/api/device/config')).toMatchObject({
      curPin: { name: '' },
      display: {
        rotation: 1,
        power_safe: false,
        screensaver: false,
        contrast: 42,
        locale: 'de',
        diagramduration: 7200,
        diagrammode: 2,
      },
      led: [{ brightness: 50 }, { brightness: 75 }],
    });
    const list = (await get('/api/inverter/list')) as { inverter: Record<string, unknown>[] };
    expect(list.inverter).toEqual([
      {
        id: 0,
        name: 'Dach Ost',
        order: 1,
        serial: '116180123456',
        poll_enable: true,
        poll_enable_night: false,
        command_enable: true,
        command_enable_night: false,
        reachable_threshold: 5,
        zero_runtime: true,
        zero_day: true,
        clear_eventlog: true,
        yieldday_correction: true,
        type: 'HM-1000/1200/1500-4T',
        channel: [
          listedChannel('Ost 1', 410, 1.5),
          listedChannel('Ost 2', 410),
          listedChannel('West 1', 380, 12.25),
          listedChannel('', 0),
        ],
      },
      expect.objectContaining({
        id: 1,
        name: 'Balkon',
        order: 0,
        serial: '114172345678',
        command_enable: false,
        type: 'HM-600/700/800-2T',
        channel: [listedChannel('Links', 300), listedChannel('Rechts', 300)],
      }),
    ]);
    expect(await get('/api/system/status')).toMatchObject({
      hostname: 'dtu-keller',
      cfgsavecount: 41,
    });

    // Our next save keeps every restored value: the file goes back to a real device as it came.
    const save = await gw.request('POST', '/api/inverter/order', {
      auth,
      data: { order: [1, 0] }, // the orders it already has
    });
    expect(await save.json()).toMatchObject({ type: 'success' });
    const expected = structuredClone(OPENDTU_BACKUP);
    expected.cfg.save_count = 42;
    expect(await writtenConfig(gw)).toEqual(expected);
  });
});

import { mqttConfigFixture } from '@heliodtu/contract/fixtures/mqtt-config';
import { KIND, bad, field, named, type PostEndpoint } from './bad-input-cases.js';

/**
 * Field kinds of every POST endpoint of issue 2 with a JSON `data` body (wire-contract §4), a body
 * each accepts on a fresh configuration, and the values of the right kind each still refuses.
 */

const MQTT_STRINGS = ['hostname', 'clientid', 'username', 'password', 'topic', 'client_cert'];
const MQTT_MORE_STRINGS = ['client_key', 'lwt_topic', 'lwt_online', 'lwt_offline', 'hass_topic'];
const MQTT_BOOLS = ['retain', 'tls', 'tls_cert_login', 'clean_session', 'hass_enabled'];
const MQTT_MORE_BOOLS = ['hass_expire', 'hass_retain', 'hass_individualpanels'];

export const POST_ENDPOINTS: PostEndpoint[] = [
  {
    path: '/api/security/config',
    valid: () => ({ password: 'N3w-passw0rd', allow_readonly: false }),
    acceptedCode: 1001,
    statePath: '/api/security/config',
    fields: [
      field('password', 'string', { extra: [bad('short', 10001), bad('p'.repeat(65), 10001)] }),
      field('allow_readonly', 'bool'),
    ],
  },
  {
    path: '/api/network/config',
    valid: () => ({
      ssid: 'home',
      password: 'wifi-pass',
      hostname: 'dtu-%06X',
      dhcp: false,
      ipaddress: '192.168.1.10',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '1.1.1.1',
      dns2: '8.8.8.8',
      aptimeout: 5,
      mdnsenabled: true,
    }),
    acceptedCode: 1001,
    statePath: '/api/network/config',
    fields: [
      ...['ssid', 'password', 'hostname'].map((name) => field(name, 'string')),
      ...['ipaddress', 'netmask', 'gateway', 'dns1', 'dns2'].map((name) =>
        field(name, 'string', { extra: [bad('256.1.1.1'), bad('1.2.3'), bad('')] }),
      ),
      field('dhcp', 'bool'),
      field('aptimeout', 'uint', { extra: [bad(100000, 8006)] }),
      field('mdnsenabled', 'bool', { optional: true }),
    ],
  },
  {
    path: '/api/ntp/config',
    valid: () => ({
      ntp_server: 'time.example.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      longitude: 10.5,
      latitude: 50.25,
      sunsettype: 2,
    }),
    acceptedCode: 1001,
    statePath: '/api/ntp/config',
    fields: [
      field('ntp_server', 'string', { extra: [bad('', 9001)] }),
      field('ntp_timezone', 'string', { extra: [bad('', 9002)] }),
      // Missing or null reads as the text "null" on the device, which passes (wire-contract §4.9).
      field('ntp_timezone_descr', 'string', { optional: true, nullable: true }),
      field('longitude', 'number', { extra: [bad(181, KIND), named('2**64', 2 ** 64, KIND)] }),
      field('latitude', 'number', { extra: [bad(-91, KIND)] }),
      field('sunsettype', 'uint', { extra: [bad(4, KIND)] }),
    ],
  },
  {
    path: '/api/ntp/time',
    valid: () => ({ year: 2031, month: 7, day: 14, hour: 9, minute: 30, second: 15 }),
    acceptedCode: 9010,
    // The time is not configuration: a refusal must leave no "Time set" line (see the test).
    statePath: '/api/ntp/config',
    fields: [
      field('year', 'uint', { extra: [bad(2021, 9004), bad(2101, 9004)] }),
      field('month', 'uint', { extra: [bad(0, 9005), bad(13, 9005)] }),
      field('day', 'uint', { extra: [bad(0, 9006), bad(32, 9006)] }),
      field('hour', 'uint', { extra: [bad(24, 9007)] }),
      field('minute', 'uint', { extra: [bad(60, 9008)] }),
      field('second', 'uint', { extra: [bad(60, 9009)] }),
    ],
  },
  {
    path: '/api/mqtt/config',
    // Enabled, with Home Assistant on, so every length check applies; port 1 refuses connections.
    valid: () => ({
      ...mqttConfigFixture,
      mqtt_enabled: true,
      mqtt_hostname: '127.0.0.1',
      mqtt_port: 1,
      mqtt_clientid: 'dtu-test',
      mqtt_username: 'user',
      mqtt_password: 'secret',
      mqtt_lwt_qos: 1,
      mqtt_publish_interval: 30,
      mqtt_hass_enabled: true,
    }),
    acceptedCode: 1001,
    statePath: '/api/mqtt/config',
    fields: [
      field('mqtt_enabled', 'bool'),
      ...[...MQTT_STRINGS, ...MQTT_MORE_STRINGS].map((name) => field(`mqtt_${name}`, 'string')),
      field('mqtt_topic', 'string', { extra: [bad('no slash', 7005), bad('solar', 7006)] }),
      field('mqtt_root_ca_cert', 'string', { optional: true }),
      field('mqtt_port', 'uint', { extra: [bad(0, 7007), bad(65536, 7007)] }),
      field('mqtt_lwt_qos', 'uint', { extra: [bad(3, 7016), bad(256, KIND)] }),
      field('mqtt_publish_interval', 'uint', { extra: [bad(4, 7013), bad(65536, 7013)] }),
      ...[...MQTT_BOOLS, ...MQTT_MORE_BOOLS].map((name) => field(`mqtt_${name}`, 'bool')),
    ],
  },
  {
    path: '/api/dtu/config',
    valid: () => ({
      serial: '199980112345',
      pollinterval: 7,
      nrf_palevel: 1,
      cmt_palevel: 5,
      cmt_frequency: 866_000_000,
      cmt_country: 0,
    }),
    acceptedCode: 1001,
    statePath: '/api/dtu/config',
    fields: [
      field('serial', 'string', { extra: [bad('0', 2001), bad(199980112345, KIND)] }),
      field('pollinterval', 'uint', { extra: [bad(0, 2002), named('2**32', 2 ** 32, KIND)] }),
      field('nrf_palevel', 'uint', { extra: [bad(4, 2003), bad(256, KIND)] }),
      field('cmt_palevel', 'int8', { extra: [bad(21, 2003), bad(-11, 2003), bad(128, KIND)] }),
      field('cmt_frequency', 'uint', { extra: [bad(866_100_000, 2004), bad(1, 2004)] }),
      field('cmt_country', 'uint', { extra: [bad(3, 2005)] }),
    ],
  },
  {
    path: '/api/device/config',
    valid: () => ({
      curPin: { name: 'My board' },
      display: {
        rotation: 1,
        power_safe: true,
        screensaver: false,
        contrast: 50,
        locale: 'de',
        diagramduration: 3600,
        diagrammode: 1,
      },
      led: [{ brightness: 50 }, { brightness: 60 }],
    }),
    acceptedCode: 1001,
    statePath: '/api/device/config',
    fields: [
      field('curPin', 'object'),
      field('curPin.name', 'string', { extra: [bad('', 12001)] }),
      field('display', 'object', { optional: true }),
      ...['rotation', 'contrast', 'diagramduration', 'diagrammode'].map((name) =>
        field(`display.${name}`, 'uint', { optional: true }),
      ),
      field('display.power_safe', 'bool', { optional: true }),
      field('display.screensaver', 'bool', { optional: true }),
      field('display.locale', 'string', { optional: true }),
      field('led', 'array', { optional: true }),
      field('led.0', 'object', { optional: true }),
      field('led.0.brightness', 'uint', { optional: true, extra: [bad(101, KIND)] }),
    ],
  },
  {
    path: '/api/inverter/add',
    valid: () => ({ serial: '116180123456', name: 'Roof' }),
    acceptedCode: 4004,
    statePath: '/api/inverter/list',
    fields: [
      field('serial', 'string', { extra: [bad('0', 4001), bad('zzz', 4001)] }),
      field('name', 'string', { extra: [bad('', 4002), bad('n'.repeat(32), 4002)] }),
    ],
  },
  {
    path: '/api/inverter/edit',
    valid: () => ({
      id: 3,
      serial: '116180654321',
      name: 'Garage',
      channel: [{ name: 'East', max_power: 400, yield_total_offset: 1.5 }],
      reachable_threshold: 5,
      poll_enable: true,
    }),
    acceptedCode: 4007,
    statePath: '/api/inverter/list',
    lenient: 'poll/command enables and option flags default when not a bool (wire-contract §4.3)',
    fields: [
      field('id', 'uint', { extra: [bad(10, 4005), bad(256, KIND)] }),
      field('serial', 'string', { extra: [bad('0', 4001)] }),
      field('name', 'string', { extra: [bad('', 4002)] }),
      field('channel', 'array', { extra: [bad([], 4006), bad(Array(7).fill({}), 4006)] }),
      field('channel.0', 'object'),
      field('channel.0.name', 'string', { optional: true }),
      field('channel.0.max_power', 'uint', { optional: true, extra: [bad(65536, KIND)] }),
      field('channel.0.yield_total_offset', 'number', { optional: true, extra: [bad(-1, KIND)] }),
      field('reachable_threshold', 'uint', {
        optional: true,
        nullable: true,
        extra: [bad(0, KIND), bad(101, KIND)],
      }),
    ],
  },
  {
    path: '/api/inverter/del',
    valid: () => ({ id: 0 }),
    acceptedCode: 4008,
    statePath: '/api/inverter/list',
    fields: [field('id', 'uint', { extra: [bad(10, 4005), bad(256, KIND)] })],
  },
  {
    path: '/api/inverter/order',
    valid: () => ({ order: [1, '0'] }),
    acceptedCode: 4009,
    statePath: '/api/inverter/list',
    fields: [field('order', 'array'), field('order.0', 'slot-id')],
  },
  {
    path: '/api/file/delete',
    valid: () => ({ file: 'scratch.txt' }),
    acceptedCode: 3003,
    statePath: '/api/file/list',
    // Names that address nothing in the data dir's top level: 404, nothing deleted.
    fields: [
      field('file', 'string', {
        extra: ['../scratch.txt', '/etc/passwd', '.heliodtu', 'scratch.txt\u0000', 'scratch.txt/']
          .concat(['', 'SCRATCH.TXT', './scratch.txt'])
          .map((name) => bad(name)),
      }),
    ],
  },
  {
    path: '/api/file/delete_all',
    valid: () => ({ delete: false }),
    acceptedCode: 3001,
    statePath: '/api/file/list',
    fields: [field('delete', 'bool')],
  },
  {
    path: '/api/maintenance/reboot',
    valid: () => ({ reboot: false }),
    acceptedCode: 6002,
    statePath: '/api/file/list',
    fields: [field('reboot', 'bool')],
  },
];

import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import type { DevInfoStatus } from '@heliodtu/contract/dev-info';
import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import { ChannelPublishTracker, inverterChannelMessages } from './channel-topics.js';
import {
  dtuMessages,
  formatNumber,
  hasWildcard,
  inverterStatusMessages,
  totalMessages,
  type DtuFigures,
  type InverterPublishState,
  type MqttMessage,
} from './publish-topics.js';

const mqtt = defaultConfigFile().mqtt;
const v = (value: number, u: string, d: number) => ({ v: value, u, d });
const pairs = (messages: MqttMessage[]) => messages.map((m) => [m.topic, m.payload]);

/** The worked example of integrations §2: one HM-800 `114172345678` named Balcony. */
function hm800(overrides: Partial<LiveInverterFull> = {}): LiveInverterFull {
  const dc = (name: string, power: number, max: number) => ({
    name: { u: name },
    Power: v(power, 'W', 1),
    Voltage: v(31.44, 'V', 1),
    Current: v(power / 31.44, 'A', 2),
    YieldDay: v(812.4, 'Wh', 0),
    YieldTotal: v(1234.5678, 'kWh', 3),
    ...(max > 0 ? { Irradiation: { ...v((power / max) * 100, '%', 3), max } } : {}),
  });
  return {
    serial: '114172345678',
    name: 'Balcony',
    order: 0,
    data_age: 3,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 800,
    radio_stats: {
      tx_request: 120,
      tx_re_request: 4,
      rx_success: 110,
      rx_fail_nothing: 6,
      rx_fail_partial: 3,
      rx_fail_corrupt: 1,
      rssi: -30,
    },
    AC: {
      '0': {
        Power: v(402.25, 'W', 1),
        Voltage: v(230.44, 'V', 1),
        Current: v(1.746, 'A', 2),
        Frequency: v(50.016, 'Hz', 2),
        PowerFactor: v(0.9994, '', 3),
        ReactivePower: v(12.3, 'var', 1),
      },
    },
    DC: { '0': dc('', 210.5, 0), '1': dc('East', 205.1, 410) },
    INV: {
      '0': {
        'Power DC': v(415.6, 'W', 1),
        YieldDay: v(1624.8, 'Wh', 0),
        YieldTotal: v(2469.1356, 'kWh', 3),
        Temperature: v(-4.25, '°C', 1),
        Efficiency: v(96.7878, '%', 3),
      },
    },
    events: 2,
    ...overrides,
  };
}

const devInfo: DevInfoStatus = {
  valid_data: true,
  fw_bootloader_version: 104,
  fw_build_version: 10018,
  hw_part_number: 269619201,
  hw_version: '01.00',
  hw_model_name: 'HM-800-2T',
  max_power: 800,
  fw_build_datetime: '2020-06-30 13:47:00',
};

function state(overrides: Partial<InverterPublishState> = {}): InverterPublishState {
  return {
    live: hm800(),
    pollEnable: true,
    devInfo,
    limitKnown: true,
    lastUpdate: 1_718_000_000,
    ...overrides,
  };
}

describe('formatNumber', () => {
  it('prints the given decimals', () => {
    expect(formatNumber(100, 2)).toBe('100.00');
    expect(formatNumber(230.44, 1)).toBe('230.4');
    expect(formatNumber(812.6, 0)).toBe('813');
    expect(formatNumber(null, 3)).toBe('0.000');
  });
});

describe('DTU topics (integrations §2.1)', () => {
  const dtu: DtuFigures = {
    uptime: 5_000_000.7,
    ip: '192.168.1.50',
    hostname: 'OpenDTU-A1B2C3',
    heap: { size: 327680, free: 150000, minfree: 120000, maxalloc: 90000 },
    wifi: { rssi: -61, bssid: 'aa:bb:cc:dd:ee:ff' },
    temperature: 47.256,
  };

  it('publishes every topic in order, with uptime not wrapping and 2-decimal temperature', () => {
    expect(pairs(dtuMessages(mqtt, dtu))).toEqual([
      ['solar/dtu/uptime', '5000000'],
      ['solar/dtu/ip', '192.168.1.50'],
      ['solar/dtu/hostname', 'OpenDTU-A1B2C3'],
      ['solar/dtu/heap/size', '327680'],
      ['solar/dtu/heap/free', '150000'],
      ['solar/dtu/heap/minfree', '120000'],
      ['solar/dtu/heap/maxalloc', '90000'],
      ['solar/dtu/rssi', '-61'],
      ['solar/dtu/bssid', 'AA:BB:CC:DD:EE:FF'],
      ['solar/dtu/temperature', '47.26'],
    ]);
  });

  it('leaves out rssi/bssid without Wi-Fi and temperature while invalid; QoS 0 with the retain flag', () => {
    const messages = dtuMessages(
      { ...mqtt, topic: 'pv/', retain: false },
      { ...dtu, wifi: null, temperature: null },
    );
    expect(messages.map((m) => m.topic)).toEqual([
      'pv/dtu/uptime',
      'pv/dtu/ip',
      'pv/dtu/hostname',
      'pv/dtu/heap/size',
      'pv/dtu/heap/free',
      'pv/dtu/heap/minfree',
      'pv/dtu/heap/maxalloc',
    ]);
    expect(messages.every((m) => m.qos === 0 && !m.retain)).toBe(true);
  });
});

describe('totals (integrations §2.2)', () => {
  it('has the documented payloads without inverters', () => {
    expect(pairs(totalMessages(mqtt, []))).toEqual([
      ['solar/ac/power', '0'],
      ['solar/ac/yieldtotal', '0'],
      ['solar/ac/yieldday', '0'],
      ['solar/ac/is_valid', '1'],
      ['solar/dc/power', '0'],
      ['solar/dc/irradiation', '0.000'],
      ['solar/dc/is_valid', '1'],
    ]);
  });

  it('sums power over polling inverters and yields over poll_enable ones', () => {
    const second = hm800({ serial: '114172345679', reachable: false });
    const payloads = pairs(totalMessages(mqtt, [state(), state({ live: second })]));
    expect(payloads).toEqual([
      ['solar/ac/power', '804.5'],
      ['solar/ac/yieldtotal', '4938.271'],
      ['solar/ac/yieldday', '3250'],
      ['solar/ac/is_valid', '0'],
      ['solar/dc/power', '831.2'],
      // Only input 2 has a max power: 2 × 205.1 W of 2 × 410 W.
      ['solar/dc/irradiation', '50.024'],
      ['solar/dc/is_valid', '0'],
    ]);
  });

  it('at night drops polling-disabled inverters from power and validity, keeping yields', () => {
    const night = state({
      live: hm800({ poll_enabled: false, reachable: false, producing: false }),
    });
    expect(pairs(totalMessages(mqtt, [night]))).toEqual([
      ['solar/ac/power', '0'],
      ['solar/ac/yieldtotal', '2469.136'],
      ['solar/ac/yieldday', '1625'],
      ['solar/ac/is_valid', '1'],
      ['solar/dc/power', '0'],
      ['solar/dc/irradiation', '0.000'],
      ['solar/dc/is_valid', '1'],
    ]);
    // poll_enable off in the config: not in the yields either.
    expect(pairs(totalMessages(mqtt, [{ ...night, pollEnable: false }])).slice(1, 3)).toEqual([
      ['solar/ac/yieldtotal', '0'],
      ['solar/ac/yieldday', '0'],
    ]);
  });
});

describe('per-inverter status topics (integrations §2.3)', () => {
  it('publishes the 18 messages of an HM-800 in table order', () => {
    expect(pairs(inverterStatusMessages(mqtt, state()))).toEqual([
      ['solar/114172345678/name', 'Balcony'],
      ['solar/114172345678/radio/tx_request', '120'],
      ['solar/114172345678/radio/tx_re_request', '4'],
      ['solar/114172345678/radio/rx_success', '110'],
      ['solar/114172345678/radio/rx_fail_nothing', '6'],
      ['solar/114172345678/radio/rx_fail_partial', '3'],
      ['solar/114172345678/radio/rx_fail_corrupt', '1'],
      ['solar/114172345678/radio/rssi', '-30'],
      ['solar/114172345678/device/bootloaderversion', '104'],
      ['solar/114172345678/device/fwbuildversion', '10018'],
      ['solar/114172345678/device/fwbuilddatetime', '2020-06-30 13:47:00'],
      ['solar/114172345678/device/hwpartnumber', '269619201'],
      ['solar/114172345678/device/hwversion', '01.00'],
      ['solar/114172345678/status/limit_relative', '100.00'],
      ['solar/114172345678/status/limit_absolute', '800.00'],
      ['solar/114172345678/status/reachable', '1'],
      ['solar/114172345678/status/producing', '1'],
      ['solar/114172345678/status/last_update', '1718000000'],
    ]);
  });

  it('lower-cases the serial, trims the name and leaves out what is not known yet', () => {
    const fresh = state({
      live: hm800({
        serial: '1141ABCDEF01',
        name: '  Garage ',
        reachable: false,
        producing: false,
        limit_relative: 0,
        limit_absolute: -1,
      }),
      devInfo: { ...devInfo, valid_data: false },
      limitKnown: false,
      lastUpdate: 0,
    });
    expect(pairs(inverterStatusMessages(mqtt, fresh))).toEqual([
      ['solar/1141abcdef01/name', 'Garage'],
      ['solar/1141abcdef01/radio/tx_request', '120'],
      ['solar/1141abcdef01/radio/tx_re_request', '4'],
      ['solar/1141abcdef01/radio/rx_success', '110'],
      ['solar/1141abcdef01/radio/rx_fail_nothing', '6'],
      ['solar/1141abcdef01/radio/rx_fail_partial', '3'],
      ['solar/1141abcdef01/radio/rx_fail_corrupt', '1'],
      ['solar/1141abcdef01/radio/rssi', '-30'],
      ['solar/1141abcdef01/status/reachable', '0'],
      ['solar/1141abcdef01/status/producing', '0'],
      ['solar/1141abcdef01/status/last_update', '0'],
    ]);
  });

  it('publishes limit_relative alone while the max power is unknown', () => {
    const topics = inverterStatusMessages(
      mqtt,
      state({ live: hm800({ limit_relative: 37.5, limit_absolute: -1 }) }),
    ).filter((m) => m.topic.includes('/status/limit'));
    expect(pairs(topics)).toEqual([['solar/114172345678/status/limit_relative', '37.50']]);
  });
});

describe('per-channel measurement topics (integrations §2.4)', () => {
  it('publishes the 25 messages of an HM-800: AC 0, DC 1..2, INV 0 with field decimals', () => {
    expect(pairs(inverterChannelMessages(mqtt, state()))).toEqual([
      ['solar/114172345678/0/voltage', '230.4'],
      ['solar/114172345678/0/current', '1.75'],
      ['solar/114172345678/0/power', '402.3'],
      ['solar/114172345678/0/frequency', '50.02'],
      ['solar/114172345678/0/powerfactor', '0.999'],
      ['solar/114172345678/0/reactivepower', '12.3'],
      ['solar/114172345678/1/name', ''],
      ['solar/114172345678/1/voltage', '31.4'],
      ['solar/114172345678/1/current', '6.70'],
      ['solar/114172345678/1/power', '210.5'],
      ['solar/114172345678/1/yieldday', '812'],
      ['solar/114172345678/1/yieldtotal', '1234.568'],
      // No max_power: the web API hides irradiation, MQTT sends 0.000.
      ['solar/114172345678/1/irradiation', '0.000'],
      ['solar/114172345678/2/name', 'East'],
      ['solar/114172345678/2/voltage', '31.4'],
      ['solar/114172345678/2/current', '6.52'],
      ['solar/114172345678/2/power', '205.1'],
      ['solar/114172345678/2/yieldday', '812'],
      ['solar/114172345678/2/yieldtotal', '1234.568'],
      ['solar/114172345678/2/irradiation', '50.024'],
      ['solar/114172345678/0/powerdc', '415.6'],
      ['solar/114172345678/0/yieldday', '1625'],
      ['solar/114172345678/0/yieldtotal', '2469.136'],
      ['solar/114172345678/0/temperature', '-4.3'],
      ['solar/114172345678/0/efficiency', '96.788'],
    ]);
  });

  it('uses the retain flag for every message, the empty name included', () => {
    const messages = inverterChannelMessages({ ...mqtt, retain: true }, state());
    expect(messages.every((m) => m.retain && m.qos === 0)).toBe(true);
  });
});

describe('ChannelPublishTracker (integrations §2.4, §2.5)', () => {
  it('owes a block once per change, keyed by serial in any case', () => {
    const tracker = new ChannelPublishTracker();
    expect(tracker.take('114172345678')).toBe(false);
    tracker.markChanged('1141ABCDEF01');
    tracker.markChanged('1141abcdef01');
    expect(tracker.take('1141abcdef01')).toBe(true);
    expect(tracker.take('1141abcdef01')).toBe(false);
    tracker.markChanged('114172345678');
    tracker.forget('114172345678');
    expect(tracker.take('114172345678')).toBe(false);
  });
});

describe('hasWildcard', () => {
  it('spots the characters a broker refuses in a published topic', () => {
    expect(hasWildcard('solar/')).toBe(false);
    expect(hasWildcard('so+lar/')).toBe(true);
    expect(hasWildcard('solar/#')).toBe(true);
  });
});

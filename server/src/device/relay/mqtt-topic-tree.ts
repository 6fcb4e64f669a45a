import {
  AC_FIELDS,
  DC_FIELDS,
  INV_FIELDS,
  TOTAL_FIELDS,
  type Hints,
  type LiveDataFullStatus,
  type LiveInverterFull,
  type LiveTotal,
  type RadioStats,
} from '@heliodtu/contract/live-data';
import type { ValueObject } from '@heliodtu/contract/value';

/**
 * What a device publishes under its base topic (OpenDTU's tree, integrations §2), kept as it
 * arrives and read back in the live data's wire shapes (wire-contract §4.2), so that nothing
 * downstream tells an MQTT device from an HTTP one. A figure the tree does not carry (or has
 * not carried yet) is null, never 0.
 */

/** Topic field → live data key of channel 0's AC values (integrations §2.4). */
const AC_TOPIC_KEYS: Record<string, keyof typeof AC_FIELDS> = {
  power: 'Power',
  voltage: 'Voltage',
  current: 'Current',
  frequency: 'Frequency',
  powerfactor: 'PowerFactor',
  reactivepower: 'ReactivePower',
};
/** Channel 0's inverter values: their topic names never collide with the AC ones. */
const INV_TOPIC_KEYS: Record<string, keyof typeof INV_FIELDS> = {
  powerdc: 'Power DC',
  yieldday: 'YieldDay',
  yieldtotal: 'YieldTotal',
  temperature: 'Temperature',
  efficiency: 'Efficiency',
};
const DC_TOPIC_KEYS: Record<string, keyof typeof DC_FIELDS> = {
  power: 'Power',
  voltage: 'Voltage',
  current: 'Current',
  yieldday: 'YieldDay',
  yieldtotal: 'YieldTotal',
  irradiation: 'Irradiation',
};
const RADIO_KEYS: (keyof RadioStats)[] = [
  'tx_request',
  'tx_re_request',
  'rx_success',
  'rx_fail_nothing',
  'rx_fail_partial',
  'rx_fail_corrupt',
  'rssi',
];
/** OpenDTU's serial in topics: hex, lower case (integrations §2.3). */
const SERIAL_TOPIC = /^[0-9a-f]{1,16}$/;

interface InverterTopics {
  name?: string;
  /** The first-seen order: the live data's `order`. */
  order: number;
  status: Map<string, string>;
  /** Host ms each status field was last published (a command's read-back must be newer). */
  statusAt: Map<string, number>;
  radio: Map<string, string>;
  /** `device/…`: the inverter's hardware and firmware (hwpartnumber, fwbuildversion…). */
  device: Map<string, string>;
  /** Channel number → field → payload. */
  channels: Map<number, Map<string, string>>;
  /** Host ms a new packet was told (status/last_update changed); undefined before. */
  packetAt?: number;
}

/** What one message changed: the DTU, the totals, or one inverter (by serial). */
export type TopicChange =
  | { kind: 'dtu'; field: string }
  | { kind: 'total' }
  | { kind: 'inverter'; serial: string }
  | { kind: 'other' };

export class MqttTopicTree {
  private readonly inverters = new Map<string, InverterTopics>();
  private readonly dtu = new Map<string, string>();
  private readonly totals = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one message below the base topic (`subtopic` without the prefix). */
  accept(subtopic: string, payload: string): TopicChange {
    const parts = subtopic.split('/');
    const [head, second, third] = parts;
    if (head === 'dtu' && second !== undefined) {
      this.dtu.set(parts.slice(1).join('/'), payload);
      return { kind: 'dtu', field: parts.slice(1).join('/') };
    }
    if ((head === 'ac' || head === 'dc') && second !== undefined && parts.length === 2) {
      this.totals.set(subtopic, payload);
      return { kind: 'total' };
    }
    if (head === undefined || !SERIAL_TOPIC.test(head) || second === undefined) {
      return { kind: 'other' };
    }
    // `cmd/…` is what others send the device, never what it publishes.
    if (second === 'cmd') return { kind: 'other' };
    const inverter = this.inverterOf(head);
    if (second === 'name' && parts.length === 2) inverter.name = payload;
    else if (second === 'status' && third !== undefined) {
      if (third === 'last_update' && inverter.status.get(third) !== payload) {
        inverter.packetAt = this.now();
      }
      inverter.status.set(third, payload);
      inverter.statusAt.set(third, this.now());
    } else if (second === 'radio' && third !== undefined) inverter.radio.set(third, payload);
    else if (second === 'device' && third !== undefined) inverter.device.set(third, payload);
    else if (/^\d+$/.test(second) && third !== undefined && parts.length === 3) {
      const channel = Number(second);
      const fields = inverter.channels.get(channel) ?? new Map<string, string>();
      fields.set(third, payload);
      inverter.channels.set(channel, fields);
    } else return { kind: 'other' };
    return { kind: 'inverter', serial: head };
  }

  /** The DTU's own topics (`hostname`, `ip`, `status`, `uptime`…) as last published. */
  dtuField(field: string): string | undefined {
    return this.dtu.get(field);
  }

  /**
   * One status field of an inverter (`limit_relative`, `producing`…) as last published, with
   * the host ms it arrived; undefined before it was.
   */
  statusField(serial: string, field: string): { payload: string; at: number } | undefined {
    const topics = this.inverters.get(serial);
    const payload = topics?.status.get(field);
    const at = topics?.statusAt.get(field);
    return payload === undefined || at === undefined ? undefined : { payload, at };
  }

  /** One `device/…` field of an inverter (`hwpartnumber`…) as last published. */
  deviceField(serial: string, field: string): string | undefined {
    return this.inverters.get(serial)?.device.get(field);
  }

  inverterSerials(): string[] {
    return [...this.inverters.keys()];
  }

  /** One inverter's full live data object, or undefined when it never published. */
  inverter(serial: string): LiveInverterFull | undefined {
    const topics = this.inverters.get(serial);
    if (!topics) return undefined;
    const number = (text: string | undefined) => {
      if (text === undefined || text.trim() === '') return null;
      const value = Number(text);
      return Number.isFinite(value) ? value : null;
    };
    const flag = (name: string) => topics.status.get(name) === '1';
    const channel0 = topics.channels.get(0) ?? new Map<string, string>();
    const values = <K extends string>(
      fields: Record<K, { u: string; d: number }>,
      keys: Record<string, K>,
      payloads: Map<string, string>,
    ) => {
      const out = {} as Record<K, ValueObject>;
      for (const [key, unit] of Object.entries(fields) as [K, { u: string; d: number }][]) {
        out[key] = { v: null, u: unit.u, d: unit.d };
      }
      for (const [topic, key] of Object.entries(keys)) {
        const v = number(payloads.get(topic));
        if (v !== null) out[key] = { ...out[key], v };
      }
      return out;
    };
    const dcChannels = [...topics.channels.keys()].filter((n) => n >= 1).sort((a, b) => a - b);
    const DC: LiveInverterFull['DC'] = {};
    for (const n of dcChannels) {
      const payloads = topics.channels.get(n)!;
      const { Irradiation, ...rest } = values(DC_FIELDS, DC_TOPIC_KEYS, payloads);
      // The web API hides irradiation without the string's Wp; MQTT sends it anyway (0.000).
      // A share above 0 tells the Wp: power ÷ share.
      const power = rest.Power.v;
      const share = Irradiation.v;
      const max =
        power !== null && share !== null && share > 0 ? Math.round((power * 100) / share) : 0;
      DC[String(n - 1)] = {
        name: { u: payloads.get('name') ?? '' },
        ...rest,
        ...(max > 0 ? { Irradiation: { ...Irradiation, max } } : {}),
      };
    }
    const limitRelative = number(topics.status.get('limit_relative'));
    const limitAbsolute = number(topics.status.get('limit_absolute'));
    const radio = Object.fromEntries(
      RADIO_KEYS.map((key) => [
        key,
        Math.trunc(number(topics.radio.get(key)) ?? (key === 'rssi' ? -127 : 0)),
      ]),
    ) as RadioStats;
    const ageSeconds =
      topics.packetAt === undefined
        ? 0
        : Math.max(0, Math.floor((this.now() - topics.packetAt) / 1000));
    return {
      serial,
      name: topics.name ?? serial,
      order: topics.order,
      data_age: ageSeconds,
      // Polling is not published; a device that publishes the inverter polls it.
      poll_enabled: true,
      reachable: flag('reachable'),
      producing: flag('producing'),
      limit_relative: limitRelative ?? 0,
      // -1 is the wire's "not known".
      limit_absolute: limitAbsolute ?? -1,
      radio_stats: radio,
      AC: { '0': values(AC_FIELDS, AC_TOPIC_KEYS, channel0) },
      DC,
      INV: { '0': values(INV_FIELDS, INV_TOPIC_KEYS, channel0) },
      // The event log is not published: -1, as for a model without one.
      events: -1,
    };
  }

  /** The device's totals (integrations §2.2); a total not published yet is null. */
  total(): LiveTotal {
    const value = (topic: string, field: keyof typeof TOTAL_FIELDS): ValueObject => {
      const text = this.totals.get(topic);
      const v = text === undefined || text.trim() === '' ? null : Number(text);
      return { v: v !== null && Number.isFinite(v) ? v : null, ...TOTAL_FIELDS[field] };
    };
    return {
      Power: value('ac/power', 'Power'),
      YieldDay: value('ac/yieldday', 'YieldDay'),
      YieldTotal: value('ac/yieldtotal', 'YieldTotal'),
    };
  }

  /** None of the hints is published: each is false (nothing to warn about that we know of). */
  hints(): Hints {
    return { time_sync: false, radio_problem: false, default_password: false };
  }

  /** `GET /api/livedata/status` (every inverter, common fields) or `?inv=` (one, full). */
  status(
    serial?: string,
  ): LiveDataFullStatus | (Omit<LiveDataFullStatus, 'inverters'> & { inverters: unknown[] }) {
    const total = this.total();
    const hints = this.hints();
    if (serial !== undefined) {
      const one = this.inverter(serial);
      return { inverters: one ? [one] : [], total, hints };
    }
    const inverters = this.inverterSerials().map((each) => {
      const { AC: _ac, DC: _dc, INV: _inv, events: _events, ...common } = this.inverter(each)!;
      return common;
    });
    return { inverters, total, hints };
  }

  private inverterOf(serial: string): InverterTopics {
    let topics = this.inverters.get(serial);
    if (!topics) {
      topics = {
        order: this.inverters.size,
        status: new Map(),
        statusAt: new Map(),
        radio: new Map(),
        device: new Map(),
        channels: new Map(),
      };
      this.inverters.set(serial, topics);
    }
    return topics;
  }
}

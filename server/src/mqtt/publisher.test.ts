import { describe, expect, it } from 'vitest';
import { DevInfoStatusSchema } from '@heliodtu/contract/dev-info';
import { InverterListSchema } from '@heliodtu/contract/inverter';
import { LiveDataFullStatusSchema, type LiveInverterFull } from '@heliodtu/contract/live-data';
import { NetworkStatusSchema } from '@heliodtu/contract/network';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import type { TestGateway } from '../../test/helpers/build-test-app.js';
import {
  DEMO_SERIALS,
  HM_SERIAL,
  HMS_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
} from '../../test/helpers/live-gateway.js';
import { useMosquitto } from '../../test/helpers/mosquitto-suite.js';
import {
  FAST_RECONNECT,
  connectMqtt,
  nextRun,
  payloadMap,
} from '../../test/helpers/mqtt-gateway.js';
import { waitFor } from '../../test/helpers/mqtt-watcher.js';

const mosquitto = useMosquitto();
const { watch } = mosquitto;

async function live(gw: TestGateway, serial: string): Promise<LiveInverterFull> {
  const status = LiveDataFullStatusSchema.parse(await gw.get(`/api/livedata/status?inv=${serial}`));
  const inverter = status.inverters[0];
  if (!inverter) throw new Error(`no live data for ${serial}`);
  return inverter;
}

const fixed = (v: number | null | undefined, d: number) => (v ?? 0).toFixed(d);

/** The status topics of integrations §2.3, written out from the documentation, not from the code. */
function statusTopics(serial: string, known: boolean): string[] {
  return [
    'name',
    ...[
      'tx_request',
      'tx_re_request',
      'rx_success',
      'rx_fail_nothing',
      'rx_fail_partial',
      'rx_fail_corrupt',
      'rssi',
    ].map((f) => `radio/${f}`),
    ...(known
      ? [
          'device/bootloaderversion',
          'device/fwbuildversion',
          'device/fwbuilddatetime',
          'device/hwpartnumber',
          'device/hwversion',
          'status/limit_relative',
          'status/limit_absolute',
        ]
      : []),
    'status/reachable',
    'status/producing',
    'status/last_update',
  ].map((t) => `${serial}/${t}`);
}

/** The channel topics of integrations §2.4 with their documented decimals, from the live data of the web API. */
function channelPayloads(inv: LiveInverterFull): [string, string][] {
  const s = inv.serial;
  const ac = inv.AC['0'];
  const out: [string, string][] = [
    [`${s}/0/voltage`, fixed(ac?.Voltage.v, 1)],
    [`${s}/0/current`, fixed(ac?.Current.v, 2)],
    [`${s}/0/power`, fixed(ac?.Power.v, 1)],
    [`${s}/0/frequency`, fixed(ac?.Frequency.v, 2)],
    [`${s}/0/powerfactor`, fixed(ac?.PowerFactor.v, 3)],
    [`${s}/0/reactivepower`, fixed(ac?.ReactivePower.v, 1)],
  ];
  for (const [key, dc] of Object.entries(inv.DC)) {
    const n = Number(key) + 1;
    out.push(
      [`${s}/${n}/name`, dc.name.u],
      [`${s}/${n}/voltage`, fixed(dc.Voltage.v, 1)],
      [`${s}/${n}/current`, fixed(dc.Current.v, 2)],
      [`${s}/${n}/power`, fixed(dc.Power.v, 1)],
      [`${s}/${n}/yieldday`, fixed(dc.YieldDay.v, 0)],
      [`${s}/${n}/yieldtotal`, fixed(dc.YieldTotal.v, 3)],
      [`${s}/${n}/irradiation`, fixed(dc.Irradiation?.v, 3)],
    );
  }
  const i = inv.INV['0'];
  out.push(
    [`${s}/0/powerdc`, fixed(i?.['Power DC'].v, 1)],
    [`${s}/0/yieldday`, fixed(i?.YieldDay.v, 0)],
    [`${s}/0/yieldtotal`, fixed(i?.YieldTotal.v, 3)],
    [`${s}/0/temperature`, fixed(i?.Temperature.v, 1)],
    [`${s}/0/efficiency`, fixed(i?.Efficiency.v, 3)],
  );
  return out;
}

const DTU_TOPICS = [
  'uptime',
  'ip',
  'hostname',
  'heap/size',
  'heap/free',
  'heap/minfree',
  'heap/maxalloc',
  'rssi',
  'bssid',
  'temperature',
].map((t) => `dtu/${t}`);
const TOTAL_TOPICS = [
  'ac/power',
  'ac/yieldtotal',
  'ac/yieldday',
  'ac/is_valid',
  'dc/power',
  'dc/irradiation',
  'dc/is_valid',
];
const strip = (base: string, topics: string[]) => topics.map((t) => t.slice(base.length));

describe('MQTT topic tree of the demo fleet (integrations §2)', () => {
  it('at simulated noon: every topic, in order, with the payloads of the web API', async () => {
    const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 });
    await waitFor(
      () =>
        DEMO_SERIALS.every(
          (s) => gw.app.device.inverterState(s)?.limitKnown && gw.app.device.devInfo(s)?.valid_data,
        ),
      'limits and device info of the demo fleet',
      15_000,
    );
    // Freeze the fleet so MQTT and the web API can be compared value for value.
    await gw.app.device.stop();
    const inverters = await Promise.all(DEMO_SERIALS.map((s) => live(gw, s)));
    const watcher = await watch('p1/#');
    await connectMqtt(gw, mosquitto.broker, { mqtt_topic: 'p1/' });
    const { messages, end } = await nextRun(watcher, 'p1/');
    const firstRunSeen = Date.now();
    const topics = strip(
      'p1/',
      messages.map((m) => m.topic),
    );
    const payload = (topic: string) => payloadMap(messages).get(`p1/${topic}`);

    expect(topics).toEqual([
      ...DTU_TOPICS,
      ...inverters.flatMap((inv) => [
        ...statusTopics(inv.serial, true),
        ...channelPayloads(inv).map(([t]) => t),
      ]),
      ...TOTAL_TOPICS,
    ]);
    // HM-800: 18 + 25, HMS-2000-4T: 18 + 39, HMT-2250-6T: 18 + 53.
    expect(messages).toHaveLength(10 + 43 + 57 + 71 + 7);

    const system = SystemStatusSchema.parse(await gw.get('/api/system/status'));
    const network = NetworkStatusSchema.parse(await gw.get('/api/network/status'));
    expect(payload('dtu/hostname')).toBe(system.hostname);
    expect(payload('dtu/ip')).toBe(network.network_ip);
    expect(payload('dtu/bssid')).toBe(network.sta_bssid.toUpperCase());
    expect(Number(payload('dtu/uptime'))).toBeLessThanOrEqual(system.uptime);
    for (const t of [
      'dtu/uptime',
      'dtu/heap/size',
      'dtu/heap/free',
      'dtu/heap/minfree',
      'dtu/heap/maxalloc',
      'dtu/rssi',
    ]) {
      expect(payload(t)).toMatch(/^-?\d+$/);
    }
    expect(payload('dtu/temperature')).toMatch(/^\d+\.\d\d$/);

    for (const inv of inverters) {
      const s = inv.serial;
      const devinfo = DevInfoStatusSchema.parse(await gw.get(`/api/devinfo/status?inv=${s}`));
      expect(payload(`${s}/name`)).toBe(inv.name);
      expect(payload(`${s}/radio/rx_success`)).toBe(String(inv.radio_stats.rx_success));
      expect(payload(`${s}/radio/rssi`)).toBe(String(inv.radio_stats.rssi));
      expect(payload(`${s}/device/bootloaderversion`)).toBe(String(devinfo.fw_bootloader_version));
      expect(payload(`${s}/device/fwbuildversion`)).toBe(String(devinfo.fw_build_version));
      expect(payload(`${s}/device/fwbuilddatetime`)).toBe(devinfo.fw_build_datetime);
      expect(payload(`${s}/device/hwpartnumber`)).toBe(String(devinfo.hw_part_number));
      expect(payload(`${s}/device/hwversion`)).toBe(devinfo.hw_version);
      expect(payload(`${s}/status/limit_relative`)).toBe('100.00');
      expect(payload(`${s}/status/limit_absolute`)).toBe(fixed(devinfo.max_power, 2));
      expect(payload(`${s}/status/reachable`)).toBe('1');
      expect(payload(`${s}/status/producing`)).toBe(inv.producing ? '1' : '0');
      const lastUpdate = Number(payload(`${s}/status/last_update`));
      expect(lastUpdate).toBeGreaterThan(Date.parse('2025-06-21T09:00:00Z') / 1000);
      expect(lastUpdate).toBeLessThanOrEqual(gw.app.clock.now() / 1000);
      for (const [topic, value] of channelPayloads(inv))
        expect([topic, payload(topic)]).toEqual([topic, value]);
    }
    expect(inverters.some((inv) => inv.producing)).toBe(true);

    const total = LiveDataFullStatusSchema.parse(
      await gw.get(`/api/livedata/status?inv=${HM_SERIAL}`),
    ).total;
    const dcInputs = inverters.flatMap((inv) => Object.values(inv.DC));
    const dcPower = dcInputs.reduce((a, dc) => a + (dc.Power.v ?? 0), 0);
    const wattPeak = dcInputs.reduce((a, dc) => a + (dc.Irradiation?.max ?? 0), 0);
    expect(messages.slice(-7).map((m) => [m.topic.slice(3), m.payload])).toEqual([
      ['ac/power', fixed(total.Power.v, 1)],
      ['ac/yieldtotal', fixed(total.YieldTotal.v, 3)],
      ['ac/yieldday', fixed(total.YieldDay.v, 0)],
      ['ac/is_valid', '1'],
      ['dc/power', fixed(dcPower, 1)],
      ['dc/irradiation', fixed((dcPower / wattPeak) * 100, 3)],
      ['dc/is_valid', '1'],
    ]);

    // Everything is retained: a late subscriber gets the whole tree.
    const late = await watch('p1/#');
    await waitFor(() => late.messages.length >= messages.length + 1, 'retained tree');
    expect(late.messages.every((m) => m.retain)).toBe(true);
    // The house's topics (export control is on every gateway) are house-mqtt.test.ts's.
    const fleetTopics = late.messages
      .map((m) => m.topic)
      .filter((topic) => !/^p1\/(gridmeter|exportcontrol)\//.test(topic));
    expect(new Set(fleetTopics)).toEqual(
      new Set([...messages.map((m) => m.topic), 'p1/dtu/status']),
    );

    // The next run comes one publish interval (5 s) later, without channel topics: nothing changed.
    // Measured from when the first run was seen, so slow checks above cannot eat into it.
    const second = await nextRun(watcher, 'p1/', end, 9000);
    expect(Date.now() - firstRunSeen).toBeGreaterThan(3500);
    expect(
      strip(
        'p1/',
        second.messages.map((m) => m.topic),
      ),
    ).toEqual([
      ...DTU_TOPICS,
      ...inverters.flatMap((inv) => statusTopics(inv.serial, true)),
      ...TOTAL_TOPICS,
    ]);
  });

  it('at night: polling off, runtime zeroing and midnight zeroing as documented (integrations §2.5)', async () => {
    const gw = await buildLiveGateway({ ...FAST_RECONNECT, simSpeed: 60 });
    const list = InverterListSchema.parse(await gw.get('/api/inverter/list')).inverter;
    const edit = async (serial: string, change: Record<string, unknown>) => {
      const inverter = list.find((i) => i.serial === serial);
      expect(await gw.post('/api/inverter/edit', { ...inverter, ...change })).toMatchObject({
        code: 4007,
      });
    };
    await edit(HM_SERIAL, { poll_enable_night: false });
    await edit(HMS_SERIAL, { zero_runtime: true });
    await edit(HMT_SERIAL, { zero_day: true, command_enable_night: false });
    const before = await live(gw, HM_SERIAL);
    const yieldTotalBefore = (await live(gw, HMS_SERIAL)).INV['0']?.YieldTotal.v ?? 0;
    expect(
      await gw.post('/api/ntp/time', {
        year: 2025,
        month: 6,
        day: 21,
        hour: 23,
        minute: 59,
        second: 0,
      }),
    ).toMatchObject({
      code: 9010,
    });
    // Past midnight, HMS and HMT asleep and unreachable, HMS zeroed.
    await waitFor(
      async () => {
        const [hms, hmt] = [await live(gw, HMS_SERIAL), await live(gw, HMT_SERIAL)];
        return (
          !hms.reachable &&
          !hmt.reachable &&
          hms.AC['0']?.Power.v === 0 &&
          hmt.INV['0']?.YieldDay.v === 0
        );
      },
      'night state',
      15_000,
    );
    const [hm, hms, hmt] = (await Promise.all(
      [HM_SERIAL, HMS_SERIAL, HMT_SERIAL].map((s) => live(gw, s)),
    )) as [LiveInverterFull, LiveInverterFull, LiveInverterFull];
    expect(hm.poll_enabled).toBe(false);

    const watcher = await watch('p2/#');
    await connectMqtt(gw, mosquitto.broker, { mqtt_topic: 'p2/' });
    const first = await nextRun(watcher, 'p2/');
    const payload = (topic: string) => payloadMap(first.messages).get(`p2/${topic}`);
    // Polling disabled: reachable and producing 0, last_update kept.
    expect(payload(`${HM_SERIAL}/status/reachable`)).toBe('0');
    expect(payload(`${HM_SERIAL}/status/producing`)).toBe('0');
    expect(Number(payload(`${HM_SERIAL}/status/last_update`))).toBeGreaterThan(
      Date.parse('2025-06-21T09:00:00Z') / 1000,
    );
    expect(payload(`${HM_SERIAL}/0/power`)).toBe(fixed(before.AC['0']?.Power.v, 1));
    // zero_runtime: runtime values 0, yields kept.
    expect(payload(`${HMS_SERIAL}/status/reachable`)).toBe('0');
    expect(payload(`${HMS_SERIAL}/0/power`)).toBe('0.0');
    expect(payload(`${HMS_SERIAL}/0/voltage`)).toBe('0.0');
    expect(payload(`${HMS_SERIAL}/1/current`)).toBe('0.00');
    expect(payload(`${HMS_SERIAL}/0/efficiency`)).toBe('0.000');
    expect(Number(payload(`${HMS_SERIAL}/0/yieldtotal`))).toBeCloseTo(yieldTotalBefore, 2);
    // zero_day at midnight: day yields 0; without zero_runtime the stale power stays.
    expect(payload(`${HMT_SERIAL}/0/yieldday`)).toBe('0');
    expect(payload(`${HMT_SERIAL}/3/yieldday`)).toBe('0');
    expect(payload(`${HMT_SERIAL}/status/reachable`)).toBe('0');
    expect(payload(`${HMT_SERIAL}/status/producing`)).toBe(hmt.producing ? '1' : '0');
    // Totals: power over the polling inverters (HMS, HMT) only; yields of all; not valid.
    expect(payload('ac/power')).toBe(
      fixed((hms.AC['0']?.Power.v ?? 0) + (hmt.AC['0']?.Power.v ?? 0), 1),
    );
    expect(payload('ac/yieldday')).toBe(
      fixed((hm.INV['0']?.YieldDay.v ?? 0) + (hms.INV['0']?.YieldDay.v ?? 0), 0),
    );
    expect(payload('ac/is_valid')).toBe('0');
    expect(payload('dc/is_valid')).toBe('0');

    // Later runs: status topics always; channel topics only for HMS, zeroed again at each poll turn.
    const second = await nextRun(watcher, 'p2/', first.end, 9000);
    const channelOwners = new Set(
      second.messages
        .filter((m) => /^p2\/\w+\/\d\//.test(m.topic))
        .map((m) => m.topic.split('/')[1]),
    );
    expect([...channelOwners]).toEqual([HMS_SERIAL]);
    expect(payloadMap(second.messages).get(`p2/${HMS_SERIAL}/0/power`)).toBe('0.0');
    for (const s of DEMO_SERIALS)
      expect(payloadMap(second.messages).get(`p2/${s}/status/reachable`)).toBe('0');
  });
});

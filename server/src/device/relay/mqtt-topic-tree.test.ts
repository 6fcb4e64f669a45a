import { describe, expect, it } from 'vitest';
import { MqttTopicTree } from './mqtt-topic-tree.js';

/** Payloads written out from integrations §2, not from our publisher. */
function hm800(tree: MqttTopicTree) {
  const s = '116180212345';
  const topics: [string, string][] = [
    ['dtu/hostname', 'OpenDTU-Cottage'],
    [`${s}/name`, 'Garage roof'],
    [`${s}/radio/rx_success`, '42'],
    [`${s}/radio/rssi`, '-30'],
    [`${s}/status/limit_relative`, '80.00'],
    [`${s}/status/reachable`, '1'],
    [`${s}/status/producing`, '1'],
    [`${s}/status/last_update`, '1750500000'],
    [`${s}/0/voltage`, '231.4'],
    [`${s}/0/power`, '512.3'],
    [`${s}/1/name`, 'East'],
    [`${s}/1/power`, '270.0'],
    [`${s}/1/irradiation`, '67.500'],
    [`${s}/2/name`, ''],
    [`${s}/2/power`, '262.1'],
    [`${s}/2/irradiation`, '0.000'],
    [`${s}/0/powerdc`, '532.1'],
    [`${s}/0/yieldtotal`, '1234.567'],
    ['ac/power', '512.3'],
    ['ac/yieldday', '1830'],
  ];
  for (const [topic, payload] of topics) tree.accept(topic, payload);
  return s;
}

describe('MqttTopicTree: OpenDTU topics read back in the live data shapes', () => {
  it('builds the inverter with its names, channels and status as published', () => {
    const tree = new MqttTopicTree(() => 1_000_000);
    const serial = hm800(tree);
    const live = tree.inverter(serial)!;
    expect(live).toMatchObject({
      serial,
      name: 'Garage roof',
      order: 0,
      reachable: true,
      producing: true,
      limit_relative: 80,
      // Not published before max_power is known: the wire's "unknown".
      limit_absolute: -1,
      radio_stats: { rx_success: 42, rssi: -30, tx_request: 0 },
      AC: { '0': { Power: { v: 512.3, u: 'W', d: 1 }, Voltage: { v: 231.4 } } },
      INV: { '0': { 'Power DC': { v: 532.1 }, YieldTotal: { v: 1234.567, d: 3 } } },
    });
    // DC inputs are 1-based in topics, 0-based in the live data.
    expect(live.DC['0']).toMatchObject({ name: { u: 'East' }, Power: { v: 270 } });
    // 67.5 % of the string's Wp is 270 W: 400 Wp. Without a share the field is left out.
    expect(live.DC['0']!.Irradiation).toEqual({ v: 67.5, u: '%', d: 3, max: 400 });
    expect(live.DC['1']!.Irradiation).toBeUndefined();
    expect(tree.dtuField('hostname')).toBe('OpenDTU-Cottage');
  });

  it('leaves what is not published unknown (null), never 0', () => {
    const tree = new MqttTopicTree();
    const serial = hm800(tree);
    const live = tree.inverter(serial)!;
    expect(live.AC['0']!.Frequency.v).toBeNull();
    expect(live.INV['0']!.Temperature.v).toBeNull();
    expect(live.DC['0']!.YieldDay.v).toBeNull();
    expect(tree.total()).toEqual({
      Power: { v: 512.3, u: 'W', d: 1 },
      YieldDay: { v: 1830, u: 'Wh', d: 0 },
      YieldTotal: { v: null, u: 'kWh', d: 3 },
    });
  });

  it('answers the list without channels and ?inv= with the full object', () => {
    const tree = new MqttTopicTree();
    const serial = hm800(tree);
    const list = tree.status();
    expect(list.inverters).toHaveLength(1);
    expect(list.inverters[0]).not.toHaveProperty('AC');
    expect(tree.status(serial).inverters[0]).toHaveProperty('DC');
    expect(tree.status('000000000001').inverters).toEqual([]);
  });

  it('ages the data from the last new packet and ignores topics that are not the tree', () => {
    let now = 1_000_000;
    const tree = new MqttTopicTree(() => now);
    const serial = hm800(tree);
    now += 7_000;
    expect(tree.inverter(serial)!.data_age).toBe(7);
    tree.accept(`${serial}/status/last_update`, '1750500005');
    expect(tree.inverter(serial)!.data_age).toBe(0);
    expect(tree.accept(`${serial}/cmd/limit_nonpersistent_relative`, '50')).toEqual({
      kind: 'other',
    });
    expect(tree.accept('homeassistant/sensor/x', '1')).toEqual({ kind: 'other' });
    expect(tree.inverterSerials()).toEqual([serial]);
  });
});

// A synthetic fleet for the benches: HMT-like inverters with their strings, each object as
// /api/livedata/status?inv= gives it, its figures moving with `tick`.

export const v = (value, u, d) => ({ v: Math.round(value * 10 ** d) / 10 ** d, u, d });
const serialOf = (i) => `1382823500${String(i).padStart(2, '0')}`;

export function inverterObject(i, tick, strings) {
  const wave = 0.8 + 0.2 * Math.sin((tick + i) / 7);
  const dc = {};
  let dcPower = 0;
  for (let s = 0; s < strings; s += 1) {
    const power = 300 * wave * (0.9 + 0.02 * s);
    dcPower += power;
    dc[String(s)] = {
      name: { u: `Roof ${i + 1}.${s + 1}` },
      Power: v(power, 'W', 1),
      Voltage: v(34 + s * 0.1, 'V', 1),
      Current: v(power / 34, 'A', 2),
      YieldDay: v(1200 + tick, 'Wh', 0),
      YieldTotal: v(3000 + i + tick / 1000, 'kWh', 3),
      Irradiation: { ...v((power / 400) * 100, '%', 3), max: 400 },
    };
  }
  const acPower = dcPower * 0.96;
  return {
    serial: serialOf(i),
    name: `Inverter ${i + 1}`,
    order: i,
    data_age: 0,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 2250,
    radio_stats: {
      tx_request: 1000 + tick,
      tx_re_request: 10,
      rx_success: 990 + tick,
      rx_fail_nothing: 5,
      rx_fail_partial: 3,
      rx_fail_corrupt: 2,
      rssi: -60,
    },
    AC: {
      0: {
        Power: v(acPower, 'W', 1),
        Voltage: v(400, 'V', 1),
        Current: v(acPower / 400, 'A', 2),
        Frequency: v(50, 'Hz', 2),
        PowerFactor: v(1, '', 3),
        ReactivePower: v(10, 'var', 1),
      },
    },
    DC: dc,
    INV: {
      0: {
        'Power DC': v(dcPower, 'W', 1),
        YieldDay: v(7200 + tick, 'Wh', 0),
        YieldTotal: v(18000 + tick / 1000, 'kWh', 3),
        Temperature: v(45, '°C', 1),
        Efficiency: v(96, '%', 3),
      },
    },
    events: 3,
  };
}

import { describe, expect, it } from 'vitest';
import { AC_FIELDS, DC_FIELDS, INV_FIELDS, type DcChannel } from '@heliodtu/contract/live-data';
import {
  formatPrometheusMetrics,
  type PrometheusChannels,
  type PrometheusDtu,
  type PrometheusInverter,
} from './prometheus.js';

const DTU: PrometheusDtu = {
  hostname: 'OpenDTU-A1B2C3',
  firmwareVersion: 'v24.11.7',
  configVersion: '0.1.29',
  chipModel: 'ESP32-D0WD-V3',
  mac: '24:0A:C4:A1:B2:C3',
  uptimeSeconds: 86400,
  heapSize: 327680,
  freeHeap: 150000,
  biggestHeapBlock: 110580,
  heapMinFree: 98000,
  wifiRssi: -61,
  bssid: 'B0:F2:08:11:22:33',
};

const value = (spec: { u: string; d: number }, v: number) => ({ v, u: spec.u, d: spec.d });

function dc(name: string, power: number, max: number): DcChannel {
  return {
    name: { u: name },
    Power: value(DC_FIELDS.Power, power),
    Voltage: value(DC_FIELDS.Voltage, 31.2),
    Current: value(DC_FIELDS.Current, power / 31.2),
    YieldDay: value(DC_FIELDS.YieldDay, 812),
    YieldTotal: value(DC_FIELDS.YieldTotal, 1234.5678),
    ...(max > 0
      ? { Irradiation: { ...value(DC_FIELDS.Irradiation, (power / max) * 100), max } }
      : {}),
  };
}

function channels(dcPowers: number[]): PrometheusChannels {
  const DC = Object.fromEntries(dcPowers.map((p, i) => [String(i), dc(`S${i + 1}`, p, 410)]));
  return {
    AC: {
      '0': {
        Power: value(AC_FIELDS.Power, 245.3),
        Voltage: value(AC_FIELDS.Voltage, 231.2),
        Current: value(AC_FIELDS.Current, 1.06),
        Frequency: value(AC_FIELDS.Frequency, 50.01),
        PowerFactor: value(AC_FIELDS.PowerFactor, 0.999),
        ReactivePower: value(AC_FIELDS.ReactivePower, 1.5),
      },
    },
    DC,
    INV: {
      '0': {
        'Power DC': value(INV_FIELDS['Power DC'], 258.9),
        YieldDay: value(INV_FIELDS.YieldDay, 1624),
        YieldTotal: value(INV_FIELDS.YieldTotal, 2469.1357),
        Temperature: value(INV_FIELDS.Temperature, 34.7),
        Efficiency: value(INV_FIELDS.Efficiency, 94.747),
      },
    },
  };
}

const strings = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `S${i + 1}`,
    max_power: 410,
    yield_total_offset: i === 0 ? 12.5 : 0,
  }));

const balcony: PrometheusInverter = {
  serial: '114172345678',
  name: 'Balcony',
  lastUpdate: 86398,
  limitRelative: 100,
  limitAbsolute: 800,
  channels: channels([128.4, 130.5]),
  strings: strings(2),
};

const INV0 = 'serial="114172345678",unit="0",name="Balcony"';

describe('formatPrometheusMetrics', () => {
  it('prints the device layout for one HM-800, line by line', () => {
    const text = formatPrometheusMetrics(DTU, [balcony]);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').slice(0, -1)).toEqual([
      '# HELP opendtu_build Build info',
      '# TYPE opendtu_build gauge',
      'opendtu_build{name="OpenDTU-A1B2C3",id="v24.11.7",version="0.1.29"} 1',
      '# HELP opendtu_platform Platform info',
      '# TYPE opendtu_platform gauge',
      'opendtu_platform{arch="ESP32-D0WD-V3",mac="24:0A:C4:A1:B2:C3"} 1',
      '# HELP opendtu_uptime Uptime in seconds',
      '# TYPE opendtu_uptime counter',
      'opendtu_uptime 86400',
      '# HELP opendtu_heap_size System memory size',
      '# TYPE opendtu_heap_size gauge',
      'opendtu_heap_size 327680',
      '# HELP opendtu_free_heap_size System free memory',
      '# TYPE opendtu_free_heap_size gauge',
      'opendtu_free_heap_size 150000',
      '# HELP opendtu_biggest_heap_block Biggest free heap block',
      '# TYPE opendtu_biggest_heap_block gauge',
      'opendtu_biggest_heap_block 110580',
      '# HELP opendtu_heap_min_free Minimum free memory since boot',
      '# TYPE opendtu_heap_min_free gauge',
      'opendtu_heap_min_free 98000',
      '# HELP wifi_rssi WiFi RSSI',
      '# TYPE wifi_rssi gauge',
      'wifi_rssi -61',
      '# HELP wifi_station WiFi Station info',
      '# TYPE wifi_station gauge',
      'wifi_station{bssid="B0:F2:08:11:22:33"} 1',
      '# HELP opendtu_last_update last update from inverter in s',
      '# TYPE opendtu_last_update gauge',
      `opendtu_last_update{${INV0}} 86398`,
      '# HELP opendtu_inverter_limit_relative current relative limit of the inverter',
      '# TYPE opendtu_inverter_limit_relative gauge',
      `opendtu_inverter_limit_relative{${INV0}} 1.000000`,
      '# HELP opendtu_inverter_limit_absolute current relative limit of the inverter',
      '# TYPE opendtu_inverter_limit_absolute gauge',
      `opendtu_inverter_limit_absolute{${INV0}} 800.000000`,
      '# HELP opendtu_Power in W',
      '# TYPE opendtu_Power gauge',
      `opendtu_Power{${INV0},type="AC",channel="0"} 245.3`,
      '# HELP opendtu_Voltage in V',
      '# TYPE opendtu_Voltage gauge',
      `opendtu_Voltage{${INV0},type="AC",channel="0"} 231.2`,
      '# HELP opendtu_Current in A',
      '# TYPE opendtu_Current gauge',
      `opendtu_Current{${INV0},type="AC",channel="0"} 1.06`,
      '# HELP opendtu_Frequency in Hz',
      '# TYPE opendtu_Frequency gauge',
      `opendtu_Frequency{${INV0},type="AC",channel="0"} 50.01`,
      '# HELP opendtu_PowerFactor in ',
      '# TYPE opendtu_PowerFactor gauge',
      `opendtu_PowerFactor{${INV0},type="AC",channel="0"} 0.999`,
      '# HELP opendtu_ReactivePower in var',
      '# TYPE opendtu_ReactivePower gauge',
      `opendtu_ReactivePower{${INV0},type="AC",channel="0"} 1.5`,
      '# HELP opendtu_PanelInfo panel information',
      '# TYPE opendtu_PanelInfo gauge',
      `opendtu_PanelInfo{${INV0},channel="0",panelname="S1"} 1`,
      '# HELP opendtu_MaxPower panel maximum output power',
      '# TYPE opendtu_MaxPower gauge',
      `opendtu_MaxPower{${INV0},channel="0"} 410`,
      '# HELP opendtu_YieldTotalOffset panel yield offset (for used inverters)',
      '# TYPE opendtu_YieldTotalOffset gauge',
      `opendtu_YieldTotalOffset{${INV0},channel="0"} 12.500000`,
      `opendtu_Power{${INV0},type="DC",channel="0"} 128.4`,
      `opendtu_Voltage{${INV0},type="DC",channel="0"} 31.2`,
      `opendtu_Current{${INV0},type="DC",channel="0"} 4.12`,
      `opendtu_YieldDay{${INV0},type="DC",channel="0"} 812`,
      `opendtu_YieldTotal{${INV0},type="DC",channel="0"} 1234.568`,
      `opendtu_Irradiation{${INV0},type="DC",channel="0"} 31.317`,
      `opendtu_PanelInfo{${INV0},channel="1",panelname="S2"} 1`,
      `opendtu_MaxPower{${INV0},channel="1"} 410`,
      `opendtu_YieldTotalOffset{${INV0},channel="1"} 0.000000`,
      `opendtu_Power{${INV0},type="DC",channel="1"} 130.5`,
      `opendtu_Voltage{${INV0},type="DC",channel="1"} 31.2`,
      `opendtu_Current{${INV0},type="DC",channel="1"} 4.18`,
      `opendtu_YieldDay{${INV0},type="DC",channel="1"} 812`,
      `opendtu_YieldTotal{${INV0},type="DC",channel="1"} 1234.568`,
      `opendtu_Irradiation{${INV0},type="DC",channel="1"} 31.829`,
      `opendtu_PowerDC{${INV0},type="INV",channel="0"} 258.9`,
      `opendtu_YieldDay{${INV0},type="INV",channel="0"} 1624`,
      `opendtu_YieldTotal{${INV0},type="INV",channel="0"} 2469.136`,
      `opendtu_Temperature{${INV0},type="INV",channel="0"} 34.7`,
      `opendtu_Efficiency{${INV0},type="INV",channel="0"} 94.747`,
    ]);
  });

  it('prints HELP/TYPE once per family, only at the first inverter; later samples interleave', () => {
    const second: PrometheusInverter = {
      ...balcony,
      serial: '138212345678',
      name: 'Garage',
      limitRelative: 55.5,
      limitAbsolute: 1110,
      channels: channels([300, 310, 320, 330]),
      strings: strings(4),
    };
    const text = formatPrometheusMetrics(DTU, [balcony, second]);
    const lines = text.trimEnd().split('\n');
    const helped = lines.filter((l) => l.startsWith('# HELP ')).map((l) => l.split(' ')[2]);
    const typed = lines.filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]);
    expect(new Set(helped).size).toBe(helped.length);
    expect(typed).toEqual(helped);
    for (const family of [
      'PowerDC',
      'YieldDay',
      'YieldTotal',
      'Temperature',
      'Efficiency',
      'Irradiation',
    ]) {
      expect(typed).not.toContain(`opendtu_${family}`);
    }
    const garage = lines.slice(lines.findIndex((l) => l.includes('name="Garage"')));
    expect(garage.some((l) => l.startsWith('#'))).toBe(false);
    expect(garage[0]).toBe(
      'opendtu_last_update{serial="138212345678",unit="1",name="Garage"} 86398',
    );
    expect(garage[1]).toBe(
      'opendtu_inverter_limit_relative{serial="138212345678",unit="1",name="Garage"} 0.555000',
    );
    expect(garage.filter((l) => l.startsWith('opendtu_PanelInfo'))).toHaveLength(4);
    expect(garage.at(-1)).toMatch(
      /^opendtu_Efficiency\{.*unit="1".*type="INV",channel="0"\} 94\.747$/,
    );
  });

  it('before the first packet prints only last_update and limits; no max power, no absolute limit', () => {
    const fresh: PrometheusInverter = {
      ...balcony,
      lastUpdate: 0,
      limitRelative: 0,
      limitAbsolute: -1,
      channels: null,
    };
    const text = formatPrometheusMetrics(DTU, [fresh, balcony]);
    const inverterLines = text.split('\n').filter((l) => l.includes('serial='));
    expect(inverterLines.slice(0, 2)).toEqual([
      `opendtu_last_update{${INV0}} 0`,
      `opendtu_inverter_limit_relative{${INV0}} 0.000000`,
    ]);
    expect(inverterLines[2]).toContain('unit="1"');
    // Inverter 0 printed neither the absolute limit nor any field: nothing of that is typed.
    expect(text).not.toMatch(/# TYPE opendtu_(inverter_limit_absolute|Power|PanelInfo) /);
    expect(text).toContain('# TYPE opendtu_last_update gauge');
  });

  it('prints Irradiation 0.000 and MaxPower 0 for a string without Wp', () => {
    const unrated: PrometheusInverter = {
      ...balcony,
      channels: { ...channels([100]), DC: { '0': dc('', 100, 0) } },
      strings: [{ name: '', max_power: 0, yield_total_offset: 0 }],
    };
    const text = formatPrometheusMetrics(DTU, [unrated]);
    expect(text).toContain(`opendtu_Irradiation{${INV0},type="DC",channel="0"} 0.000\n`);
    expect(text).toContain(`opendtu_MaxPower{${INV0},channel="0"} 0\n`);
    expect(text).toContain(`opendtu_PanelInfo{${INV0},channel="0",panelname=""} 1\n`);
  });

  it('escapes quotes, backslashes and newlines in names so the text stays parseable', () => {
    const odd: PrometheusInverter = { ...balcony, name: 'Roof "A"\\1\nx', channels: null };
    const text = formatPrometheusMetrics(DTU, [odd]);
    expect(text).toContain('name="Roof \\"A\\"\\\\1\\nx"} 86398\n');
  });

  it('prints an empty bssid and a zero RSSI off Wi-Fi, and the uptime as an integer', () => {
    const text = formatPrometheusMetrics(
      { ...DTU, bssid: '', wifiRssi: 0, uptimeSeconds: 12.9 },
      [],
    );
    expect(text).toContain('wifi_station{bssid=""} 1\n');
    expect(text).toContain('wifi_rssi 0\n');
    expect(text).toContain('opendtu_uptime 12\n');
    expect(text).not.toContain('serial=');
  });

  it('prints a missing value as NaN', () => {
    const broken = channels([1]);
    const ac = broken.AC['0'];
    if (ac === undefined) throw new Error('fixture');
    ac.Power = { v: null, u: 'W', d: 1 };
    const text = formatPrometheusMetrics(DTU, [
      { ...balcony, channels: broken, strings: strings(1) },
    ]);
    expect(text).toContain(`opendtu_Power{${INV0},type="AC",channel="0"} NaN\n`);
  });
});

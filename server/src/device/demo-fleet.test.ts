import { describe, expect, it } from 'vitest';
import { inverterModelOf } from '@heliodtu/contract/domain/inverter-model';
import { productionDateOf } from '@heliodtu/contract/domain/production-date';
import { DEMO_FLEET_VARIANT_MAX, demoFleetSlots, installDemoFleet } from './demo-fleet.js';
import { hardwareOf } from './dev-info.js';
import { formatSerialHex } from '@heliodtu/contract/wire';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { parseFaults } from './faults.js';

describe('demo fleet (docs/simulation.md, Options)', () => {
  it('has an HM-800, an HMS-2000-4T and an HMT-2250-6T with names and string Wp', () => {
    const slots = demoFleetSlots();
    expect(slots.map((s) => inverterModelOf(s.serial.toString(16))?.type)).toEqual([
      'HM-600/700/800-2T',
      'HMS-1600/1800/2000-4T',
      'HMT-1800/2250-6T',
    ]);
    for (const slot of slots) {
      const family = inverterModelOf(slot.serial.toString(16));
      const used = slot.channel.slice(0, family?.channels);
      expect(slot.name).not.toBe('');
      expect(used.every((c) => c.name !== '' && c.max_power > 0)).toBe(true);
      expect(used.every((c) => c.azimuth !== undefined && c.tilt !== undefined)).toBe(true);
      expect(slot.channel.slice(family?.channels).every((c) => c.max_power === 0)).toBe(true);
      const date = productionDateOf(slot.serial.toString(16));
      expect(date?.year).toBeGreaterThanOrEqual(2021);
      expect(Number(date?.week)).toBeLessThanOrEqual(53);
    }
    expect(slots.map((s) => s.order)).toEqual([0, 1, 2]);
  });

  it('gives each SIM_FLEET_VARIANT its own serials and names, the same models', () => {
    const modelOf = (slot: { serial: number }) => hardwareOf(formatSerialHex(BigInt(slot.serial)));
    const base = demoFleetSlots();
    const seen = new Set(base.map((s) => s.serial));
    for (const variant of [1, 2, 4, DEMO_FLEET_VARIANT_MAX]) {
      const slots = demoFleetSlots(variant);
      expect(slots.map(modelOf)).toEqual(base.map(modelOf));
      for (const slot of slots) {
        expect(seen.has(slot.serial)).toBe(false);
        seen.add(slot.serial);
        expect(Number(productionDateOf(slot.serial.toString(16))?.week)).toBeLessThanOrEqual(52);
      }
      expect(slots.map((s) => s.name)).toEqual(base.map((s) => `${s.name} ${variant + 1}`));
    }
  });

  it('installs into the first slots of a config', () => {
    const config = defaultConfigFile();
    installDemoFleet(config);
    expect(config.inverters.filter((s) => s.serial !== 0)).toHaveLength(3);
    expect(config.inverters).toHaveLength(10);
  });
});

describe('SIM_FAULTS', () => {
  it('parses radio, unsynced and unreachable serials', () => {
    const faults = parseFaults(['radio', ' UNREACHABLE:0x0114182352592', 'unsynced', 'bogus']);
    expect(faults.radio).toBe(true);
    expect(faults.unsynced).toBe(true);
    expect([...faults.unreachable]).toEqual(['114182352592']);
    expect(parseFaults([]).radio).toBe(false);
  });
});

import { emptyInverterSlot, type InverterSlotFile } from '@heliodtu/contract/config-file';
import { parseSerialHex } from '@heliodtu/contract/wire';

/**
 * The demo fleet a fresh data dir starts with when SIM_FLEET=demo (docs/simulation.md, Options): an HM-800 on a
 * balcony, an HMS-2000-4T on an east/west garage roof and an HMT-2250-6T on a barn. The serials
 * follow the family prefixes and the year/week layout (inverter-domain §1.1), and their running
 * numbers select exactly these models (dev-info.ts). Each string comes with its azimuth and
 * tilt (issue 23, a HelioDTU extension), which the simulator's physics and the weak-string rule
 * both use; the names say the same ("Balcony" hangs vertically, "East"/"West" face that way).
 */
export interface DemoInverter {
  serial: string;
  name: string;
  strings: readonly (readonly [name: string, wattPeak: number, azimuth: number, tilt: number])[];
}

export const DEMO_INVERTERS: readonly DemoInverter[] = [
  {
    // HM 2-channel, 2022 week 23.
    serial: '114182352592',
    name: 'Balcony',
    strings: [
      ['Balcony left', 410, 170, 90],
      ['Balcony right', 410, 170, 90],
    ],
  },
  {
    // HMS 4-channel, 2024 (year digit a) week 11, alphanumeric running number.
    serial: '1164a113c7e2',
    name: 'Garage roof',
    strings: [
      ['East 1', 435, 95, 25],
      ['East 2', 435, 95, 25],
      ['West 1', 435, 275, 25],
      ['West 2', 435, 275, 25],
    ],
  },
  {
    // HMT 6-channel, 2023 week 38.
    serial: '138293821457',
    name: 'Barn',
    strings: [
      ['South 1', 440, 185, 35],
      ['South 2', 440, 185, 35],
      ['South 3', 440, 185, 35],
      ['South 4', 440, 185, 35],
      ['Dormer east', 380, 95, 40],
      ['Dormer west', 380, 275, 40],
    ],
  },
];

/** The variants SIM_FLEET_VARIANT accepts: 0 (the demo fleet itself) up to this one. */
export const DEMO_FLEET_VARIANT_MAX = 51;

/**
 * A demo inverter of fleet `variant` (SIM_FLEET_VARIANT, issue 27): several simulated gateways
 * behind one companion each get their own serials and names. The production week moves by the
 * variant (so the serial stays a valid one of its year); the running number, which picks the
 * exact model, is kept, and with it the model. Variant 0 is the demo fleet unchanged.
 */
export function demoInverterOf(demo: DemoInverter, variant: number): DemoInverter {
  if (variant === 0) return demo;
  const week = Number(demo.serial.slice(5, 7));
  const moved = ((week - 1 + variant) % 52) + 1;
  return {
    ...demo,
    serial: `${demo.serial.slice(0, 5)}${String(moved).padStart(2, '0')}${demo.serial.slice(7)}`,
    name: `${demo.name} ${variant + 1}`,
  };
}

/** The three demo inverter slots, for slots 0..2 of a fresh config. */
export function demoFleetSlots(variant = 0): InverterSlotFile[] {
  return DEMO_INVERTERS.map((given, order) => {
    const demo = demoInverterOf(given, variant);
    const slot = emptyInverterSlot();
    slot.serial = Number(parseSerialHex(demo.serial));
    slot.name = demo.name;
    slot.order = order;
    demo.strings.forEach(([name, wattPeak, azimuth, tilt], i) => {
      if (slot.channel[i]) {
        slot.channel[i] = { ...slot.channel[i], name, max_power: wattPeak, azimuth, tilt };
      }
    });
    return slot;
  });
}

/** Put the demo fleet into the first slots of a config draft (use inside store.update). */
export function installDemoFleet(draft: { inverters: InverterSlotFile[] }, variant = 0): void {
  demoFleetSlots(variant).forEach((slot, i) => {
    draft.inverters[i] = slot;
  });
}

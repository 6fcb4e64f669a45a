import { emptyInverterSlot, type InverterSlotFile } from '@heliodtu/contract/config-file';
import { parseSerialHex } from '@heliodtu/contract/wire';

/**
 * The demo fleet a fresh data dir starts with when SIM_FLEET=demo (issue 3 §6): an HM-800 on a
 * balcony, an HMS-2000-4T on an east/west garage roof and an HMT-2250-6T on a barn. The serials
 * follow the family prefixes and the year/week layout (inverter-domain §1.1), and their running
 * numbers select exactly these models (dev-info.ts). String names also set the orientation
 * (fleet.ts): "Balcony" hangs vertically, "East"/"West" face that way.
 */
interface DemoInverter {
  serial: string;
  name: string;
  strings: readonly (readonly [name: string, wattPeak: number])[];
}

const DEMO: readonly DemoInverter[] = [
  {
    // HM 2-channel, 2022 week 23.
    serial: '114182352592',
    name: 'Balcony',
    strings: [
      ['Balcony left', 410],
      ['Balcony right', 410],
    ],
  },
  {
    // HMS 4-channel, 2024 (year digit a) week 11, alphanumeric running number.
    serial: '1164a113c7e2',
    name: 'Garage roof',
    strings: [
      ['East 1', 435],
      ['East 2', 435],
      ['West 1', 435],
      ['West 2', 435],
    ],
  },
  {
    // HMT 6-channel, 2023 week 38.
    serial: '138293821457',
    name: 'Barn',
    strings: [
      ['South 1', 440],
      ['South 2', 440],
      ['South 3', 440],
      ['South 4', 440],
      ['Dormer east', 380],
      ['Dormer west', 380],
    ],
  },
];

/** The three demo inverter slots, for slots 0..2 of a fresh config (issue 3 §6). */
export function demoFleetSlots(): InverterSlotFile[] {
  return DEMO.map((demo, order) => {
    const slot = emptyInverterSlot();
    slot.serial = Number(parseSerialHex(demo.serial));
    slot.name = demo.name;
    slot.order = order;
    demo.strings.forEach(([name, wattPeak], i) => {
      const channel = slot.channel[i];
      if (channel) {
        channel.name = name;
        channel.max_power = wattPeak;
      }
    });
    return slot;
  });
}

/** Put the demo fleet into the first slots of a config draft (use inside store.update). */
export function installDemoFleet(draft: { inverters: InverterSlotFile[] }): void {
  demoFleetSlots().forEach((slot, i) => {
    draft.inverters[i] = slot;
  });
}

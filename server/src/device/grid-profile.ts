import type { GridProfileSection, GridProfileStatus } from '@heliodtu/contract/grid-profile';
import type { InverterFamily } from '@heliodtu/contract/domain/inverter-model';
import { ITEMS, LAYOUTS, PROFILE_NAMES, SECTION_NAMES } from './grid-profile-tables.js';

/**
 * Grid profiles (inverter-domain §5). A profile is stored as the bytes the inverter sends;
 * the status the API shows is always parsed from those bytes, so the two cannot disagree.
 */

/**
 * Profile payloads without their CRC: the two real captures of inverter-domain §5.3 and §5.4
 * (inverter data). HM units ship with the German VDE profile, HMS/HMT with EN 50549.
 */
const PROFILES = {
  en50549: `0a 00 20 01 00 0c 08 fc 07 a3 00 0f 09 e2 00 1e 06 4a 00 14 0a 55 00 14 0a c8 00 0a 09 e2
    10 03 13 88 12 c0 00 14 13 ec 00 14 12 8e 00 05 14 50 00 05 20 00 00 01 30 03 02 58 09 e2
    07 a3 13 9c 13 56 40 00 07 d0 00 10 50 01 00 01 13 9c 01 90 00 10 00 00 60 00 00 01 09 e2
    0a 5a 02 15 80 01 00 00 08 5b 01 2c 08 b7 09 41 09 9d 01 2c 00 64 90 00 00 00 00 5f b0 00
    00 00 01 f4 00 5f 70 02 00 01 27 10 a0 02 00 00 00 00`,
  vde4105: `03 00 20 02 00 0a 08 fc 07 30 00 1e 0b 3b 00 01 04 0b 00 1e 09 e2 10 00 13 88 12 8e 00 01
    14 1e 00 01 20 00 00 01 30 03 02 58 0a c8 07 a3 13 92 12 8e 40 00 07 d0 03 e8 50 08 00 01
    13 9c 01 90 00 10 01 f6 13 74 70 02 00 01 27 10 80 00 00 00 08 5b 01 2c 08 b7 09 41 09 9d
    01 2c 90 00 00 01 ff a6 b0 00 00 00 01 f4 00 5f a0 02 00 00 00 00`,
} as const;

export type GridProfileId = keyof typeof PROFILES;

const hexBytes = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((byte) => parseInt(byte, 16));

/** CRC-16/MODBUS, the checksum Hoymiles appends to multi-frame payloads (big-endian on the wire). */
export function crc16Modbus(bytes: readonly number[]): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The profile an inverter of this family ships with. */
export function gridProfileIdFor(family: InverterFamily): GridProfileId {
  return family.radio === 'NRF' ? 'vde4105' : 'en50549';
}

/** The bytes as /api/gridprofile/rawdata shows them: payload plus its CRC (inverter-domain §5.2). */
export function gridProfileBytes(id: GridProfileId): number[] {
  const payload = hexBytes(PROFILES[id]);
  const crc = crc16Modbus(payload);
  return [...payload, crc >>> 8, crc & 0xff];
}

/** Before the profile was read: name Unknown, version 0.0.0, no sections (wire-contract §4.5). */
export const EMPTY_GRID_PROFILE: GridProfileStatus = {
  name: 'Unknown',
  version: '0.0.0',
  sections: [],
};

/**
 * Parse raw profile bytes as the firmware does (inverter-domain §5.2): header, then sections
 * until an unknown section id (the CRC) or the end. A known section with an unknown version
 * yields an empty section. Values are signed 16-bit big-endian, divided by the item's divisor.
 */
export function parseGridProfile(raw: readonly number[]): GridProfileStatus {
  if (raw.length <= 6) return EMPTY_GRID_PROFILE;
  const at = (i: number) => raw[i] ?? 0;
  const name = PROFILE_NAMES.get((at(0) << 8) | at(1)) ?? 'Unknown';
  const version = `${at(2) >> 4}.${at(2) & 0x0f}.${at(3)}`;
  const sections: GridProfileSection[] = [];
  let pos = 4;
  while (pos + 1 < raw.length) {
    const sectionName = SECTION_NAMES.get(at(pos));
    if (sectionName === undefined) break;
    const layout = LAYOUTS.get((at(pos) << 8) | at(pos + 1)) ?? [];
    pos += 2;
    if (pos + layout.length * 2 > raw.length) break;
    const items = layout.map((code) => {
      const definition = ITEMS.get(code) ?? { name: 'Unkown Value', unit: '', divisor: 1 };
      const word = (at(pos) << 8) | at(pos + 1);
      pos += 2;
      const signed = word >= 0x8000 ? word - 0x10000 : word;
      return { n: definition.name, u: definition.unit, v: signed / definition.divisor };
    });
    sections.push({ name: sectionName, items });
  }
  return { name, version, sections };
}

/** One item's value from a parsed profile, e.g. the reconnect time the simulation waits. */
export function gridProfileValue(profile: GridProfileStatus, itemName: string): number | undefined {
  for (const section of profile.sections) {
    const found = section.items.find((entry) => entry.n === itemName);
    if (found) return found.v;
  }
  return undefined;
}

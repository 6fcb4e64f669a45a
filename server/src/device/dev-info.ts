import type { DevInfoStatus } from '@heliodtu/contract/dev-info';
import {
  inverterFamilyOf,
  FAMILIES,
  type InverterFamily,
  type InverterFamilyId,
} from '@heliodtu/contract/domain/inverter-model';
import { parseSerialHex } from '@heliodtu/contract/wire';

/**
 * Exact hardware models (inverter-domain §3). The serial only names the family; the exact model
 * comes from the hardware part number the inverter reports.
 */

/** Part-number rows: first three bytes (or all four for an exact row) → model and max power. */
const PART_ROWS: readonly { bytes: number; exact?: true; model: string; maxPower: number }[] = [
  { bytes: 0x10101015, exact: true, model: 'HM-300-1T', maxPower: 210 },
  { bytes: 0x101010, model: 'HM-300-1T', maxPower: 300 },
  { bytes: 0x101020, model: 'HM-350-1T', maxPower: 350 },
  { bytes: 0x101030, model: 'HM-400-1T', maxPower: 400 },
  { bytes: 0x101040, model: 'HM-400-1T', maxPower: 400 },
  { bytes: 0x101110, model: 'HM-600-2T', maxPower: 600 },
  { bytes: 0x101120, model: 'HM-700-2T', maxPower: 700 },
  { bytes: 0x101130, model: 'HM-800-2T', maxPower: 800 },
  { bytes: 0x101140, model: 'HM-800-2T', maxPower: 800 },
  { bytes: 0x101210, model: 'HM-1200-4T', maxPower: 1200 },
  { bytes: 0x100230, model: 'MI-1500-4T Gen3', maxPower: 1500 },
  { bytes: 0x101230, model: 'HM-1500-4T', maxPower: 1500 },
  { bytes: 0x102011, model: 'HMS-300-1T', maxPower: 300 },
  { bytes: 0x102021, model: 'HMS-350-1T', maxPower: 350 },
  { bytes: 0x102041, model: 'HMS-400-1T', maxPower: 400 },
  { bytes: 0x101051, model: 'HMS-450-1T', maxPower: 450 },
  { bytes: 0x102051, model: 'HMS-450-1T', maxPower: 450 },
  { bytes: 0x101071, model: 'HMS-500-1T', maxPower: 500 },
  { bytes: 0x102071, model: 'HMS-500-1T v2', maxPower: 500 },
  { bytes: 0x102111, model: 'HMS-600-2T', maxPower: 600 },
  { bytes: 0x102121, model: 'HMS-700-2T', maxPower: 700 },
  { bytes: 0x102141, model: 'HMS-800-2T', maxPower: 800 },
  { bytes: 0x101141, model: 'HMS-800-2T-LV', maxPower: 800 },
  { bytes: 0x101151, model: 'HMS-900-2T', maxPower: 900 },
  { bytes: 0x102151, model: 'HMS-900-2T', maxPower: 900 },
  { bytes: 0x102171, model: 'HMS-1000-2T', maxPower: 1000 },
  { bytes: 0x101171, model: 'HMS-1000-2T', maxPower: 1000 },
  { bytes: 0x102241, model: 'HMS-1600-4T', maxPower: 1600 },
  { bytes: 0x101251, model: 'HMS-1800-4T', maxPower: 1800 },
  { bytes: 0x102251, model: 'HMS-1800-4T', maxPower: 1800 },
  { bytes: 0x101271, model: 'HMS-2000-4T', maxPower: 2000 },
  { bytes: 0x102271, model: 'HMS-2000-4T', maxPower: 2000 },
  { bytes: 0x103241, model: 'HMT-1600-4T', maxPower: 1600 },
  { bytes: 0x103251, model: 'HMT-1800-4T', maxPower: 1800 },
  { bytes: 0x103271, model: 'HMT-2000-4T', maxPower: 2000 },
  { bytes: 0x103311, model: 'HMT-1800-6T', maxPower: 1800 },
  { bytes: 0x103331, model: 'HMT-2250-6T', maxPower: 2250 },
  { bytes: 0xf10114, model: 'HERF-800', maxPower: 800 },
  { bytes: 0xf10124, model: 'HERF-1600', maxPower: 1600 },
  { bytes: 0xf10122, model: 'HERF-1800', maxPower: 1800 },
];

/** Model name and max power of a part number; name "" and 0 W when no row matches (inverter-domain §3.2). */
export function modelOfPartNumber(partNumber: number): { model: string; maxPower: number } {
  const exact = PART_ROWS.find((row) => row.exact && row.bytes === partNumber >>> 0);
  const row = exact ?? PART_ROWS.find((row) => !row.exact && row.bytes === partNumber >>> 8);
  return row ? { model: row.model, maxPower: row.maxPower } : { model: '', maxPower: 0 };
}

/** The model prefix of each family, to find its rows by name ("HM-800" → "HM-800-2T"). */
const MODEL_PREFIX: Record<InverterFamilyId, string> = {
  HMT_4CH: 'HMT',
  HMT_6CH: 'HMT',
  HMS_4CH: 'HMS',
  HMS_2CH: 'HMS',
  HMS_1CH: 'HMS',
  HMS_1CH_V2: 'HMS',
  HM_4CH: 'HM',
  HM_2CH: 'HM',
  HM_1CH: 'HM',
  HERF_1CH: 'HERF',
  HERF_2CH: 'HERF',
  HERF_4CH: 'HERF',
};

/** Firmware as seen on real units of each line (inverter-domain §3.3). */
const FIRMWARE: Record<string, { bootloader: number; build: number; built: string }> = {
  HM: { bootloader: 104, build: 10010, built: '2021-11-01 08:42:00' },
  HMS: { bootloader: 100, build: 10018, built: '2022-08-26 20:51:00' },
  HMT: { bootloader: 100, build: 10016, built: '2023-02-14 09:37:00' },
  HERF: { bootloader: 100, build: 10006, built: '2022-11-24 13:06:00' },
};

/** What the simulated inverter is: family, exact model, rated power and its device info. */
export interface Hardware {
  readonly familyId: InverterFamilyId;
  readonly family: InverterFamily;
  /** Power the unit is built for, W (also for models the part table does not know). */
  readonly ratedPower: number;
  /** Device info as the inverter reports it. */
  readonly devInfo: DevInfoStatus;
}

/**
 * The exact model of a serial: the running number (last five hex digits) picks one of the
 * family's rated models. Models missing from the part table (HM-1000, HERF-300) report a part
 * number no row matches, so they show "Unknown model" as real ones do (inverter-domain §3.2).
 */
export function hardwareOf(serial: string): Hardware | null {
  const familyId = inverterFamilyOf(serial);
  if (familyId === null) return null;
  const family = FAMILIES[familyId];
  const running = Number(parseSerialHex(serial) & 0xfffffn);
  const ratedPower = family.ratedPowers[running % family.ratedPowers.length] ?? 0;
  const prefix = MODEL_PREFIX[familyId];
  const v2 = familyId === 'HMS_1CH_V2';
  const row = PART_ROWS.find(
    (r) =>
      !r.exact &&
      r.maxPower === ratedPower &&
      r.model.startsWith(`${prefix}-${ratedPower}`) &&
      r.model.endsWith(' v2') === v2 &&
      !r.model.endsWith('-LV') &&
      Number(/-(\d)T/.exec(r.model)?.[1] ?? family.channels) === family.channels,
  );
  // Unknown rows: the family's first part-number bytes with a type byte no table row has.
  const partNumber = row ? row.bytes * 256 + 1 : (0x101200 + ratedPower / 100) * 256 + 1;
  const firmware = FIRMWARE[prefix] ?? {
    bootloader: 100,
    build: 10000,
    built: '2022-01-01 00:00:00',
  };
  const { model, maxPower } = modelOfPartNumber(partNumber);
  return {
    familyId,
    family,
    ratedPower,
    devInfo: {
      valid_data: true,
      fw_bootloader_version: firmware.bootloader,
      fw_build_version: firmware.build,
      hw_part_number: partNumber,
      hw_version: '01.00',
      hw_model_name: model,
      max_power: maxPower,
      fw_build_datetime: firmware.built,
    },
  };
}

/** Device info before any answer arrived (valid_data false, everything zero). */
export const EMPTY_DEV_INFO: DevInfoStatus = {
  valid_data: false,
  fw_bootloader_version: 0,
  fw_build_version: 0,
  hw_part_number: 0,
  hw_version: '00.00',
  hw_model_name: '',
  max_power: 0,
  fw_build_datetime: '1970-01-01 00:00:00',
};

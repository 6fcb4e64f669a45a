import type { ChannelFile, InverterSlotFile } from '@heliodtu/contract/config-file';
import { productionDateOf } from '@heliodtu/contract/domain/production-date';
import type { Hardware } from './dev-info.js';
import type { StringSetup } from './inverter-electrics.js';
import { Random } from './random.js';
import type { Orientation } from './solar-model.js';

/**
 * How the configured inverters become simulated strings: Wp from the configured max_power (or
 * a sensible default), orientation as configured or from the string names, and a plausible
 * lifetime yield.
 */

/** Wp of an input without a configured max_power: 110 % of its share of the rating, in 5 W steps. */
export function defaultWattPeak(hardware: Hardware): number {
  return Math.round(((hardware.ratedPower / hardware.family.channels) * 1.1) / 5) * 5;
}

const AZIMUTH_WORDS: readonly [RegExp, number][] = [
  [/\b(east|ost|est)\b/i, 90],
  [/\b(south|süd|sud)\b/i, 180],
  [/\b(west|ouest)\b/i, 270],
  [/\b(north|nord)\b/i, 0],
];
const VERTICAL_WORDS =
  /\b(balcony|balkon|balcon|railing|geländer|fence|zaun|facade|fassade|façade)\b/i;
const FLAT_WORDS = /\b(flat|flach|plat)\b/i;

/**
 * A string's orientation: the azimuth and tilt the owner set (issue 23), as set; otherwise words
 * in its name ("East", "Süd", "Balcony", "flat") set them, or the inverter's own seeded roof
 * (south ± 20°, tilt 22–38°), with a little spread as real modules are mounted.
 */
export function orientationOf(
  channel: Pick<ChannelFile, 'name' | 'azimuth' | 'tilt'> | undefined,
  roof: Orientation,
  rng: Random,
): Orientation {
  const name = channel?.name ?? '';
  // Drawn in every case, so setting an orientation leaves the other strings' draws alone.
  const spread = { azimuth: rng.range(-3, 3), tilt: rng.range(-2, 2) };
  if (channel?.azimuth !== undefined && channel.tilt !== undefined) {
    return { azimuth: channel.azimuth, tilt: channel.tilt };
  }
  const azimuth = AZIMUTH_WORDS.find(([re]) => re.test(name))?.[1];
  const tilt = VERTICAL_WORDS.test(name) ? 90 : FLAT_WORDS.test(name) ? 10 : roof.tilt;
  return {
    azimuth: (azimuth ?? roof.azimuth) + spread.azimuth,
    tilt: Math.min(90, Math.max(0, tilt + spread.tilt)),
  };
}

/** The strings of an inverter as configured in its slot. */
export function stringSetups(
  serial: string,
  hardware: Hardware,
  slot: Readonly<InverterSlotFile>,
  seed: number,
): StringSetup[] {
  const rng = Random.derive(seed, 'strings', serial);
  const roof = { azimuth: rng.range(160, 200), tilt: rng.range(22, 38) };
  return Array.from({ length: hardware.family.channels }, (_, i) => {
    const channel = slot.channel[i];
    const wattPeak =
      channel && channel.max_power > 0 ? channel.max_power : defaultWattPeak(hardware);
    return {
      wattPeak,
      orientation: orientationOf(channel, roof, rng),
      // Half-cell modules of 350 Wp and more run at 31–34 V, older 60-cell ones at 30–33 V.
      vmpStc: wattPeak >= 350 ? rng.range(31, 34) : rng.range(30, 33),
      tolerance: rng.range(0.98, 1.02),
    };
  });
}

const YEAR_MS = 365.25 * 86_400_000;

/**
 * A plausible lifetime yield per input in Wh: about 1 kWh per Wp and year since the production
 * date in the serial (inverter-domain §10 step 12).
 */
export function lifetimeYieldWh(
  serial: string,
  strings: readonly StringSetup[],
  wall: number,
  seed: number,
): number[] {
  const rng = Random.derive(seed, 'lifetime', serial);
  const date = productionDateOf(serial);
  const week = Number.parseInt(date?.week ?? '', 10);
  const produced =
    Date.UTC(date?.year ?? 2022, 0, 1) + ((Number.isFinite(week) ? week : 26) - 1) * 7 * 86_400_000;
  // Installed a few weeks after production.
  const years = Math.max(0, (wall - produced) / YEAR_MS - 0.1);
  return strings.map((s) => Math.round(s.wattPeak * years * rng.range(0.85, 1.05) * 1000));
}

import type { LedConfig } from '@heliodtu/contract/device';

/** The switch starts on when the LEDs already share one brightness. */
export function sameBrightness(leds: readonly LedConfig[]): boolean {
  return leds.every((led) => led.brightness === leds[0]?.brightness);
}

/** Switching "equal brightness" on gives every LED the first one's brightness (spec §4). */
export function equalizeBrightness(leds: readonly LedConfig[]): LedConfig[] {
  const first = leds[0]?.brightness;
  return first === undefined ? [...leds] : leds.map((led) => ({ ...led, brightness: first }));
}

/** One slider moved: only its LED, or every LED while the switch is on (spec §4). */
export function slideBrightness(
  leds: readonly LedConfig[],
  index: number,
  brightness: number,
  equal: boolean,
): LedConfig[] {
  return leds.map((led, i) => (equal || i === index ? { ...led, brightness } : led));
}

import { z } from 'zod';
import { LED_COUNT } from './limits.js';
import { PinProfileSchema } from './pin-mapping.js';
import { wire } from './wire.js';

/** `display` of /api/device/config (wire-contract §4.7); config.json names differ (§9). */
export const DisplayConfigSchema = z.object({
  /** 0..3 = 0, 90, 180, 270 degrees. */
  rotation: z.number().int(),
  power_safe: z.boolean(),
  screensaver: z.boolean(),
  /** Percent 0..100. */
  contrast: z.number().int(),
  /** Two letters: en, de, fr or a language-pack code. */
  locale: z.string(),
  /** Seconds. */
  diagramduration: z.number().int(),
  /** 0 off, 1 small, 2 fullscreen. */
  diagrammode: z.number().int(),
});
export type DisplayConfig = z.infer<typeof DisplayConfigSchema>;

export const LedConfigSchema = z.object({ brightness: z.number().int() });
export type LedConfig = z.infer<typeof LedConfigSchema>;

/** GET /api/device/config, wire-contract §4.7. */
export const DeviceConfigSchema = z.object({
  curPin: PinProfileSchema,
  display: DisplayConfigSchema,
  led: z.array(LedConfigSchema).length(LED_COUNT),
});
export type DeviceConfig = z.infer<typeof DeviceConfigSchema>;

/**
 * POST /api/device/config data (wire-contract §4.7): the interface posts the whole GET object.
 * - 1005 when neither `curPin` nor `display` is an object, or a field has the wrong kind.
 * - A missing `curPin.name` reads as "" and so answers 12001, as on the device; the pins inside
 *   `curPin` are ignored (they come from the selected profile).
 * - Spec §5 bounds (rotation 0..3, contrast 0..100, diagram duration 600..86400, diagram mode 0..2,
 *   LED brightness 0..100, locale 1..2 characters) are SPEC_STRICTER: the firmware has no result
 *   code for them (it stores display values unchecked and caps brightness at 100), so an
 *   out-of-range value answers 1005 "values are missing" — the generic code for a value the device
 *   cannot take — and nothing is saved. The check lives in rules/device-rules.ts.
 * - Display fields or LED entries left out keep their stored values (the firmware would store
 *   0/false; keeping them is the safe reading of a partial post). LED entries past the second are ignored.
 */
export const DeviceConfigRequestSchema = z
  .object({
    curPin: z.object({ name: wire.string().optional() }).optional(),
    display: z
      .object({
        rotation: wire.uint8().optional(),
        power_safe: wire.bool().optional(),
        screensaver: wire.bool().optional(),
        contrast: wire.uint8().optional(),
        locale: wire.string().optional(),
        diagramduration: wire.uint32().optional(),
        diagrammode: wire.uint8().optional(),
      })
      .optional(),
    led: z
      .array(z.unknown())
      .transform((leds) => leds.slice(0, LED_COUNT))
      .pipe(z.array(z.object({ brightness: wire.uint8().optional() })))
      .optional(),
  })
  .refine((data) => data.curPin !== undefined || data.display !== undefined);
export type DeviceConfigRequest = z.infer<typeof DeviceConfigRequestSchema>;

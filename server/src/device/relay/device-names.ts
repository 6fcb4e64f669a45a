import { DEVICE_NAME_MAX_BYTES, DeviceIdSchema } from '@heliodtu/contract/companion';

/**
 * The device id a name gives ("Roof" → "roof", "Garage 2" → "garage-2"), or null when the name
 * is empty, too long or has nothing an id can be made of. The id is kept when the device is
 * renamed, since its history rows are keyed by it.
 */
export function deviceIdOfName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || Buffer.byteLength(trimmed, 'utf8') > DEVICE_NAME_MAX_BYTES) return null;
  const id = trimmed
    // Accents dropped ("Süd" → "sud"), not turned into a dash.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return DeviceIdSchema.safeParse(id).success ? id : null;
}

/** The suffix of a device's own environment variables: DTU_PASSWORD_<suffix> ("Roof" → "ROOF"). */
export function envSuffixOfName(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_');
}

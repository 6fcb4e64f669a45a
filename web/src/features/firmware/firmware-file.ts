import { FIRMWARE_GZ_MAX_BYTES, FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';

export type FirmwareProblem = 'wrong_type' | 'too_large' | 'empty';

/** Spec §5: a .bin or .bin.gz image, no larger than the gateway accepts. */
export function firmwareFileProblem(file: { name: string; size: number }): FirmwareProblem | null {
  const name = file.name.toLowerCase();
  const gz = name.endsWith('.bin.gz');
  if (!gz && !name.endsWith('.bin')) return 'wrong_type';
  if (file.size === 0) return 'empty';
  if (file.size > (gz ? FIRMWARE_GZ_MAX_BYTES : FIRMWARE_MAX_BYTES)) return 'too_large';
  return null;
}

import {
  CONFIG_FILE,
  FILE_UPLOAD_MAX_BYTES,
  LANGUAGE_PACK_SUFFIX,
  PIN_MAPPING_FILE,
} from '@heliodtu/contract/limits';

/** The restore targets of spec §2; the interface always writes packs as pack.lang.json. */
export const RESTORE_TARGETS = {
  config: CONFIG_FILE,
  pinMapping: PIN_MAPPING_FILE,
  languagePack: `pack${LANGUAGE_PACK_SUFFIX}`,
} as const;

export type RestoreTarget = keyof typeof RESTORE_TARGETS;

/** Why a chosen file cannot be restored; the card translates each. */
export type RestoreProblem =
  'no_file' | 'wrong_type' | 'too_large' | 'invalid_json' | 'invalid_content';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Spec §5 "Restore file": the text must parse as JSON, and the first element counts when it is
 * an array; main config needs an object `cfg`, pin mapping a string `name`, a language pack an
 * object `meta`. A leading byte order mark is allowed, as the gateway's reader skips it.
 */
export function restoreContentProblem(
  target: RestoreTarget,
  text: string,
): 'invalid_json' | 'invalid_content' | null {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'invalid_json';
  }
  const first: unknown = Array.isArray(json) ? json[0] : json;
  if (!isObject(first)) return 'invalid_content';
  switch (target) {
    case 'config':
      return isObject(first['cfg']) ? null : 'invalid_content';
    case 'pinMapping':
      return typeof first['name'] === 'string' ? null : 'invalid_content';
    case 'languagePack':
      return isObject(first['meta']) ? null : 'invalid_content';
  }
}

/** The checks that need no reading: a file at all, a .json name, the gateway's size limit. */
export function restoreFileProblem(
  file: { name: string; size: number } | null,
): RestoreProblem | null {
  if (file === null) return 'no_file';
  if (!file.name.toLowerCase().endsWith('.json')) return 'wrong_type';
  if (file.size > FILE_UPLOAD_MAX_BYTES) return 'too_large';
  return null;
}

/** Everything spec §5 asks of a restore file; reads the file only when the cheap checks pass. */
export async function checkRestoreFile(
  target: RestoreTarget,
  file: File | null,
): Promise<RestoreProblem | null> {
  const early = restoreFileProblem(file);
  if (early !== null || file === null) return early;
  return restoreContentProblem(target, await file.text());
}

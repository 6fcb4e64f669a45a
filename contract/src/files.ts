import { z } from 'zod';
import { wire } from './wire.js';
import { CONFIG_FILE, LANGUAGE_PACK_SUFFIX, PIN_MAPPING_FILE } from './limits.js';

/** Files of the device's flash file system, wire-contract §4.12. */

//-- GET /api/file/list

// Named apart from the DOM's FileEntry and FileList, which the web interface also sees.
export const FileListEntrySchema = z.object({
  name: z.string(),
  size: z.number().int().min(0),
});
export type FileListEntry = z.infer<typeof FileListEntrySchema>;

export const FileListResponseSchema = z.array(FileListEntrySchema);
export type FileListResponse = z.infer<typeof FileListResponseSchema>;

//-- POST /api/file/delete and /api/file/delete_all

export const FileDeleteRequestSchema = z.object({ file: wire.string() });
export type FileDeleteRequest = z.infer<typeof FileDeleteRequestSchema>;

export const FileDeleteAllRequestSchema = z.object({ delete: wire.bool() });
export type FileDeleteAllRequest = z.infer<typeof FileDeleteAllRequestSchema>;

//-- POST /api/file/upload?file=<name>

/** The restore targets the web interface offers (spec §3, wire-contract §4.12). */
export const RESTORE_TARGETS = {
  config: CONFIG_FILE,
  pinMapping: PIN_MAPPING_FILE,
  languagePack: `pack${LANGUAGE_PACK_SUFFIX}`,
} as const;

/** Why restored content is refused; clients translate these, the server words them. */
export type RestoreProblem = 'invalid_json' | 'invalid_content';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

/**
 * Content check of a restore upload, spec §5 "Restore file": config.json needs an object `cfg`,
 * pin_mapping.json an array whose first element has a string `name`, a `*.lang.json` pack an
 * object `meta` with non-empty `code` and `name`. Other names pass unchecked. Stricter than the
 * interface's check where the device would misread the file: config and packs must be objects.
 */
export function restoreProblemOf(fileName: string, text: string): RestoreProblem | null {
  const kind =
    fileName === CONFIG_FILE
      ? 'config'
      : fileName === PIN_MAPPING_FILE
        ? 'pin_mapping'
        : fileName.endsWith(LANGUAGE_PACK_SUFFIX)
          ? 'language'
          : null;
  if (kind === null) return null;
  let json: unknown;
  try {
    // A UTF-8 byte order mark is allowed, as the device's reader skips it.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'invalid_json';
  }
  switch (kind) {
    case 'config':
      return isObject(json) && isObject(json['cfg']) ? null : 'invalid_content';
    case 'pin_mapping': {
      const first: unknown = Array.isArray(json) ? json[0] : undefined;
      return isObject(first) && typeof first['name'] === 'string' ? null : 'invalid_content';
    }
    case 'language': {
      const meta = isObject(json) ? json['meta'] : undefined;
      return isObject(meta) && nonEmptyString(meta['code']) && nonEmptyString(meta['name'])
        ? null
        : 'invalid_content';
    }
  }
}

import { lstat, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { restoreProblemOf, type FileListEntry } from '@heliodtu/contract/files';
import {
  CONFIG_FILE,
  FILE_UPLOAD_MAX_BYTES,
  LANGUAGE_PACK_SUFFIX,
  PIN_MAPPING_FILE,
} from '@heliodtu/contract/limits';
import { writeFileAtomic } from './atomic-write.js';

/**
 * The device's flash file system is the data dir's top level (wire-contract §4.12). Dot entries
 * (our own state in `.heliodtu`) and temp files of atomic writes are not part of it.
 */

const NAME_MAX_BYTES = 255;

/**
 * A name that addresses a top-level file of the data dir and nothing else: no separators,
 * no `..`, no NUL, not hidden (internal state), not a temp file of an atomic write.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    Buffer.byteLength(name) <= NAME_MAX_BYTES &&
    !/[/\\\0]/.test(name) &&
    !name.includes('..') &&
    !name.startsWith('.') &&
    !name.endsWith('.tmp') &&
    !path.isAbsolute(name)
  );
}

function isListed(name: string): boolean {
  return !name.startsWith('.') && !name.endsWith('.tmp');
}

/** GET /api/file/list: regular top-level files, by name. */
export async function listDataFiles(dataDir: string): Promise<FileListEntry[]> {
  const entries = await readdir(dataDir, { withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && isListed(entry.name))
      .map(async (entry) => {
        const stats = await lstat(path.join(dataDir, entry.name)).catch(() => null);
        return stats?.isFile() ? { name: entry.name, size: stats.size } : null;
      }),
  );
  return files
    .filter((file): file is FileListEntry => file !== null)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Path of an existing regular file named `name`, or null (unsafe name, missing, not a file). */
async function existingFile(dataDir: string, name: string): Promise<string | null> {
  if (!isSafeFileName(name)) return null;
  const file = path.join(dataDir, name);
  // lstat: a symbolic link could point out of the data dir.
  const stats = await lstat(file).catch(() => null);
  return stats?.isFile() ? file : null;
}

/** Content of a data file, or null when `name` does not address one. */
export async function readDataFile(dataDir: string, name: string): Promise<Buffer | null> {
  const file = await existingFile(dataDir, name);
  return file === null ? null : readFile(file).catch(() => null);
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `content` without a leading UTF-8 byte order mark. */
export const withoutUtf8Bom = (content: Buffer): Buffer =>
  content.subarray(0, UTF8_BOM.length).equals(UTF8_BOM)
    ? content.subarray(UTF8_BOM.length)
    : content;

/** Delete one data file; false when `name` does not address one. */
export async function deleteDataFile(dataDir: string, name: string): Promise<boolean> {
  const file = await existingFile(dataDir, name);
  if (file === null) return false;
  await unlink(file);
  return true;
}

/** Factory reset: every listed file goes except pin_mapping.json (wire-contract §11.18). */
export async function deleteAllDataFiles(dataDir: string): Promise<void> {
  const files = await listDataFiles(dataDir);
  await Promise.all(
    files
      .filter((file) => file.name !== PIN_MAPPING_FILE)
      .map((file) => unlink(path.join(dataDir, file.name)).catch(() => undefined)),
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.xml': 'text/xml',
  '.gz': 'application/x-gzip',
};

/** Content-Type of a download by file extension. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Plain-text reasons an upload is refused (answered as HTTP 500, spec §7). */
export const UPLOAD_ERRORS = {
  noTarget: 'Missing file name: add ?file=<name> to the URL',
  unsafeTarget: 'Invalid file name',
  notMultipart: 'Upload must be multipart/form-data',
  noFile: 'No file in the upload',
  tooLarge: 'File too large',
  invalid_json: 'Invalid JSON',
  invalid_content: 'Invalid JSON content',
  writeFailed: 'Write failed',
} as const;

function requirementOf(name: string): string {
  if (name === CONFIG_FILE) return `${name} needs an object "cfg"`;
  if (name === PIN_MAPPING_FILE) return `${name} needs an array whose first entry has a "name"`;
  return 'a language pack needs an object "meta" with a non-empty "code" and "name"';
}

/**
 * Restore one uploaded file: check its content for the known targets, then replace it
 * atomically. Returns the reason text on refusal, null when written.
 */
export async function storeUpload(
  dataDir: string,
  name: string,
  content: Buffer,
): Promise<string | null> {
  if (!isSafeFileName(name)) return UPLOAD_ERRORS.unsafeTarget;
  if (content.length > FILE_UPLOAD_MAX_BYTES) return UPLOAD_ERRORS.tooLarge;
  const problem = restoreProblemOf(name, content.toString('utf8'));
  if (problem === 'invalid_json') return UPLOAD_ERRORS.invalid_json;
  if (problem !== null) return `${UPLOAD_ERRORS.invalid_content}: ${requirementOf(name)}`;
  // A pack is sent to browsers as it is stored, and JSON has no byte order mark.
  const stored = name.endsWith(LANGUAGE_PACK_SUFFIX) ? withoutUtf8Bom(content) : content;
  try {
    await writeFileAtomic(path.join(dataDir, name), stored);
  } catch {
    return UPLOAD_ERRORS.writeFailed;
  }
  return null;
}

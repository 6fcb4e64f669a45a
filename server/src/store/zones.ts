import { createHash } from 'node:crypto';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where Debian's tzdata keeps the compiled zones. */
export const ZONEINFO_DIR = '/usr/share/zoneinfo';

// Geographic areas of the tz database; other folders (US/, Brazil/, posix/, right/) are aliases or variants.
const AREAS = new Set([
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
]);
// From Etc/ only UTC and the fixed offsets; its other names (Zulu, Universal, GMT0…) are aliases.
const ETC_ZONE = /^Etc\/(UTC|GMT[+-]\d{1,2})$/;

/** The POSIX TZ footer of a TZif v2+ file: the text between its last two newlines. */
function posixFooter(bytes: Buffer): string | null {
  if (bytes.subarray(0, 4).toString('latin1') !== 'TZif' || bytes[4] === 0) return null;
  if (bytes[bytes.length - 1] !== 0x0a) return null;
  const start = bytes.lastIndexOf(0x0a, bytes.length - 2);
  if (start < 0) return null;
  const footer = bytes.subarray(start + 1, bytes.length - 1).toString('latin1');
  return footer === '' || /[\0\n]/.test(footer) ? null : footer;
}

async function readZoneFile(file: string): Promise<Buffer | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * IANA name → POSIX TZ string for every zone in `root` (wire-contract §4.9 /zones.json),
 * read from the footers of the system's TZif files and sorted by name.
 */
export async function buildZones(root: string = ZONEINFO_DIR): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const zones: [string, string][] = [];
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = path.relative(root, full).split(path.sep).join('/');
    const area = name.split('/')[0] ?? '';
    if (!(AREAS.has(area) && name.includes('/')) && !ETC_ZONE.test(name)) continue;
    const bytes = await readZoneFile(full);
    const footer = bytes && posixFooter(bytes);
    if (footer) zones.push([name, footer]);
  }
  zones.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(zones);
}

export interface ZonesDocument {
  json: Buffer;
  gzip: Buffer;
  etag: string;
  gzipEtag: string;
}

const md5Tag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

let cached: Promise<ZonesDocument> | undefined;

/** /zones.json, built once per process on first use and kept in memory, plain and gzipped. */
export function zonesDocument(root: string = ZONEINFO_DIR): Promise<ZonesDocument> {
  if (root !== ZONEINFO_DIR) return makeDocument(root);
  cached ??= makeDocument(root).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function makeDocument(root: string): Promise<ZonesDocument> {
  const json = Buffer.from(JSON.stringify(await buildZones(root)));
  const gzip = gzipSync(json, { level: 9 });
  // As the device: the tag is the MD5 of the bytes served, so each encoding has its own.
  return { json, gzip, etag: md5Tag(json), gzipEtag: md5Tag(gzip) };
}

let table: Promise<Readonly<Record<string, string>>> | undefined;

/**
 * The zones as an object (name → POSIX TZ), read from the served document so both agree.
 * Current firmware looks the POSIX TZ up here by the zone's name (POST /api/ntp/config).
 */
export function zonesTable(): Promise<Readonly<Record<string, string>>> {
  table ??= zonesDocument().then(
    (doc) => JSON.parse(doc.json.toString('utf8')) as Record<string, string>,
    (error: unknown) => {
      table = undefined;
      throw error;
    },
  );
  return table;
}

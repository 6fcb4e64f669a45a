import { LANGUAGE_PACK_SUFFIX } from '@heliodtu/contract/limits';
import type { LanguageEntry } from '@heliodtu/contract/i18n';
import { listDataFiles, readDataFile, withoutUtf8Bom } from './file-store.js';

/** A language pack found at boot and the data file that holds it. */
export interface LanguagePackFile extends LanguageEntry {
  file: string;
}

function metaOf(content: Buffer): LanguageEntry | null {
  try {
    const json: unknown = JSON.parse(content.toString('utf8'));
    const meta: unknown =
      typeof json === 'object' && json !== null ? (json as { meta?: unknown }).meta : undefined;
    if (typeof meta !== 'object' || meta === null) return null;
    const { code, name } = meta as { code?: unknown; name?: unknown };
    return typeof code === 'string' && code !== '' && typeof name === 'string' && name !== ''
      ? { code, name }
      : null;
  } catch {
    return null;
  }
}

/**
 * A pack's bytes as sent: without a byte order mark, which a pack copied into the data dir (or
 * restored before uploads dropped it) may have. Null when the file is gone.
 */
export async function readLanguagePack(dataDir: string, file: string): Promise<Buffer | null> {
  const content = await readDataFile(dataDir, file);
  return content && withoutUtf8Bom(content);
}

/**
 * The `*.lang.json` files of the data dir with a non-empty meta.code and meta.name
 * (wire-contract §4.15). Read once per boot, as the device does; for a code found in two
 * files the first by name wins.
 */
export async function loadLanguagePacks(dataDir: string): Promise<LanguagePackFile[]> {
  const packs: LanguagePackFile[] = [];
  for (const { name: file } of await listDataFiles(dataDir)) {
    if (!file.endsWith(LANGUAGE_PACK_SUFFIX)) continue;
    const content = await readLanguagePack(dataDir, file);
    const meta = content && metaOf(content);
    if (meta && !packs.some((pack) => pack.code === meta.code)) packs.push({ ...meta, file });
  }
  return packs;
}

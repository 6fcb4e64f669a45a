import { randomInt } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/** Folder in the data dir for the gateway's own state; not part of the device's file system. */
export const STATE_DIR = '.heliodtu';

/**
 * The 24-bit chip id the hostname (`%06X`) and AP name derive from. A real ESP32 has it
 * burnt in; we draw it once and keep it, so names stay stable across restarts and resets.
 */
export async function loadChipId(dataDir: string): Promise<number> {
  const file = path.join(dataDir, STATE_DIR, 'chip-id');
  try {
    const value = Number.parseInt(await readFile(file, 'utf8'), 10);
    if (Number.isInteger(value) && value > 0 && value <= 0xffffff) return value;
  } catch {
    // first boot
  }
  const chipId = randomInt(0x100000, 0xffffff);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, String(chipId));
  return chipId;
}

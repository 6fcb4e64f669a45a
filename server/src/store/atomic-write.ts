import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

let sequence = 0;

/**
 * Replace a file so that a crash at any moment leaves either the old or the new content:
 * write a temp file beside it, fsync it, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(target: string, content: string | Uint8Array): Promise<void> {
  const temp = `${target}.${process.pid}.${++sequence}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  const dir = await open(path.dirname(target), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DeviceIdSchema } from '@heliodtu/contract/companion';
import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';
import { writeFileAtomic } from './atomic-write.js';

/** The companion's own list of devices (issue 27), in DATA_DIR beside config.json. */
export const DEVICES_FILE = 'devices.json';

const StoredDeviceSchema = z.object({
  id: DeviceIdSchema,
  name: z.string(),
  url: z.string(),
  user: z.string(),
  /**
   * Kept in the clear, as config.json keeps the MQTT password: the companion has to log in to
   * the device. The file is the owner's only (0600); no API answers it, no line prints it.
   */
  password: z.string(),
  /**
   * A device on a broker: the owner's away time in s (issue 37), over DTU_AWAY_S; absent for
   * the automatic one (and in files from before it existed).
   */
  away_s: z.number().int().min(AWAY_SECONDS_RANGE.min).max(AWAY_SECONDS_RANGE.max).optional(),
});
export type StoredDevice = z.infer<typeof StoredDeviceSchema>;

const DevicesFileSchema = z.object({
  /** Devices added on the Devices screen. */
  devices: z.array(StoredDeviceSchema),
  /** Every device's id (DTU_URL ones too) in the owner's order; unknown ids are skipped. */
  order: z.array(DeviceIdSchema),
});
export type DevicesFile = z.infer<typeof DevicesFileSchema>;

/** devices.json, or an empty list when there is none; a damaged file is a start error. */
export async function readDevicesFile(dataDir: string): Promise<DevicesFile> {
  const file = path.join(dataDir, DEVICES_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { devices: [], order: [] };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON: fix or remove it (it lists the companion's devices)`);
  }
  const result = DevicesFileSchema.safeParse(parsed);
  if (!result.success) {
    // The issue's path only: a value could be a password.
    const where = result.error.issues[0]?.path.join('.') ?? '';
    throw new Error(`${file} has a bad entry at "${where}": fix or remove it`);
  }
  return result.data;
}

/** Replaces devices.json atomically (temp file, fsync, rename), readable by its owner only. */
export async function writeDevicesFile(dataDir: string, content: DevicesFile): Promise<void> {
  await writeFileAtomic(path.join(dataDir, DEVICES_FILE), `${JSON.stringify(content, null, 2)}\n`);
}

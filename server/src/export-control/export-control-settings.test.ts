import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportControlConfig } from '@heliodtu/contract/export-control';
import {
  DEFAULT_EXPORT_CONTROL_CONFIG,
  EXPORT_CONTROL_FILE,
  ExportControlSettingsFile,
} from './export-control-settings.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function fresh() {
  dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-ec-'));
  return { dataDir: dir, file: path.join(dir, '.heliodtu', EXPORT_CONTROL_FILE) };
}

const GOVERNED: ExportControlConfig = {
  ...DEFAULT_EXPORT_CONTROL_CONFIG,
  enabled: true,
  target_w: -50,
  inverters: [
    {
      device: 'local',
      serial: '114182352592',
      lower_w: 50,
      upper_w: 800,
      fallback_w: null,
      restore_w: 600,
    },
  ],
};

describe('the export control settings file', () => {
  it('starts off: target 0, hysteresis 20 W, 10 s spacing, 30 min pause, no window, no inverters', async () => {
    const { dataDir } = await fresh();
    const settings = new ExportControlSettingsFile(dataDir);
    await settings.load(() => undefined);
    expect(settings.get()).toEqual({
      enabled: false,
      target_w: 0,
      hysteresis_w: 20,
      command_spacing_s: 10,
      manual_pause_min: 30,
      window: { enabled: false, start: '08:00', end: '20:00' },
      inverters: [],
    });
  });

  it('keeps what was saved across a restart, in DATA_DIR/.heliodtu/export-control.json', async () => {
    const { dataDir, file } = await fresh();
    await new ExportControlSettingsFile(dataDir).save(GOVERNED);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(GOVERNED);
    const again = new ExportControlSettingsFile(dataDir);
    await again.load(() => undefined);
    expect(again.get()).toEqual(GOVERNED);
    // Written through a temp file renamed over the target: nothing else is left beside it.
    expect(await readdir(path.dirname(file))).toEqual([EXPORT_CONTROL_FILE]);
  });

  it('refuses to save invalid settings and keeps the file as it was', async () => {
    const { dataDir, file } = await fresh();
    const settings = new ExportControlSettingsFile(dataDir);
    await settings.save(GOVERNED);
    const before = await readFile(file, 'utf8');
    await expect(settings.save({ ...GOVERNED, hysteresis_w: -1 })).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(settings.get()).toEqual(GOVERNED);
  });

  it('reads a damaged file as the defaults, control off, and says so', async () => {
    const { dataDir, file } = await fresh();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ ...GOVERNED, target_w: 'zero' }));
    const lines: string[] = [];
    const settings = new ExportControlSettingsFile(dataDir);
    await settings.load((line) => lines.push(line));
    expect(settings.get().enabled).toBe(false);
    expect(lines).toEqual([expect.stringContaining('export-control.json unreadable, control off')]);
  });

  it('forgets the file on a fresh config (factory reset)', async () => {
    const { dataDir, file } = await fresh();
    await new ExportControlSettingsFile(dataDir).save(GOVERNED);
    const settings = new ExportControlSettingsFile(dataDir);
    await settings.load(() => undefined, true);
    expect(settings.get()).toEqual(DEFAULT_EXPORT_CONTROL_CONFIG);
    await expect(readFile(file)).rejects.toThrow();
  });
});

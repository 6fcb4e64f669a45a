import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigFileSchema } from '@heliodtu/contract/config-file';
import { InverterListSchema } from '@heliodtu/contract/inverter';
import { ConfigStore } from '../src/store/config-store.js';
import { buildTestGateway } from './helpers/build-test-app.js';

const CHILD = path.join(import.meta.dirname, 'crash-save-child.ts');
const PAYLOAD_BYTES = 512 * 1024;
const ROUNDS = 10;

/** Start the saving child and SIGKILL it `delayMs` after its first save reached the disk. */
function saveUntilKilled(dataDir: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, dataDir, String(PAYLOAD_BYTES)],
      { cwd: path.join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('saving')) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`child ended on its own: ${stderr}`));
    });
  });
}

/** A small seeded generator, so a failing sequence of kill moments can be replayed. */
function delays(seed: number, count: number, maxMs: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % maxMs;
  });
}

describe('config.json survives a crash during a save', () => {
  it(`is complete and holds one of the two saved values after ${ROUNDS} SIGKILLs`, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-crash-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    let lastSaveCount = 0;
    for (const delayMs of delays(20_241_107, ROUNDS, 200)) {
      await saveUntilKilled(dataDir, delayMs);
      const text = await readFile(path.join(dataDir, 'config.json'), 'utf8');
      const raw: unknown = JSON.parse(text);
      // Complete: parsing fills in nothing, so every key was on disk with its right kind.
      const config = ConfigFileSchema.parse(raw);
      expect(config).toEqual(raw);
      expect(['a.example', 'b.example']).toContain(config.ntp.server);
      const letter = config.ntp.server[0] ?? '?';
      expect(config.mqtt.tls.client_key).toBe(letter.repeat(PAYLOAD_BYTES));
      expect(config.cfg.save_count).toBeGreaterThan(lastSaveCount);
      lastSaveCount = config.cfg.save_count;
    }
    // The next boot clears temp files a killed save left behind and reads the last value.
    const store = await ConfigStore.open(dataDir, () => undefined);
    expect(store.config.cfg.save_count).toBe(lastSaveCount);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);
});

describe('configuration across reboots', () => {
  it('keeps what the API saved', async () => {
    const gw = await buildTestGateway();
    await gw.post('/api/inverter/add', { serial: '116180123456', name: 'Kept' });
    const next = await gw.reboot();
    const { inverter } = InverterListSchema.parse(await next.get('/api/inverter/list'));
    expect(inverter.map((i) => [i.serial, i.name])).toEqual([['116180123456', 'Kept']]);
  });

  it.each([
    ['not JSON', 'this is not json {'],
    ['truncated', '{"cfg":{"version":72960,"save_count":3},"inverters":[{"ser'],
    ['not an object', '[1,2,3]'],
  ])(
    'moves a corrupt config.json (%s) aside, uses defaults and says so',
    async (_name, corrupt) => {
      const gw = await buildTestGateway();
      await gw.post('/api/inverter/add', { serial: '116180123456', name: 'Lost' });
      await writeFile(path.join(gw.dataDir, 'config.json'), corrupt);
      const next = await gw.reboot();
      expect(await next.get('/api/inverter/list')).toEqual({ inverter: [] });
      const aside = (await readdir(gw.dataDir)).filter((n) => n.startsWith('config.json.corrupt-'));
      expect(aside).toHaveLength(1);
      expect(await readFile(path.join(gw.dataDir, aside[0] ?? ''), 'utf8')).toBe(corrupt);
      const line = next.app.consoleLog.backlog().find((l) => l.includes('corrupt'));
      expect(line).toContain(aside[0]);
      expect(line).toContain('defaults');
      // A fresh config.json with the defaults is back on disk.
      const written: unknown = JSON.parse(
        await readFile(path.join(gw.dataDir, 'config.json'), 'utf8'),
      );
      expect(ConfigFileSchema.parse(written).inverters.every((slot) => slot.serial === 0)).toBe(
        true,
      );
    },
  );
});

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HistoryService } from '../src/history/history-service.js';
import { HistoryStore } from '../src/history/store.js';
import type { RecordedFleet } from '../src/history/recorder.js';
import type { InverterState } from '../src/device/live-view.js';

const CHILD = path.join(import.meta.dirname, 'history-crash-child.ts');
const ROUNDS = 6;

/** Run the recording child, SIGKILL it `delayMs` after its first commit; the last bucket it reported committed. */
function recordUntilKilled(dir: string, delayMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
      cwd: path.join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let lastFlushed = 0;
    let killing = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/flushed (\d+)/g))
        lastFlushed = Number(match[1]);
      if (!killing) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(lastFlushed);
      else reject(new Error(`child ended on its own: ${stderr}`));
    });
  });
}

describe('history survives SIGKILL during writes', () => {
  it(`opens intact and keeps every reported bucket after ${ROUNDS} kills`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-history-crash-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    let previous = 0;
    for (const delayMs of [35, 120, 7, 260, 60, 180].slice(0, ROUNDS)) {
      const reported = await recordUntilKilled(dir, delayMs);
      const lines: string[] = [];
      const store = HistoryStore.open(dir, (line) => lines.push(line));
      expect(lines).toEqual([]);
      const check = new Database(path.join(dir, 'history.sqlite'));
      expect(check.prepare('PRAGMA integrity_check').raw(true).all()).toEqual([['ok']]);
      check.close();
      const inverters = store.inverters('local');
      expect(inverters).toHaveLength(10);
      for (const inv of inverters) {
        const times = store.buckets(inv.id, 0, 2e9).map((b) => b.t);
        // Every committed bucket is there, one after the other; at most the unreported last one is extra.
        expect(times.at(-1)).toBeGreaterThanOrEqual(reported);
        expect(times.at(-1)! - reported).toBeLessThanOrEqual(300);
        expect(times.length).toBe((times.at(-1)! - times[0]!) / 300 + 1);
      }
      expect(reported).toBeGreaterThan(previous);
      previous = reported;
      store.close();
    }
  }, 120_000);
});

describe('a full disk', () => {
  it('stops recording with a console line; what is stored stays readable', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-history-full-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const lines: string[] = [];
    let now = Date.parse('2025-06-21T08:00:00Z');
    const service = new HistoryService({
      dir,
      retentionDays: 730,
      log: (line) => lines.push(line),
      device: 'local',
      tz: () => 'CET-1CEST,M3.5.0,M10.5.0/3',
      now: () => now,
      flushMs: 3_600_000,
      maxPageCount: 16,
    });
    onTestFinished(() => service.close());
    const listeners: ((serial: string) => void)[] = [];
    let total = 1_000_000;
    const fleet: RecordedFleet = {
      deviceId: 'local',
      on: (_event, listener) => listeners.push(listener),
      off: () => undefined,
      inverterState: (serial) =>
        ({
          hasData: true,
          lastUpdateUptime: now / 1000,
          live: {
            name: `Inverter ${serial}`,
            AC: { '0': { Power: { v: 400 } } },
            DC: { '0': { name: { u: 'a' }, Power: { v: 410 }, YieldTotal: { v: total / 1000 } } },
          },
        }) as unknown as InverterState,
    };
    service.attach(fleet);
    let rounds = 0;
    while (service.recording && rounds < 5_000) {
      rounds++;
      now += 60_000;
      total += 7;
      for (let i = 0; i < 20; i++)
        listeners.forEach((l) => l(`11418235${String(i).padStart(4, '0')}`));
      service.flush();
    }
    expect(service.recording).toBe(false);
    expect(lines.join('\n')).toMatch(/History recording stopped: the disk is full \(SQLITE_FULL\)/);
    const stored = service.read([], (ctx) => ctx.store.dayRange(ctx.device));
    expect(stored).not.toBeNull();
    // Later polls are ignored quietly, not retried against the full disk.
    listeners.forEach((l) => l('114182350000'));
    service.flush();
    expect(lines.filter((l) => l.includes('disk is full'))).toHaveLength(1);
  });
});

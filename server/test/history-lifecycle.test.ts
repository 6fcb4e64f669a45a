import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_RESPONSE_SCHEMAS, addDays } from '@heliodtu/contract/history';
import type { GatewayOptions } from '../src/env.js';
import { STATE_DIR } from '../src/store/chip-id.js';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';

/** Issue 14 faults and lifecycle: restart, live growth, delete, factory reset, restore, damage. */

const TODAY = '2025-06-21';
const DEMO: Partial<GatewayOptions> = {
  simFleet: 'demo',
  simStart: `${TODAY}T14:00:00`,
  history: { enabled: true, retentionDays: 730, backfillDays: 2 },
};
const MARKER = 'deadbeef0001';

const range = async (gw: TestGateway) =>
  HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(await gw.get('/api/history/range'));
const day = async (gw: TestGateway, date: string) =>
  HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
    await gw.get(`/api/history/day?date=${date}`),
  );
/** An inverter only this test wrote: tells whether this database survived. */
function writeMarker(gw: TestGateway) {
  const db = gw.app.history!.db;
  const inv = db.upsertInverter(gw.app.history!.device, MARKER, 'Marker', []);
  db.write({
    buckets: [],
    days: [{ inv, totals: { day: 20000, wh: 1234, peak: 100, peakAt: 1_728_000_000 } }],
    counters: [],
  });
}
const hasMarker = async (gw: TestGateway) =>
  (await range(gw)).inverters.some((i) => i.serial === MARKER);

describe('history across the gateway lifecycle', () => {
  it('keeps everything over a restart', async () => {
    const gw = await buildTestGateway(DEMO);
    const yesterday = addDays(TODAY, -1);
    const before = await day(gw, yesterday);
    expect(before.total.yield_wh).toBeGreaterThan(1000);
    const next = await gw.reboot();
    expect(await day(next, yesterday)).toEqual(before);
    expect((await range(next)).first_day).toBe(addDays(TODAY, -2));
  });

  it("grows today's curve from live polls", async () => {
    const gw = await buildTestGateway({ ...DEMO, simSpeed: 120 });
    const backfilled = (await day(gw, TODAY)).total.points.at(-1)?.[0] ?? 0;
    await expect
      .poll(
        async () => {
          gw.app.history!.flush();
          return (await day(gw, TODAY)).total.points.at(-1)?.[0] ?? 0;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(backfilled + 300);
  });

  it("keeps a deleted inverter's history readable", async () => {
    const gw = await buildTestGateway(DEMO);
    expect(await gw.post('/api/inverter/del', { id: 0 })).toMatchObject({ type: 'success' });
    const after = await range(gw);
    expect(after.inverters.map((i) => [i.name, i.present])).toEqual([
      ['Garage roof', true],
      ['Barn', true],
      ['Balcony', false],
    ]);
    const balcony = (await day(gw, addDays(TODAY, -1))).inverters.find((i) => i.name === 'Balcony');
    expect(balcony?.present).toBe(false);
    expect(balcony?.points.length).toBeGreaterThan(50);
  });

  it('is cleared by a factory reset and kept by a configuration restore', async () => {
    const gw = await buildTestGateway(DEMO);
    writeMarker(gw);
    const backup = await readFile(path.join(gw.dataDir, 'config.json'));
    const form = new FormData();
    form.append('config', new Blob([backup]), 'config');
    const upload = await gw.request('POST', '/api/file/upload?file=config.json', { body: form });
    expect(upload.status).toBe(200);
    const restored = await gw.reboot();
    expect(await hasMarker(restored)).toBe(true);
    expect(await restored.post('/api/file/delete_all', { delete: true })).toMatchObject({
      type: 'success',
    });
    const reset = await restored.reboot();
    expect(await hasMarker(reset)).toBe(false);
    expect(reset.app.consoleLog.backlog().join('\n')).toContain('History cleared');
  });

  it('moves a damaged database aside, says so, and starts afresh', async () => {
    const first = await buildTestGateway({
      ...DEMO,
      history: { ...DEMO.history!, backfillDays: 0 },
    });
    await first.app.close();
    const dir = path.join(first.dataDir, STATE_DIR);
    for (const suffix of ['-wal', '-shm'])
      await writeFile(path.join(dir, `history.sqlite${suffix}`), '');
    await writeFile(path.join(dir, 'history.sqlite'), 'not a database '.repeat(500));
    const gw = await first.reboot();
    expect(gw.app.consoleLog.backlog().join('\n')).toMatch(
      /History database is damaged \(SQLITE_NOTADB\): moved to history\.sqlite\.corrupt-/,
    );
    expect((await readdir(dir)).some((name) => name.startsWith('history.sqlite.corrupt-'))).toBe(
      true,
    );
    expect((await range(gw)).recording).toBe(true);
  });

  it('is absent with HISTORY=off, like on a real device', async () => {
    const gw = await buildTestGateway({ ...DEMO, history: { ...DEMO.history!, enabled: false } });
    // Unknown paths get the interface's index.html (as on the device), so the route must not exist.
    expect(gw.app.hasRoute({ method: 'GET', url: '/api/history/range' })).toBe(false);
    expect(gw.app.history).toBeUndefined();
    const on = await buildTestGateway({ ...DEMO, history: { ...DEMO.history!, backfillDays: 0 } });
    expect(on.app.hasRoute({ method: 'GET', url: '/api/history/range' })).toBe(true);
  });

  it('follows allow_readonly like live data', async () => {
    const gw = await buildTestGateway({ ...DEMO, history: { ...DEMO.history!, backfillDays: 0 } });
    expect((await gw.request('GET', '/api/history/range', { auth: null })).status).toBe(200);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await gw.request('GET', '/api/history/day', { auth: null })).status).toBe(401);
    expect((await gw.request('GET', '/api/history/day')).status).toBe(200);
  });
});

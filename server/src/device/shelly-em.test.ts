import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HOUSE_METER_FILE, HouseMeterStore } from './house-meter-store.js';
import { emDataStatus, emStatus } from './shelly-em.js';

/** Shelly Gen2 EM.GetStatus of a Pro 3EM in the three-phase profile (power-control §2). */
const EM_FIELDS = [
  'id',
  ...['a', 'b', 'c'].flatMap((p) =>
    ['current', 'voltage', 'act_power', 'aprt_power', 'pf', 'freq'].map((f) => `${p}_${f}`),
  ),
  'n_current',
  'total_current',
  'total_act_power',
  'total_aprt_power',
  'user_calibrated_phase',
];
const EMDATA_FIELDS = [
  'id',
  'a_total_act_energy',
  'a_total_act_ret_energy',
  'b_total_act_energy',
  'b_total_act_ret_energy',
  'c_total_act_energy',
  'c_total_act_ret_energy',
  'total_act',
  'total_act_ret',
];

describe("the Shelly Pro 3EM's status", () => {
  it("has Shelly's field names, signs and sums", () => {
    const status = emStatus(1, 1_780_000_000_000, [850, -1200.04, 300], {
      reactive: [200, 40, 0],
    });
    expect(Object.keys(status).sort()).toEqual([...EM_FIELDS].sort());
    expect(status.a_act_power).toBe(850);
    expect(status.b_act_power).toBe(-1200);
    expect(status.total_act_power).toBeCloseTo(850 - 1200.04 + 300, 3);
    expect(status.a_aprt_power).toBeCloseTo(Math.hypot(850, 200), 1);
    // The power factor carries the sign of the active power; a pure resistive load is 1.
    expect(status.a_pf).toBeGreaterThan(0.9);
    expect(status.b_pf).toBeLessThan(-0.9);
    expect(status.c_pf).toBe(1);
    expect(status.a_current).toBeCloseTo(status.a_aprt_power / status.a_voltage, 2);
    expect(status.total_current).toBeCloseTo(
      status.a_current + status.b_current + status.c_current,
      2,
    );
    expect(status.a_voltage).toBeGreaterThan(220);
    expect(status.a_voltage).toBeLessThan(240);
    expect(status.a_freq).toBe(status.c_freq);
    expect(Math.abs(status.a_freq - 50)).toBeLessThan(0.1);
    expect(status.user_calibrated_phase).toEqual([]);
  });

  it('puts no neutral current through a balanced resistive load, and some through an unbalanced one', () => {
    expect(emStatus(1, 0, [1000, 1000, 1000], { reactive: [0, 0, 0] }).n_current).toBeLessThan(0.1);
    expect(emStatus(1, 0, [2000, 0, 0], { reactive: [0, 0, 0] }).n_current).toBeGreaterThan(8);
  });

  it('answers the registers under EMData names, totals the sum of the phases', () => {
    const data = emDataStatus({ import_wh: [1000.126, 2, 3.5], export_wh: [0, 400.004, 1] });
    expect(Object.keys(data).sort()).toEqual([...EMDATA_FIELDS].sort());
    expect(data).toMatchObject({
      id: 0,
      a_total_act_energy: 1000.13,
      b_total_act_ret_energy: 400,
      total_act: 1005.63,
      total_act_ret: 401,
    });
  });
});

describe('the registers on disk', () => {
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-house-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('are written atomically and read back', async () => {
    const dir = await tempDir();
    const lines: string[] = [];
    let host = 0;
    const store = new HouseMeterStore(
      dir,
      () => host,
      (l) => lines.push(l),
    );
    expect(await store.load()).toBeUndefined();
    await store.maybeSave(() => ({ import_wh: [1, 2, 3], export_wh: [4, 5, 6], savedAt: 9 }));
    // Within the minute nothing is written; forced it is.
    host = 30_000;
    await store.maybeSave(() => ({ import_wh: [7, 7, 7], export_wh: [4, 5, 6], savedAt: 10 }));
    expect(await store.load()).toEqual({ import_wh: [1, 2, 3], export_wh: [4, 5, 6] });
    await store.maybeSave(
      () => ({ import_wh: [7, 7, 7], export_wh: [4, 5, 6], savedAt: 11 }),
      true,
    );
    const again = new HouseMeterStore(
      dir,
      () => 0,
      (l) => lines.push(l),
    );
    expect(await again.load()).toEqual({ import_wh: [7, 7, 7], export_wh: [4, 5, 6] });
    const onDisk = JSON.parse(await readFile(store.file, 'utf8')) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ version: 1, savedAt: 11 });
    expect(lines).toEqual([]);
  });

  it('start from zero, with one line, when the file is broken or of the wrong shape', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, '.heliodtu'), { recursive: true });
    const file = path.join(dir, '.heliodtu', HOUSE_METER_FILE);
    const lines: string[] = [];
    const store = new HouseMeterStore(
      dir,
      () => 0,
      (l) => lines.push(l),
    );
    await writeFile(file, '{"import_wh": [1, 2');
    expect(await store.load()).toBeUndefined();
    await writeFile(file, JSON.stringify({ import_wh: [1, -2, 3], export_wh: [0, 0, 0] }));
    expect(await store.load()).toBeUndefined();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(HOUSE_METER_FILE);
  });
});

import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { CURRENT_FIRMWARE_ADDITIONS } from '@heliodtu/contract/domain/firmware-generation';
import { SystemStatusSchema, type SystemStatus } from '@heliodtu/contract/system';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';

const systemStatus = async (gw: TestGateway): Promise<SystemStatus> => {
  const response = await gw.request('GET', '/api/system/status');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  const parsed = SystemStatusSchema.parse(body);
  // The default gateway is v24.11.7: every field of the schema but v26.3.30's own, in order.
  const v26Only: readonly string[] = CURRENT_FIRMWARE_ADDITIONS.systemStatusFields;
  expect(Object.keys(body as object)).toEqual(
    Object.keys(SystemStatusSchema.shape).filter((key) => !v26Only.includes(key)),
  );
  return parsed;
};

/** Bytes of the device's files: the data dir's top-level files. */
async function deviceFileBytes(dataDir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(dataDir, entry.name))).size;
  }
  return total;
}

/** "v24.11.7" → [24, 11, 7], as version-checking scripts read git_hash (integrations §7.3). */
const versionOf = (gitHash: string) => {
  const match = /^v(\d+)\.(\d+)\.(\d+)$/.exec(gitHash.replace(/-Database$/, ''));
  return match ? match.slice(1).map(Number) : null;
};
const atLeast = (a: number[], b: number[]) => {
  for (let i = 0; i < b.length; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
};

describe('GET /api/system/status', () => {
  it('reports the simulated ESP32 board and firmware', async () => {
    const gw = await buildTestGateway();
    const body = await systemStatus(gw);
    expect(body).toMatchObject({
      hostname: resolveHostname('OpenDTU-%06X', gw.app.system.chipId),
      sdkversion: 'v4.4.7-dirty',
      cpufreq: 240,
      psram_total: 0,
      psram_used: 0,
      sketch_total: 1966080,
      chiprevision: 3,
      chipmodel: 'ESP32-D0WD-V3',
      chipcores: 2,
      flashsize: 4194304,
      config_version: '0.1.29',
      git_hash: 'v24.11.7',
      pioenv: 'generic_esp32',
      nrf_configured: true,
      nrf_connected: true,
      nrf_pvariant: true,
      cmt_configured: true,
      cmt_connected: true,
    });
    expect(body.sketch_used).toBeGreaterThan(1_000_000);
    expect(body.sketch_used).toBeLessThan(body.sketch_total);
    expect(body.cputemp).toBeGreaterThan(20);
    expect(body.cputemp).toBeLessThan(90);
    expect(body.task_details.map((task) => task.name)).toEqual(
      expect.arrayContaining(['IDLE0', 'IDLE1', 'wifi', 'tiT', 'loopTask', 'async_tcp']),
    );
    for (const task of body.task_details) expect(task.stack_watermark).toBeGreaterThan(0);
  });

  it('reports a git_hash that version-checking scripts accept (≥ v24.2.12)', async () => {
    const gw = await buildTestGateway();
    const version = versionOf((await systemStatus(gw)).git_hash);
    expect(version).not.toBeNull();
    expect(atLeast(version ?? [], [24, 2, 12])).toBe(true);
  });

  it('reports consistent heap figures with a minimum free that never rises', async () => {
    const gw = await buildTestGateway();
    let lastMinFree = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i += 1) {
      // Some garbage between samples moves the figures.
      JSON.stringify(Array.from({ length: 20_000 }, (_, n) => ({ n })));
      const body = await systemStatus(gw);
      const free = body.heap_total - body.heap_used;
      expect(body.heap_total).toBeGreaterThan(0);
      expect(body.heap_used).toBeLessThanOrEqual(body.heap_total);
      expect(body.heap_max_block).toBeLessThanOrEqual(free);
      expect(body.heap_min_free).toBeLessThanOrEqual(free);
      expect(body.heap_min_free).toBeLessThanOrEqual(lastMinFree);
      lastMinFree = body.heap_min_free;
    }
  });

  it('reports the data dir files as the used file system, growing with a new file', async () => {
    const gw = await buildTestGateway();
    const before = await systemStatus(gw);
    expect(before.littlefs_used).toBe(await deviceFileBytes(gw.dataDir));
    expect(before.littlefs_used).toBeGreaterThan(0);
    expect(before.littlefs_total).toBeGreaterThanOrEqual(before.littlefs_used);
    await writeFile(path.join(gw.dataDir, 'pin_mapping.json'), 'x'.repeat(5000));
    const after = await systemStatus(gw);
    expect(after.littlefs_used).toBe(before.littlefs_used + 5000);
  });

  it('counts config saves in cfgsavecount, as config.json does', async () => {
    const gw = await buildTestGateway();
    const before = (await systemStatus(gw)).cfgsavecount;
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: true });
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: true });
    const after = (await systemStatus(gw)).cfgsavecount;
    expect(after).toBe(before + 2);
    const file = JSON.parse(await readFile(path.join(gw.dataDir, 'config.json'), 'utf8'));
    expect(file.cfg.save_count).toBe(after);
  });

  it('counts uptime from boot, reports power-on first and a software reset after a reboot', async () => {
    const first = await buildTestGateway();
    const fresh = await systemStatus(first);
    expect(fresh.resetreason_0).toBe('Vbat power on reset');
    expect(fresh.resetreason_1).toBe('Vbat power on reset');
    expect(fresh.uptime).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await systemStatus(first);
    expect(later.uptime).toBeGreaterThanOrEqual(1);
    const gw = await first.reboot();
    const rebooted = await systemStatus(gw);
    expect(rebooted.uptime).toBeLessThan(later.uptime);
    expect(rebooted.resetreason_0).toBe('Software reset CPU');
    expect(rebooted.resetreason_1).toBe('Software reset CPU');
  });

  it('reports the radios as configured but not connected under the radio fault', async () => {
    const gw = await buildTestGateway({ simFaults: ['radio'] });
    expect(await systemStatus(gw)).toMatchObject({
      nrf_configured: true,
      nrf_connected: false,
      nrf_pvariant: false,
      cmt_configured: true,
      cmt_connected: false,
    });
  });

  it('shows the resolved custom hostname', async () => {
    const gw = await buildTestGateway();
    const network = (await gw.get('/api/network/config')) as Record<string, unknown>;
    await gw.post('/api/network/config', { ...network, hostname: 'Balkon*DTU' });
    expect((await systemStatus(gw)).hostname).toBe('Balkon-DTU');
  });
});

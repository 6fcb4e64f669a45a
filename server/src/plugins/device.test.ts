import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { STATE_DIR } from '../store/chip-id.js';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { DEMO_SERIALS } from '../../test/helpers/live-gateway.js';

const listSerials = async (gw: Awaited<ReturnType<typeof buildTestGateway>>) =>
  ((await gw.get('/api/inverter/list')) as { inverter: { serial: string }[] }).inverter.map(
    (inv) => inv.serial,
  );

describe('device plugin', () => {
  it('seeds the demo fleet into a fresh data dir when SIM_FLEET=demo', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo' });
    expect(await listSerials(gw)).toEqual([...DEMO_SERIALS]);
    expect(gw.app.device.inverterSerials()).toEqual([...DEMO_SERIALS]);
    expect(gw.app.consoleLog.backlog().join('')).toContain('Demo fleet installed');
  });

  it('leaves a fresh data dir empty with SIM_FLEET=none', async () => {
    const gw = await buildTestGateway({ simFleet: 'none' });
    expect(await listSerials(gw)).toEqual([]);
    expect(gw.app.device.inverterSerials()).toEqual([]);
  });

  it('does not seed again once config.json exists, even if the fleet was emptied', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo' });
    await gw.post('/api/inverter/del', { id: 0 });
    const again = await gw.reboot();
    expect(await listSerials(again)).toEqual(DEMO_SERIALS.slice(1));
  });

  it('does not seed a data dir that already has a config.json', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-device-'));
    try {
      await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(defaultConfigFile()));
      const gw = await buildTestGateway({ simFleet: 'demo' }, dataDir);
      expect(await listSerials(gw)).toEqual([]);
      await gw.app.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts the simulator when ready and writes the yields when the app closes', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo', simStart: '2025-06-21T12:00:00' });
    expect(gw.app.consoleLog.backlog().join('')).toContain('Simulated fleet: 3 inverter(s)');
    const file = path.join(gw.dataDir, STATE_DIR, 'yield.json');
    await rm(file, { force: true });
    await gw.app.close();
    const saved = JSON.parse(await readFile(file, 'utf8')) as { inverters: object };
    expect(Object.keys(saved.inverters).sort()).toEqual([...DEMO_SERIALS].sort());
  });
});

import { rm } from 'node:fs/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DeviceListSchema, DEVICES_PATH, devicePath } from '@heliodtu/contract/companion';
import { LiveDataStatusSchema } from '@heliodtu/contract/live-data';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { waitFor } from './helpers/live-gateway.js';
import {
  npmStart,
  processTree,
  survivors,
  type NpmStart,
  type ProcessId,
} from './helpers/npm-start.js';

/**
 * Issue 27's demo: `SIM_DEVICES=2 npm start` runs two simulated gateways, each with its own
 * fleet, and the companion in front of them; stopping npm start stops all three.
 */

const GATEWAY = 'server/dist/main.js';

async function startTwoDevices(): Promise<{ gw: NpmStart; gateways: ProcessId[] }> {
  const gw = await npmStart({
    env: { SIM_DEVICES: '2', HISTORY: 'off', SIM_START: '2025-06-21T12:00:00' },
  });
  let gateways: ProcessId[] = [];
  onTestFinished(async () => {
    for (const entry of await survivors(gateways)) process.kill(entry.pid, 'SIGKILL');
    await rm(`${gw.dataDir}-sim-devices`, { recursive: true, force: true });
  });
  // The devices listen first; the companion on the usual port after them.
  await gw.waitForOutput(`HelioDTU listening on ${gw.url}`, 30_000);
  gateways = (await processTree(gw.child.pid ?? -1)).filter((p) => p.cmdline.includes(GATEWAY));
  return { gw, gateways };
}

const get = async (gw: NpmStart, urlPath: string) => {
  const answer = await fetch(`${gw.url}${urlPath}`, { headers: { authorization: ADMIN_AUTH } });
  expect(answer.status).toBe(200);
  return answer.json();
};

const goneWithin = (tree: ProcessId[], ms: number) =>
  waitFor(
    async () => ((await survivors(tree)).length === 0 ? true : undefined),
    ms,
    'every gateway process gone',
  );

describe('SIM_DEVICES=2 npm start', () => {
  it('runs two devices with disjoint fleets behind the companion; SIGTERM stops all', async () => {
    const { gw, gateways } = await startTwoDevices();
    expect(gateways).toHaveLength(3);
    const list = DeviceListSchema.parse(await get(gw, DEVICES_PATH));
    expect(list.devices.map((d) => [d.id, d.name])).toEqual([
      ['roof', 'Roof'],
      ['garage', 'Garage'],
    ]);
    const serials = await waitFor(
      async () => {
        const each = await Promise.all(
          ['roof', 'garage'].map(async (id) =>
            LiveDataStatusSchema.parse(
              await get(gw, devicePath(id, '/api/livedata/status')),
            ).inverters.map((i) => i.serial),
          ),
        );
        return each.every((s) => s.length === 3) ? each : undefined;
      },
      20_000,
      'three inverters on each device',
    );
    const [roof, garage] = serials;
    expect(roof!.filter((serial) => garage!.includes(serial))).toEqual([]);

    gw.child.kill('SIGTERM');
    expect(await gw.exited).toBe(0);
    await goneWithin(gateways, 8_000);
  }, 60_000);

  it('SIGKILL of the launcher: the devices and the companion notice and shut down', async () => {
    const { gw, gateways } = await startTwoDevices();
    expect(gateways).toHaveLength(3);
    process.kill(gw.launcher.pid, 'SIGKILL');
    await goneWithin(gateways, 8_000);
  }, 60_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import type { LimitCommandTaken } from '../device/fleet-core.js';
import { createKit, type Kit } from '../device/sim-test-kit.js';
import { SimulatedFleet } from './simulated-fleet.js';

const HM800 = '114182352592';
const SOUTH: readonly (readonly [string, number])[] = [
  ['South 1', 410],
  ['South 2', 410],
];

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
}, 30_000);

async function noon(firmware: 'v24' | 'v26' = 'v24') {
  kit = await createKit({
    start: '2025-06-21T12:00:00',
    inverters: [{ serial: HM800, name: 'Roof', strings: SOUTH }],
    sim: { weather: 'clear', firmware },
  });
  const fleet = new SimulatedFleet({ device: kit.sim, firmware });
  const taken: LimitCommandTaken[] = [];
  kit.sim.on('limit', (command) => taken.push(command));
  return { k: kit, fleet, taken };
}

const only = (fleet: SimulatedFleet) => {
  const [inverter] = fleet.inverters();
  if (!inverter) throw new Error('no inverter');
  return inverter;
};

describe('the simulated fleet as export control sees it', () => {
  it('reports each inverter with power, inputs, max power and times on the device clock', async () => {
    const { k, fleet } = await noon();
    const before = only(fleet);
    expect(before).toMatchObject({ device: 'local', serial: HM800, name: 'Roof' });
    // Nothing read yet: no limit, no max power.
    expect(before.readback_w).toBeNull();
    expect(before.readback_at).toBeNull();
    k.advance(20_000);
    const now = only(fleet);
    expect(now.reachable).toBe(true);
    expect(now.power_w).toBeGreaterThan(100);
    expect(now.inputs_w).toHaveLength(2);
    expect(now.inputs_w[0]).toBeGreaterThan(50);
    expect(now.max_power_w).toBe(800);
    expect(now.data_at).not.toBeNull();
    expect(now.data_at!).toBeLessThanOrEqual(fleet.now());
    expect(fleet.now() - now.data_at!).toBeLessThan(10_000);
    expect(fleet.now()).toBe(k.clock.now());
  });

  it('sends a temporary absolute limit through the DTU, which the inverter follows and reads back', async () => {
    const { k, fleet, taken } = await noon();
    k.advance(20_000);
    const sentAt = fleet.now();
    await fleet.sendTemporaryLimit('local', HM800, 300);
    expect(taken).toEqual([
      { serial: HM800, value: 300, kind: { relative: false, persistent: false }, queued: true },
    ]);
    expect(k.sim.limitStatus()[HM800]?.limit_set_status).toBe('Pending');
    expect(k.lines.some((line) => line.includes(`TX ActivePowerControl ${HM800}: 300 W`))).toBe(
      true,
    );
    k.advance(20_000);
    const after = only(fleet);
    expect(after.readback_w).toBe(300);
    expect(after.readback_at!).toBeGreaterThan(sentAt);
    expect(after.power_w!).toBeLessThanOrEqual(300);
    expect(after.data_at!).toBeGreaterThan(after.readback_at!);
  });

  it('keeps the time the simulated DTU reached: a limit sent while the clock runs ahead is confirmed by its read-back', async () => {
    const { k, fleet } = await noon();
    k.advance(20_000);
    // SIM_SPEED 10: between two host-second ticks the clock runs up to 10 s ahead of the DTU.
    k.clockOnly(9_000);
    expect(k.clock.now() - fleet.now()).toBe(9_000);
    const sentAt = fleet.now();
    await fleet.sendTemporaryLimit('local', HM800, 300);
    k.advance(20_000);
    const after = only(fleet);
    expect(after.readback_w).toBe(300);
    expect(after.readback_at!).toBeGreaterThanOrEqual(sentAt);
  });

  it('sends the same non-persistent type on a current-firmware gateway', async () => {
    const { k, fleet, taken } = await noon('v26');
    k.advance(20_000);
    await fleet.sendTemporaryLimit('local', HM800, 450);
    expect(taken.map((command) => command.kind)).toEqual([{ relative: false, persistent: false }]);
  });

  it('refuses with a plain message: an unknown inverter or device, a limit out of range', async () => {
    const { k, fleet, taken } = await noon();
    k.advance(5_000);
    await expect(fleet.sendTemporaryLimit('local', '999999999999', 100)).rejects.toThrow(
      'No inverter 999999999999 on this gateway',
    );
    await expect(fleet.sendTemporaryLimit('garage', HM800, 100)).rejects.toThrow(
      'No device garage',
    );
    await expect(fleet.sendTemporaryLimit('local', HM800, 5000)).rejects.toThrow('0–2250 W');
    await expect(fleet.sendTemporaryLimit('local', HM800, -1)).rejects.toThrow('0–2250 W');
    await expect(fleet.sendTemporaryLimit('local', HM800, Number.NaN)).rejects.toThrow();
    expect(taken).toEqual([]);
  });

  it('leaves the read-back time alone when commands are disabled (the device drops them)', async () => {
    const { k, fleet, taken } = await noon();
    k.advance(20_000);
    await k.store.update((draft) => {
      draft.inverters[0]!.command_enable = false;
    });
    await fleet.sendTemporaryLimit('local', HM800, 200);
    expect(taken[0]?.queued).toBe(false);
    k.advance(20_000);
    expect(only(fleet).readback_at).toBeNull();
    expect(only(fleet).power_w!).toBeGreaterThan(300);
  });
});

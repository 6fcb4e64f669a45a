import { describe, expect, it } from 'vitest';
import { controlConfig, controllerOver, governed, Plant } from './export-control-test-kit.js';
import { minutesInZone } from './local-minutes.js';

const HOUR = 3_600_000;

/** Two inverters (800 W and 400 W upper limits) behind one meter, a house drawing `load_w`. */
function twoInverterHouse(load_w = 1200) {
  const plant = new Plant();
  plant.load_w = load_w;
  plant.add({ serial: '114100000001', sun_w: 700, max_w: 800, limit_w: 800, readback_w: 800 });
  plant.add({ serial: '114100000002', sun_w: 350, max_w: 400, limit_w: 400, readback_w: 400 });
  const config = controlConfig({
    inverters: [
      governed('114100000001', { upper_w: 800 }),
      governed('114100000002', { upper_w: 400 }),
    ],
  });
  plant.run(3_000); // live data and a meter reading before the gateway starts control
  return { plant, config };
}

describe('ExportController on a fake plant', () => {
  it('brings export back within the hysteresis within 20 s of a load step down of 800 W', () => {
    const { plant, config } = twoInverterHouse(1000);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(120_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    plant.load_w -= 800;
    const stepAt = plant.t;
    let backAt: number | null = null;
    plant.run(60_000, controller, () => {
      if (backAt === null && Math.abs(plant.grid()) <= 20) backAt = plant.t;
    });
    expect(backAt).not.toBeNull();
    expect((backAt ?? Infinity) - stepAt).toBeLessThanOrEqual(20_000);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    expect(controller.status().state).toBe('holding');
  });

  it('waits for the read-back, newer live data and a newer meter reading before the next change', () => {
    const { plant, config } = twoInverterHouse(1000);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    plant.ackDelayMs = 8_000;
    plant.load_w = 300;
    const from = plant.sent.length;
    plant.run(500, controller);
    expect(controller.status().sentence).toMatch(/to confirm their limits/);
    plant.run(8_000, controller);
    // Read back now, but no live data since: still one command each.
    expect(plant.sent.slice(from)).toHaveLength(2);
    expect(controller.status().state).toBe('waiting');
    plant.run(30_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    expect(plant.sent.slice(from).length).toBeLessThanOrEqual(4);
  });

  it('cuts again while exporting once the meter read after the confirmation, before live data', () => {
    const { plant, config } = twoInverterHouse(1000);
    plant.dataEveryMs = 15_000; // a DTU polling many inverters in turn
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(120_000, controller);
    plant.load_w -= 400;
    plant.run(3_000, controller);
    plant.load_w -= 400;
    const stepAt = plant.t;
    let backAt: number | null = null;
    plant.run(30_000, controller, () => {
      if (backAt === null && Math.abs(plant.grid()) <= 20) backAt = plant.t;
    });
    expect((backAt ?? Infinity) - stepAt).toBeLessThanOrEqual(8_000);
  });

  it('a cut on live data older than a raise it follows is not too deep (no swing into import)', () => {
    const { plant, config } = twoInverterHouse(400);
    plant.dataEveryMs = 15_000; // a DTU polling many inverters in turn
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(120_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    plant.load_w = 900;
    // Raised and confirmed; the inverters' live data still shows what they gave before.
    plant.run(4_000, controller);
    plant.load_w = 800;
    let highest = -Infinity;
    plant.run(12_000, controller, () => {
      highest = Math.max(highest, plant.grid());
    });
    // Counting the old output (about 400 W) the cut would go to 300 W: 500 W of import.
    expect(highest).toBeLessThanOrEqual(120);
  });

  it('raises at once for a load come on while it waits for live data, never swinging into export', () => {
    const { plant, config } = twoInverterHouse(500);
    plant.dataEveryMs = 30_000; // a DTU polling many inverters in turn
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(120_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    // Wait for a live data poll, then a small change: cut, confirmed, its live data 30 s away.
    const polled = plant.plantInverters[0]?.data_at;
    while (plant.plantInverters[0]?.data_at === polled) plant.run(250, controller);
    plant.load_w -= 60;
    plant.run(4_000, controller);
    expect(controller.status().state).toBe('waiting');
    plant.load_w += 500; // a load come on (the sun could cover it)
    const stepAt = plant.t;
    let backAt: number | null = null;
    let lowest = Infinity;
    plant.run(20_000, controller, () => {
      if (backAt === null && plant.grid() <= 20) backAt = plant.t;
      lowest = Math.min(lowest, plant.grid());
    });
    // Waiting for the live data would leave 500 W drawn from the grid for about 25 s.
    expect((backAt ?? Infinity) - stepAt).toBeLessThanOrEqual(6_000);
    expect(lowest).toBeGreaterThanOrEqual(-20);
  });

  it('a raise before live data is not made for import within the early-raise margin', () => {
    const { plant, config } = twoInverterHouse(500);
    plant.dataEveryMs = 30_000;
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(120_000, controller);
    const polled = plant.plantInverters[0]?.data_at;
    while (plant.plantInverters[0]?.data_at === polled) plant.run(250, controller);
    plant.load_w -= 60;
    plant.run(4_000, controller);
    const from = plant.sent.length;
    plant.load_w += 80; // import of 20–100 W waits for the live data, as before
    plant.run(10_000, controller);
    expect(plant.sent.slice(from)).toHaveLength(0);
    expect(controller.status().state).toBe('waiting');
  });

  it('answers a load step up by raising the limits again', () => {
    const { plant, config } = twoInverterHouse(400);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    plant.load_w = 900;
    plant.run(60_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
  });

  it('gives the headroom a shaded inverter cannot use to the sunny one', () => {
    const plant = new Plant();
    plant.load_w = 1000;
    plant.add({ serial: '114100000001', sun_w: 150 });
    plant.add({ serial: '114100000002', sun_w: 800 });
    plant.run(3_000);
    const config = controlConfig({
      inverters: [governed('114100000001'), governed('114100000002')],
    });
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(15_000, controller);
    plant.load_w = 600;
    plant.run(60_000, controller);
    // Shared by upper limits alone (300 each) the shaded one would give 150 and the house import.
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
    expect(plant.plantInverters[1]!.limit_w).toBeGreaterThan(400);
    expect(controller.status().inverters[0]?.reason).toMatch(/sun/);
  });

  it('starting with control on sends the fallback limits first, then regulates', () => {
    const { plant, config } = twoInverterHouse(600);
    config.inverters[0] = { ...config.inverters[0]!, fallback_w: 100 };
    const { controller } = controllerOver(plant, config);
    controller.start();
    expect(controller.status().state).toBe('starting');
    expect(plant.sent.map((s) => s.watts)).toEqual([100, 0]);
    plant.run(60_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
  });

  it('sends every governed inverter to its fallback once when the meter is lost', () => {
    const { plant, config } = twoInverterHouse(1000);
    config.inverters[1] = { ...config.inverters[1]!, fallback_w: 50 };
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    plant.meterWorks = false;
    const before = plant.sent.length;
    plant.run(60_000, controller);
    const after = plant.sent.slice(before);
    expect(after).toEqual([
      expect.objectContaining({ serial: '114100000001', watts: 0 }),
      expect.objectContaining({ serial: '114100000002', watts: 50 }),
    ]);
    const status = controller.status();
    expect(status.state).toBe('meter_lost');
    expect(status.inverters.map((i) => i.state)).toEqual(['fallback', 'fallback']);
    expect(status.sentence).toMatch(/fallback/);
    expect(controller.unconfirmed()).toEqual([]);
    expect(controller.alertConditions()).toEqual([]);
    // Back: regulates again from what it measures.
    plant.meterWorks = true;
    plant.run(60_000, controller);
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(20);
  });

  it('treats a meter that is not configured as lost', () => {
    const { plant, config } = twoInverterHouse(1000);
    plant.meter.isConfigured = false;
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(10_000, controller);
    expect(controller.status().state).toBe('meter_lost');
  });

  it('an inverter that does not confirm within 30 s raises the alert condition and goes to its fallback', async () => {
    const { plant, config } = twoInverterHouse(1000);
    const { controller, log } = controllerOver(plant, { ...config, enabled: false });
    controller.start();
    plant.plantInverters[1]!.dropsCommands = true;
    await controller.set({ enabled: true });
    plant.run(40_000, controller);
    expect(controller.unconfirmed()).toEqual([{ device: 'local', serial: '114100000002' }]);
    expect(controller.alertConditions()).toEqual([
      expect.objectContaining({
        kind: 'control-unconfirmed',
        subject: expect.objectContaining({ device: 'local', serial: '114100000002' }),
      }),
    ]);
    expect(log.some((l) => l.includes('did not confirm'))).toBe(true);
    const status = controller.status();
    expect(status.inverters[1]?.state).toBe('fallback');
    // The fallback went out once and is not repeated while it stays unconfirmed.
    const fallbacks = plant.sentTo('114100000002').filter((s) => s.watts === 0);
    plant.run(120_000, controller);
    expect(plant.sentTo('114100000002').filter((s) => s.watts === 0)).toHaveLength(
      fallbacks.length,
    );
    expect(fallbacks.length).toBeGreaterThan(0);
  });

  it('a manual limit pauses that inverter for the pause time, then control takes it over again', () => {
    const { plant, config } = twoInverterHouse(1000);
    const { controller } = controllerOver(plant, { ...config, manual_pause_min: 5 });
    controller.start();
    plant.run(60_000, controller);
    const takenOver = controller.status().inverters[0]?.taken_over_w;
    controller.manualLimit('local', '114100000001');
    plant.setOnDevice('114100000001', 300);
    const before = plant.sentTo('114100000001').length;
    plant.run(4 * 60_000, controller);
    const first = controller.status().inverters[0];
    expect(first?.state).toBe('paused_manual');
    expect(first?.paused_until).not.toBeNull();
    expect(controller.status().sentence).toMatch(/paused by a manual limit/);
    expect(plant.sentTo('114100000001')).toHaveLength(before);
    plant.run(2 * 60_000, controller);
    expect(controller.status().inverters[0]?.state).not.toBe('paused_manual');
    expect(controller.status().inverters[0]?.taken_over_w).toBe(takenOver);
  });

  it('a read-back that moves away from what control confirmed counts as a manual limit', () => {
    const { plant, config } = twoInverterHouse(1000);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    plant.setOnDevice('114100000002', 123);
    plant.run(1_000, controller);
    expect(controller.status().inverters[1]?.state).toBe('paused_manual');
  });

  it('turning control off gives back, as temporary limits, the limits taken over', async () => {
    const { plant, config } = twoInverterHouse(300);
    plant.plantInverters[0]!.limit_w = 600; // the owner's own cap, e.g. persistent
    plant.plantInverters[0]!.readback_w = 600;
    const { controller } = controllerOver(plant, {
      ...config,
      enabled: false,
      inverters: [config.inverters[0]!, { ...config.inverters[1]!, restore_w: 250 }],
    });
    controller.start();
    await controller.set({ enabled: true });
    plant.run(60_000, controller);
    expect(plant.plantInverters[0]!.limit_w).toBeLessThan(600);
    await controller.set({ enabled: false });
    plant.run(5_000, controller);
    expect(plant.sentTo('114100000001').at(-1)?.watts).toBe(600);
    expect(plant.sentTo('114100000002').at(-1)?.watts).toBe(250);
    expect(controller.status().inverters.map((i) => i.state)).toEqual(['released', 'released']);
    expect(controller.status().state).toBe('off');
  });

  it('stop() gives the limits back and waits for the sends', async () => {
    const { plant, config } = twoInverterHouse(300);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    const before = plant.sent.length;
    await controller.stop();
    expect(plant.sent.slice(before).map((s) => s.watts)).toEqual([800, 400]);
    plant.run(10_000, controller);
    expect(plant.sent).toHaveLength(before + 2);
  });

  it('removing an inverter from the list gives its limit back', () => {
    const { plant, config } = twoInverterHouse(300);
    const { controller, setConfig } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    setConfig({ ...config, inverters: [config.inverters[0]!] });
    expect(plant.sentTo('114100000002').at(-1)?.watts).toBe(400);
    expect(controller.status().inverters).toHaveLength(1);
  });

  it('an away inverter keeps its state and nobody makes up for it beyond their upper limits', () => {
    const { plant, config } = twoInverterHouse(1400);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(30_000, controller);
    plant.plantInverters[1]!.reachable = false;
    plant.plantInverters[1]!.power_w = 0;
    const before = plant.sentTo('114100000002').length;
    plant.run(60_000, controller);
    expect(plant.sentTo('114100000002')).toHaveLength(before);
    expect(controller.status().inverters[1]?.state).toBe('away');
    expect(Math.max(...plant.sentTo('114100000001').map((s) => s.watts))).toBeLessThanOrEqual(800);
    expect(controller.status().state).toBe('at_upper');
  });

  it('an inverter whose device has not read its limit yet is left alone, and the sentence says why', () => {
    // The house exports 400 W: control would lower the limit if it knew it.
    const plant = new Plant();
    plant.load_w = 300;
    plant.add({ serial: '114100000001', sun_w: 700, max_w: 800, limit_w: 800, readback_w: null });
    const config = controlConfig({ inverters: [governed('114100000001', { upper_w: 800 })] });
    plant.run(3_000);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    expect(plant.sentTo('114100000001')).toHaveLength(0);
    const status = controller.status();
    expect(status.inverters[0]?.state).toBe('limit_unknown');
    expect(status.sentence).toMatch(/^None of the governed inverters can be governed now/);
    expect(status.sentence).toMatch(/has no known limit yet/);
    expect(status.sentence).not.toMatch(/cannot be reached/);
    // No limit is known: the total limit is unknown, not 0 W (the chart leaves a gap).
    expect(status.limit_w).toBeNull();
    expect(status.series.at(-1)?.limit_w).toBeNull();
    // Once its device has read the limit, control takes it over and lowers it.
    plant.plantInverters[0]!.readback_w = 800;
    plant.run(30_000, controller);
    expect(controller.status().inverters[0]?.state).not.toBe('limit_unknown');
    expect(plant.sentTo('114100000001').length).toBeGreaterThan(0);
  });

  it('never asks more than the inverter’s own maximum, whatever its upper limit', () => {
    const { plant, config } = twoInverterHouse(2000);
    plant.plantInverters[1]!.max_w = 300;
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    expect(Math.max(...plant.sentTo('114100000002').map((s) => s.watts))).toBeLessThanOrEqual(300);
    expect(controller.unconfirmed()).toEqual([]);
  });

  it('outside its daily window (across midnight) control lets go', () => {
    const { plant, config } = twoInverterHouse(300);
    const window = { enabled: true, start: '22:00', end: '06:00' };
    const { controller } = controllerOver(plant, { ...config, window });
    controller.start();
    plant.run(10_000, controller);
    expect(controller.status().state).toBe('outside_window');
    expect(plant.sent).toEqual([]);
  });

  it('only ever sends temporary limits (the fleet port has no other command)', async () => {
    const { plant, config } = twoInverterHouse(500);
    const called = new Set<string>();
    const spy = new Proxy(plant, {
      get(target, name, receiver) {
        if (typeof name === 'string' && typeof Reflect.get(target, name) === 'function') {
          called.add(name);
        }
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const { controller } = controllerOver(spy, config);
    controller.start();
    plant.run(120_000, controller);
    plant.meterWorks = false;
    plant.run(10_000, controller);
    await controller.set({ enabled: false });
    expect([...called].sort()).toEqual(['inverters', 'now', 'sendTemporaryLimit']);
  });

  it('does not oscillate: a steady hour with noise costs at most 60 commands per inverter', () => {
    const { plant, config } = twoInverterHouse(700);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    const from = plant.sent.length;
    let tick = 0;
    plant.run(HOUR, controller, () => {
      tick += 1;
      // ±15 W of noise in the house, a slow drift of the sun.
      plant.load_w = 700 + ((tick * 7919) % 31) - 15;
      plant.plantInverters[0]!.sun_w = 700 + 50 * Math.sin(tick / 2000);
    });
    const hour = plant.sent.slice(from);
    for (const serial of ['114100000001', '114100000002']) {
      expect(hour.filter((s) => s.serial === serial).length).toBeLessThanOrEqual(60);
    }
  });

  it('a load that cycles every 20 s costs each inverter at most 60 commands an hour, never delaying a cut', () => {
    const { plant, config } = twoInverterHouse(700);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(60_000, controller);
    const from = plant.sent.length;
    let tick = 0;
    let worstExport = 0;
    plant.run(HOUR, controller, () => {
      tick += 1;
      // A 300 W load on for 10 s, off for 10 s, all hour long.
      plant.load_w = 700 + (Math.floor(tick / 40) % 2 === 0 ? 300 : 0);
      worstExport = Math.min(worstExport, plant.grid());
    });
    const hour = plant.sent.slice(from);
    for (const serial of ['114100000001', '114100000002']) {
      expect(hour.filter((s) => s.serial === serial).length).toBeLessThanOrEqual(60);
    }
    // Cuts still answer every switch-off: export never lasts for a raise that was held.
    expect(Math.abs(plant.grid())).toBeLessThanOrEqual(320);
    expect(worstExport).toBeGreaterThanOrEqual(-320);
  });

  it('keeps a point every 5 s for 15 minutes and a sentence', () => {
    const { plant, config } = twoInverterHouse(700);
    const { controller } = controllerOver(plant, config);
    controller.start();
    plant.run(20 * 60_000, controller);
    const status = controller.status();
    expect(status.series.length).toBeGreaterThanOrEqual(179);
    expect(status.series.length).toBeLessThanOrEqual(181);
    expect(status.series[1]!.t - status.series[0]!.t).toBe(5_000);
    expect(status.sentence.length).toBeGreaterThan(10);
    expect(status.limit_w).toBeGreaterThan(0);
  });

  it('reads the daily window in the gateway’s time zone', () => {
    const cest = minutesInZone(() => 'CET-1CEST,M3.5.0,M10.5.0/3');
    expect(cest(Date.UTC(2026, 5, 21, 21, 30))).toBe(23 * 60 + 30);
    expect(cest(Date.UTC(2026, 0, 21, 21, 30))).toBe(22 * 60 + 30);
  });
});

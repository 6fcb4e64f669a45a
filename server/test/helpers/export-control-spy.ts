import { EventEmitter } from 'node:events';
import type { ExportControlSet, ExportControlStatus } from '@heliodtu/contract/export-control';
import type {
  ExportControlController,
  ExportControlDependencies,
  ExportControlPluginOptions,
} from '../../src/export-control/export-control-plugin.js';
import type { GridMeterPort } from '../../src/grid-meter/grid-meter-port.js';

/**
 * A controller that records what the gateway asks of it (tests of the plugin, the routes and the
 * manual-limit hooks, apart from the controller's own decisions). `onStop` runs inside stop(),
 * with the fleet the plugin gave it, as the real controller gives the limits back there.
 */
export interface SpyControl {
  options: Partial<ExportControlPluginOptions>;
  deps(): ExportControlDependencies;
  calls: {
    start: number;
    steps: number;
    stop: number;
    reload: number;
    set: ExportControlSet[];
    manual: [string, string][];
  };
  onStop?: (deps: ExportControlDependencies) => Promise<void>;
  failSteps?: string;
}

/** A meter without a source (the plugin needs one; the spy never reads it). */
export function noMeter(): GridMeterPort {
  return Object.assign(new EventEmitter(), {
    configured: () => false,
    state: () => 'off',
    usable: () => null,
    energy: () => ({ import_wh: 0, export_wh: 0 }),
  }) as unknown as GridMeterPort;
}

export function spyControl(stepMs = 20): SpyControl {
  let given: ExportControlDependencies | undefined;
  const spy: SpyControl = {
    calls: { start: 0, steps: 0, stop: 0, reload: 0, set: [], manual: [] },
    deps: () => {
      if (!given) throw new Error('no controller built');
      return given;
    },
    options: {
      meter: noMeter(),
      stepMs,
      createController: (deps) => {
        given = deps;
        const controller = Object.assign(new EventEmitter(), {
          status: (): ExportControlStatus => ({
            enabled: deps.settings.get().enabled,
            state: 'off',
            target_w: deps.settings.get().target_w,
            grid_w: null,
            production_w: 0,
            limit_w: null,
            sentence: 'Export control is off.',
            inverters: [],
            series: [],
            now: deps.fleet.now(),
          }),
          config: () => deps.settings.get(),
          set: async (change: ExportControlSet) => {
            spy.calls.set.push(change);
            const current = deps.settings.get();
            await deps.settings.save({
              ...current,
              enabled: change.enabled ?? current.enabled,
              target_w: change.target_w ?? current.target_w,
            });
          },
          manualLimit: (device: string, serial: string) => {
            spy.calls.manual.push([device, serial]);
          },
          start: () => {
            spy.calls.start += 1;
          },
          step: () => {
            spy.calls.steps += 1;
            if (spy.failSteps) throw new Error(spy.failSteps);
          },
          stop: async () => {
            spy.calls.stop += 1;
            await spy.onStop?.(deps);
          },
          reload: () => {
            spy.calls.reload += 1;
          },
        });
        return controller as unknown as ExportControlController;
      },
    },
  };
  return spy;
}

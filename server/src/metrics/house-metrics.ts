import type { FastifyInstance } from 'fastify';
import { EXPORT_CONTROL_STATES, type ExportControlStatus } from '@heliodtu/contract/export-control';
import { GRID_METER_STATES, type GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { exportControlOf, gridMeterOf } from '../plugins/house-ports.js';

/**
 * The house's metrics (issue 35), after OpenDTU's own and the gateway's: the grid meter (power,
 * phases, the import and export registers as counters, consumption, state) and export control
 * (on/off, target, the governed limits' sum, state). Grid metrics only while a meter is set;
 * export control's whenever the gateway has it. States are state sets: one sample per state,
 * 1 for the current one, so a dashboard can count time in each.
 */

export interface HouseMetricsInput {
  /** The meter's status and registers, or null when no meter is set (or none exists). */
  meter: {
    status: GridMeterStatus;
    energy: { readonly import_wh: number; readonly export_wh: number };
  } | null;
  control: ExportControlStatus | null;
}

const number = (value: number) =>
  Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : 'NaN';

function family(
  name: string,
  help: string,
  type: 'gauge' | 'counter',
  samples: readonly (readonly [string, number])[],
): string[] {
  if (samples.length === 0) return [];
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map(([labels, value]) => `${name}${labels} ${number(value)}`),
  ];
}

const stateSet = (states: readonly string[], current: string) =>
  states.map((state) => [`{state="${state}"}`, state === current ? 1 : 0] as const);

export function houseMetricLines({ meter, control }: HouseMetricsInput): string[] {
  const lines: string[] = [];
  if (meter) {
    const { status, energy } = meter;
    lines.push(
      ...family(
        'heliodtu_grid_power_watts',
        'Grid power now in W, import positive, export negative',
        'gauge',
        status.power_w === null ? [] : [['', status.power_w]],
      ),
      ...family(
        'heliodtu_grid_phase_power_watts',
        'Grid power now per phase (or summed topic) in W, import positive',
        'gauge',
        status.power_w === null ? [] : status.phases_w.map((w, i) => [`{phase="${i + 1}"}`, w]),
      ),
      ...family(
        'heliodtu_grid_import_energy_wh_total',
        'Energy drawn from the grid in Wh, as counted by the gateway from the meter',
        'counter',
        [['', energy.import_wh]],
      ),
      ...family(
        'heliodtu_grid_export_energy_wh_total',
        'Energy sent to the grid in Wh, as counted by the gateway from the meter',
        'counter',
        [['', energy.export_wh]],
      ),
      ...family(
        'heliodtu_house_consumption_watts',
        'House consumption now in W: production plus import minus export',
        'gauge',
        status.consumption_w === null ? [] : [['', status.consumption_w]],
      ),
      ...family(
        'heliodtu_grid_meter_state',
        'Grid meter state: 1 for the current state',
        'gauge',
        stateSet(GRID_METER_STATES, status.state),
      ),
    );
  }
  if (control) {
    lines.push(
      ...family(
        'heliodtu_export_control_enabled',
        'Export control switched on (1) or off (0)',
        'gauge',
        [['', control.enabled ? 1 : 0]],
      ),
      ...family(
        'heliodtu_export_control_target_watts',
        'Grid power export control holds in W, import positive',
        'gauge',
        [['', control.target_w]],
      ),
      ...family(
        'heliodtu_export_control_limit_watts',
        'Sum of the governed inverters limits now in W',
        'gauge',
        control.limit_w === null ? [] : [['', control.limit_w]],
      ),
      ...family(
        'heliodtu_export_control_state',
        'Export control state: 1 for the current state',
        'gauge',
        stateSet(EXPORT_CONTROL_STATES, control.state),
      ),
    );
  }
  return lines;
}

/** The grid meter's and export control's lines (issue 35), none on a gateway without them. */
export function houseMetrics(app: FastifyInstance): string {
  const meter = gridMeterOf(app);
  const lines = houseMetricLines({
    meter: meter?.configured() ? { status: meter.status(), energy: meter.energy() } : null,
    control: exportControlOf(app)?.status() ?? null,
  });
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

import {
  GridMeterConfigDataSchema,
  GridMeterConfigSchema,
  GridMeterStatusSchema,
  PowerSettingsResultSchema,
} from '../grid-meter.js';
import type { OperationCatalogue } from './operation.js';

/** /api/gridmeter/* (issue 35): the grid meter beside the inverters. */
export const GRID_METER_OPERATIONS: OperationCatalogue = {
  'GET /api/gridmeter/status': {
    area: 'gridmeter',
    summary: 'The grid meter now: state, grid power, production, consumption, today',
    description:
      'Import positive (the sign setting applied). `power_w` is null unless `state` is `ok`: a stale, unreachable, pathless or implausible meter never gives a reading. Times are the gateway clock (device time on a simulated gateway).',
    guard: 'readonly',
    response: GridMeterStatusSchema,
    extension: true,
  },
  'GET /api/gridmeter/config': {
    area: 'gridmeter',
    summary: 'Grid meter settings: source, MQTT topics, HTTP meter, broker, staleness',
    description:
      'The HTTP meter’s and the broker’s passwords are write-only: only whether one is set is answered.',
    guard: 'admin',
    response: GridMeterConfigSchema,
    extension: true,
  },
  'POST /api/gridmeter/config': {
    area: 'gridmeter',
    summary: 'Save the grid meter settings',
    description:
      "The whole settings in the form field `data`. Passwords are kept when absent and replaced when sent ('' removes them). A refused field answers 400 with its dotted path; nothing is changed.",
    guard: 'admin',
    data: GridMeterConfigDataSchema,
    response: PowerSettingsResultSchema,
    statuses: {
      400: {
        description: 'A field refused, or `data` missing or malformed (`field` = `data`).',
        schema: PowerSettingsResultSchema,
      },
    },
    extension: true,
  },
  'POST /api/gridmeter/read': {
    area: 'gridmeter',
    summary: 'Read the meter now and answer its status',
    description: 'An HTTP meter is polled at once; other sources answer their newest reading.',
    guard: 'admin',
    response: GridMeterStatusSchema,
    extension: true,
  },
};

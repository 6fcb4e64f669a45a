import type { z } from 'zod';
import { RESPONSE_SCHEMAS } from '../endpoints.js';
import { HISTORY_RESPONSE_SCHEMAS } from '../history.js';
import { GRID_METER_OPERATIONS } from './grid-meter-operations.js';
import { HELIODTU_OPERATIONS } from './heliodtu-operations.js';
import { OPENDTU_OPERATIONS } from './opendtu-operations.js';
import type { Guard, Operation } from './operation.js';

/** Every REST operation the gateway serves, keyed "METHOD /path": OpenDTU's, then HelioDTU's. */
export const API_OPERATIONS: Readonly<Record<string, Operation>> = {
  ...OPENDTU_OPERATIONS,
  ...HELIODTU_OPERATIONS,
  ...GRID_METER_OPERATIONS,
};

const CONTRACT_RESPONSES: Readonly<Record<string, z.ZodType>> = {
  ...RESPONSE_SCHEMAS,
  ...HISTORY_RESPONSE_SCHEMAS,
};

/** The JSON answer of an operation: its own, else the contract's; undefined for raw bodies. */
export function responseSchemaOf(key: string, operation: Operation): z.ZodType | undefined {
  if (operation.raw) return undefined;
  return operation.response ?? CONTRACT_RESPONSES[key];
}

export function splitOperationKey(key: string): { method: 'GET' | 'POST'; path: string } {
  const [method, path = ''] = key.split(' ');
  return { method: method === 'POST' ? 'POST' : 'GET', path };
}

/** What the guard means for a caller, in words (wire-contract §2.1). */
export const GUARD_TEXT: Readonly<Record<Guard, string>> = {
  none: 'Public.',
  readonly:
    'Public while `allow_readonly` is on (the default); otherwise HTTP Basic with the admin credentials.',
  admin: 'HTTP Basic with the admin credentials.',
};

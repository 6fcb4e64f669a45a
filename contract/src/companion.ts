import { z } from 'zod';
import { DEVICE_PROBLEM_CODES } from './device-problem.js';

/**
 * GET /api/companion/status (issue 24, a HelioDTU extension): whether this gateway stands in
 * front of real OpenDTU devices, and which. The simulated gateway answers `companion: false`
 * with no devices; a real device answers it like any unknown path (its index.html).
 */
export const COMPANION_STATUS_PATH = '/api/companion/status';

export const DeviceProblemCodeSchema = z.enum(DEVICE_PROBLEM_CODES);

export const DeviceProblemSchema = z.object({
  code: DeviceProblemCodeSchema,
  /** One plain English line; never a stack trace or a credential. */
  message: z.string(),
});
export type DeviceProblem = z.infer<typeof DeviceProblemSchema>;

export const CompanionDeviceSchema = z.object({
  /** The device id every piece of the companion's state is keyed by. */
  id: z.string(),
  /** The device's address as configured, never with credentials. */
  url: z.string(),
  /** The device's firmware (its git_hash), null until it answered as an OpenDTU. */
  git_hash: z.string().nullable(),
  /** True while the companion's live socket to the device is open. */
  reachable: z.boolean(),
  /** Epoch seconds of the first failure of the current outage; null while reachable or not yet known. */
  unreachable_since: z.number().int().nullable(),
  /** Why the device cannot be used now (wrong password, not an OpenDTU, …); null while fine. */
  problem: DeviceProblemSchema.nullable(),
});
export type CompanionDevice = z.infer<typeof CompanionDeviceSchema>;

export const CompanionStatusSchema = z.object({
  companion: z.boolean(),
  /** Empty unless a companion; one device today, a list so that a second is configuration. */
  devices: z.array(CompanionDeviceSchema),
});
export type CompanionStatus = z.infer<typeof CompanionStatusSchema>;

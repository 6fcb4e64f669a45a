import { z } from 'zod';
import { wire } from './wire.js';

/** POST /api/maintenance/reboot data, wire-contract §4.14. */
export const RebootRequestSchema = z.object({ reboot: wire.bool() });
export type RebootRequest = z.infer<typeof RebootRequestSchema>;

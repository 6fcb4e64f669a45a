import { z } from 'zod';
import { ApiResultSchema } from './envelope.js';
import { wire } from './wire.js';

/** GET /api/security/authenticate answer (the login check), wire-contract §2. */
export const AuthenticateResponseSchema = ApiResultSchema.extend({
  type: z.literal('success'),
  message: z.string(),
  code: z.literal(10002),
});
export type AuthenticateResponse = z.infer<typeof AuthenticateResponseSchema>;

/** GET /api/security/config answer: the admin password in clear text, wire-contract §4.1. */
export const SecurityConfigSchema = z.object({
  password: z.string(),
  allow_readonly: z.boolean(),
});
export type SecurityConfig = z.infer<typeof SecurityConfigSchema>;

/**
 * POST /api/security/config data, wire-contract §4.1. The firmware's presence check lets a
 * missing password through as "null"; here both fields must have their kind, else 1005.
 * The length rule (10001) is not part of the shape: see rules/security-rules.ts.
 */
export const SecurityConfigRequestSchema = z.object({
  password: wire.string(),
  allow_readonly: wire.bool(),
});
export type SecurityConfigRequest = z.infer<typeof SecurityConfigRequestSchema>;

/** POST /api/security/config answer: 1001, 1005, 1006 or 10001 with `{max}`. */
export const SecurityConfigResponseSchema = ApiResultSchema;
export type SecurityConfigResponse = z.infer<typeof SecurityConfigResponseSchema>;

import { z } from 'zod';
import { ALERT_KINDS } from './domain/alert-rules.js';
import { EVENT_FAULT_CLASSES } from './domain/alert-faults.js';

/**
 * Alerts (issue 28): a HelioDTU extension under /api/alerts/…. The status is readable like live
 * data (public while allow_readonly is on); the settings and the test need the admin login.
 * Times are epoch seconds (UTC). The rules are in `./domain/alert-rules.ts` (zod-free).
 *
 * An alert's text: the interface translates `kind` through its catalogue (`alerts.kind.<kind>`,
 * placeholders {name}, {string}, {code}, {fault}, {command}); `text` is the gateway's English
 * line, the one MQTT, the webhook and e-mail carry.
 */

const EpochSeconds = z.number().int();

export const AlertSchema = z.object({
  /** Stable id of this alert (a row of the history database). */
  id: z.number().int().positive(),
  kind: z.enum(ALERT_KINDS),
  /** Device id: 'local' for the simulated fleet, a companion's device id. */
  device: z.string(),
  /** Inverter serial (12 hex digits), or null when the device itself is the subject. */
  serial: z.string().nullable(),
  /** The inverter's name as configured, '' for the device. */
  name: z.string(),
  /** DC input, 0-based as live data's `DC` keys (weak-string), else null. */
  string: z.number().int().min(0).nullable(),
  /** The string's name as configured, '' when none. */
  string_name: z.string(),
  /** Event-log message id (event-fault), else null. */
  code: z.number().int().nullable(),
  /** Fault class of the event (event-fault), else null. */
  fault: z.enum(EVENT_FAULT_CLASSES).nullable(),
  /** The command that failed (command-failed), else null. */
  command: z.enum(['limit', 'power']).nullable(),
  /** When the condition began. */
  first_seen: EpochSeconds,
  /** When the alert opened (after its kind's delay). */
  opened: EpochSeconds,
  /** When the condition ended, for a cleared alert; null while open. */
  cleared: EpochSeconds.nullable(),
  /** The gateway's English text. */
  text: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

//-- GET /api/alerts/status

export const AlertsStatusSchema = z.object({
  /** Open alerts, oldest first. */
  open: z.array(AlertSchema),
  /** Alerts cleared within the last 30 days, the latest cleared first. */
  recent: z.array(AlertSchema),
  /** Whether alerts are kept in the history database (false: in memory until restart). */
  persistent: z.boolean(),
  /**
   * The gateway's clock when it answered: the clock that stamped `opened` and `cleared` (on a
   * simulated gateway its simulated time), so "… ago" is counted in it, not in the browser's.
   */
  now: EpochSeconds,
});
export type AlertsStatus = z.infer<typeof AlertsStatusSchema>;

//-- GET/POST /api/alerts/config

export const EMAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const AlertsWebhookSchema = z.object({
  enabled: z.boolean(),
  /** http(s) URL that receives one JSON POST per alert opened and per alert cleared. */
  url: z.string().max(512),
  /** Optional header sent with each POST (e.g. `X-Gotify-Key`, `Authorization`), '' for none. */
  header_name: z.string().max(64),
});

export const AlertsEmailSchema = z.object({
  enabled: z.boolean(),
  host: z.string().max(128),
  port: z.number().int().min(1).max(65535),
  security: z.enum(EMAIL_SECURITY),
  user: z.string().max(128),
  from: z.string().max(128),
  /** One or more addresses, separated by commas. */
  to: z.string().max(512),
  /** One message a day listing what opened and cleared, instead of one per alert. */
  digest: z.boolean(),
});

export const AlertsQuietHoursSchema = z.object({
  enabled: z.boolean(),
  /** Local time of the gateway's zone; start after end spans midnight (22:00–07:00). */
  start: ClockTime,
  end: ClockTime,
});

export const AlertsMqttSchema = z.object({
  /** `<topic>/alerts` and, with Home Assistant discovery on, a problem sensor per inverter. */
  enabled: z.boolean(),
});

/** GET: the secrets are never sent back, only whether one is set. */
export const AlertsConfigSchema = z.object({
  webhook: AlertsWebhookSchema.extend({ header_value_set: z.boolean() }),
  email: AlertsEmailSchema.extend({ password_set: z.boolean() }),
  quiet_hours: AlertsQuietHoursSchema,
  mqtt: AlertsMqttSchema,
});
export type AlertsConfig = z.infer<typeof AlertsConfigSchema>;

/**
 * POST (form field `data`): the whole settings. The write-only secrets (`header_value`,
 * `password`) are kept when absent, replaced when sent ('' removes them).
 */
export const AlertsConfigDataSchema = z.object({
  webhook: AlertsWebhookSchema.extend({ header_value: z.string().max(512).optional() }),
  email: AlertsEmailSchema.extend({ password: z.string().max(128).optional() }),
  quiet_hours: AlertsQuietHoursSchema,
  mqtt: AlertsMqttSchema,
});
export type AlertsConfigData = z.infer<typeof AlertsConfigDataSchema>;

/** Answer of POST /api/alerts/config and a refused test. */
export const AlertsResultSchema = z.object({
  ok: z.boolean(),
  /** The field refused (dotted path, e.g. `webhook.url`), or '' when saved. */
  field: z.string(),
  /** One plain English line. */
  message: z.string(),
});
export type AlertsResult = z.infer<typeof AlertsResultSchema>;

//-- POST /api/alerts/test

export const AlertsTestDataSchema = z.object({ channel: z.enum(['webhook', 'email']) });
export type AlertsTestData = z.infer<typeof AlertsTestDataSchema>;

//-- The webhook's body (also `<topic>/alerts` lists `Alert` objects)

export const AlertWebhookPayloadSchema = z.object({
  /** 'opened', 'cleared', or 'test' for the settings' test button. */
  event: z.enum(['opened', 'cleared', 'test']),
  /** A short title and message for ntfy, Gotify and push services. */
  title: z.string(),
  message: z.string(),
  alert: AlertSchema.nullable(),
  /** The gateway's hostname. */
  gateway: z.string(),
});
export type AlertWebhookPayload = z.infer<typeof AlertWebhookPayloadSchema>;

/** `<topic>/alerts` (retained): the open alerts. */
export const AlertsMqttPayloadSchema = z.object({
  count: z.number().int().min(0),
  alerts: z.array(AlertSchema),
});

import { z } from 'zod';

/** GET /api/eventlog/status?inv=<serial>&locale=<xx>, wire-contract §4.5 and inverter-domain §4. */

/** The inverter's buffer holds at most this many entries. */
export const EVENT_LOG_MAX_ENTRIES = 15;

/** Languages with their own event texts; any other locale gets English. */
export const EVENT_LOG_LOCALES = ['en', 'de', 'fr'] as const;
export type EventLogLocale = (typeof EVENT_LOG_LOCALES)[number];

export const EventLogEntrySchema = z.object({
  message_id: z.number().int(),
  message: z.string(),
  /** Seconds since local midnight (may exceed 86400 when the inverter runs past midnight). */
  start_time: z.number().int(),
  /** Seconds since local midnight; 0 while the event is still open. */
  end_time: z.number().int(),
});
export type EventLogEntry = z.infer<typeof EventLogEntrySchema>;

export const EventLogStatusSchema = z.object({
  count: z.number().int().min(0).max(EVENT_LOG_MAX_ENTRIES),
  events: z.array(EventLogEntrySchema),
});
export type EventLogStatus = z.infer<typeof EventLogStatusSchema>;

/** The locale a `locale` query selects: de/fr in any case, anything else en (wire-contract §4.5). */
export function eventLogLocaleOf(locale: string | undefined): EventLogLocale {
  const lower = (locale ?? '').toLowerCase();
  return lower === 'de' || lower === 'fr' ? lower : 'en';
}

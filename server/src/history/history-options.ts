import { HISTORY_RETENTION_DAYS_DEFAULT } from '@heliodtu/contract/domain/history-dates';

/** HISTORY, HISTORY_RETENTION_DAYS, HISTORY_BACKFILL_DAYS (README options table). */
export interface HistoryOptions {
  /** HISTORY=off: no recording and no /api/history (the interface hides the screen). */
  enabled: boolean;
  /** Days the 5-minute buckets are kept (daily yields are kept forever). */
  retentionDays: number;
  /** Demo fleet with an empty history: local days backfilled from the simulation (0 = none). */
  backfillDays: number;
}

export const HISTORY_DEFAULTS: HistoryOptions = {
  enabled: true,
  retentionDays: HISTORY_RETENTION_DAYS_DEFAULT,
  backfillDays: 60,
};

function wholeNumber(
  name: string,
  text: string | undefined,
  fallback: number,
  min: number,
): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > 36_500) {
    throw new Error(`${name} must be a whole number from ${min} to 36500, got "${text}"`);
  }
  return value;
}

/** The history options from the environment; throws on a malformed value. */
export function readHistoryOptions(env: NodeJS.ProcessEnv): HistoryOptions {
  const flag = (env['HISTORY'] ?? 'on').trim().toLowerCase();
  if (!['on', 'off', '1', '0', 'true', 'false'].includes(flag)) {
    throw new Error(`HISTORY must be on or off, got "${env['HISTORY']}"`);
  }
  return {
    enabled: ['on', '1', 'true'].includes(flag),
    retentionDays: wholeNumber(
      'HISTORY_RETENTION_DAYS',
      env['HISTORY_RETENTION_DAYS'],
      HISTORY_RETENTION_DAYS_DEFAULT,
      1,
    ),
    backfillDays: wholeNumber('HISTORY_BACKFILL_DAYS', env['HISTORY_BACKFILL_DAYS'], 60, 0),
  };
}

/** One inverter's event log is read in turn this often (ms): a device with 8 inverters, each every 4 min. */
export const EVENT_LOG_TURN_MS = 30_000;

/**
 * ALERTS_EVALUATE_MS, ALERTS_RETRY_MS, ALERTS_DEVICE_READ_MS (README options table): how often
 * the rules run, the delivery back-off and a companion's event-log turn. Tests shorten them.
 */
export interface AlertsOptions {
  /** How often (host ms) the alert rules run. */
  evaluateMs: number;
  /** Waits (ms) between webhook and e-mail attempts, then a console line. */
  retryMs: readonly number[];
  /** On a companion: one inverter's event log read every this many ms, in turn. */
  deviceReadMs: number;
}

export const ALERTS_DEFAULTS: AlertsOptions = {
  evaluateMs: 2_000,
  // After 5 s, 30 s and 2 min.
  retryMs: [5_000, 30_000, 120_000],
  deviceReadMs: EVENT_LOG_TURN_MS,
};

/** A day in ms: no wait or period of the alerts is longer. */
const MAX_MS = 86_400_000;

function milliseconds(name: string, text: string, min: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > MAX_MS) {
    throw new Error(`${name} must be a whole number of ms from ${min} to ${MAX_MS}, got "${text}"`);
  }
  return value;
}

/** The alert options from the environment; throws on a malformed value. */
export function readAlertsOptions(env: NodeJS.ProcessEnv): AlertsOptions {
  // Each read by its literal name: scripts/check-docs.mjs finds them for the README's table.
  const given = (text: string | undefined) =>
    text === undefined || text === '' ? undefined : text;
  const evaluate = given(env['ALERTS_EVALUATE_MS']);
  const retry = given(env['ALERTS_RETRY_MS']);
  const deviceRead = given(env['ALERTS_DEVICE_READ_MS']);
  return {
    evaluateMs:
      evaluate === undefined
        ? ALERTS_DEFAULTS.evaluateMs
        : milliseconds('ALERTS_EVALUATE_MS', evaluate, 10),
    retryMs:
      retry === undefined
        ? ALERTS_DEFAULTS.retryMs
        : retry.split(',').map((wait) => milliseconds('ALERTS_RETRY_MS', wait, 0)),
    deviceReadMs:
      deviceRead === undefined
        ? ALERTS_DEFAULTS.deviceReadMs
        : milliseconds('ALERTS_DEVICE_READ_MS', deviceRead, 10),
  };
}

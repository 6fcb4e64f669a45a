import type { DeviceCompanion } from '../device/relay/companion.js';
import type { DeviceLocation } from '../device/relay/device-ntp-settings.js';
import type { DeviceRegistry } from '../device/relay/device-registry.js';
import { daylightAt } from './alert-sources.js';
import { EVENT_LOG_TURN_MS } from './alerts-options.js';
import { COMMAND_READ_MS, CompanionAlertReads } from './companion-reads.js';
import type { AlertEvaluators } from './evaluator-set.js';
import type { AlertSources } from './evaluator.js';

// A companion's devices as the alert rules read them. Loaded by the alerts plugin on a companion
// only: a simulated gateway never carries the relayed reads.

/**
 * Daylight where a companion's device is (its own NTP latitude and longitude, once read), else
 * `fallback` (the companion's own location): a device in another place than its companion has
 * its inverters awake at other hours.
 */
export const deviceDaylight =
  (
    location: () => DeviceLocation | undefined,
    fallback: (now: number) => boolean,
    atPlace: typeof daylightAt = daylightAt,
  ) =>
  (now: number): boolean => {
    const place = location();
    return place ? atPlace(() => place)(now) : fallback(now);
  };

/**
 * One of a companion's devices as the evaluator reads it: the relayed live data (the same
 * LiveSource the socket fan-out and the history use), since when the device is away, and, when
 * given, its command results and event logs as `reads` last fetched them. `companion` is asked
 * each time: a device replaced (new address or login) is read through its new companion.
 */
export function companionSources(
  companion: DeviceCompanion | (() => DeviceCompanion | undefined),
  common: Pick<AlertSources, 'now' | 'daylight' | 'historyRecording' | 'extraConditions'>,
  reads?: Pick<CompanionAlertReads, 'commandStatus' | 'eventLog'>,
): AlertSources {
  const current = typeof companion === 'function' ? companion : () => companion;
  const device = current()?.id;
  if (device === undefined) throw new Error('no device to read alerts from');
  return {
    ...common,
    device,
    inverterSerials: () => current()?.live.inverterSerials() ?? [],
    liveData: (serial) => current()?.live.liveData(serial) ?? { inverters: [] },
    deviceAwaySince: () => current()?.awaySince ?? null,
    ...(reads
      ? {
          eventLog: (serial: string) => reads.eventLog(serial),
          commandStatus: (serial: string) => reads.commandStatus(serial),
        }
      : {}),
  };
}

/**
 * Every device behind a companion gets its evaluator and its reads (command results, event logs
 * one inverter per `eventLogTurnMs`), also a device added at run time; a device removed has its
 * open alerts cleared. A replaced device (new address or login) keeps its evaluator and alerts.
 * Daylight (the event-log reads, the unreachable rule) is each device's own: `common.daylight`
 * (the companion's location) only until the device's location was read.
 */
export function followCompanionDevices(
  evaluators: AlertEvaluators,
  registry: DeviceRegistry,
  common: Pick<AlertSources, 'now' | 'daylight' | 'historyRecording' | 'extraConditions'>,
  eventLogTurnMs = EVENT_LOG_TURN_MS,
  /** Daylight at a device's own place (tests give a sun of their own). */
  atPlace: typeof daylightAt = daylightAt,
): void {
  const follow = (id: string) => {
    const companion = () => registry.get(id)?.companion;
    const daylight = deviceDaylight(() => companion()?.location, common.daylight, atPlace);
    const reads = new CompanionAlertReads({
      companion,
      daylight: () => daylight(common.now()),
      eventLogTurnMs,
      commandReadMs: Math.min(COMMAND_READ_MS, eventLogTurnMs),
    });
    evaluators.add(companionSources(companion, { ...common, daylight }, reads), reads);
  };
  for (const device of registry.list()) follow(device.id);
  registry.on('added', (device) => {
    if (!evaluators.has(device.id)) follow(device.id);
  });
  registry.on('removed', (device) => {
    // replace() adds the device back right after removing it: only a device still gone clears.
    setImmediate(() => {
      if (!registry.get(device.id)) evaluators.remove(device.id);
    });
  });
}

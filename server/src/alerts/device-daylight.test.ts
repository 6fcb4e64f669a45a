import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryAlertRows } from '../history/alert-rows.js';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { DeviceLocation } from '../device/relay/device-ntp-settings.js';
import type { RelayResult } from '../device/relay/device-relay.js';
import type { DeviceRegistry } from '../device/relay/device-registry.js';
import { daylightAt } from './alert-sources.js';
import { followCompanionDevices } from './companion-sources.js';
import type { AlertSources } from './evaluator.js';
import { AlertEvaluators } from './evaluator-set.js';

// A companion in Germany in front of a device in New Zealand: the device's event logs are read
// (and its inverters expected awake) by the sun where the device is, not where the companion is.
// A device whose location is not known yet follows the companion's. Clock and timers are the
// test's own.

const GERMANY: DeviceLocation = { latitude: 51.17, longitude: 10.45 };
const NEW_ZEALAND: DeviceLocation = { latitude: -36.85, longitude: 174.76 };
/** 13:00 in Germany, 23:00 in New Zealand. */
const GERMAN_NOON = Date.UTC(2025, 5, 21, 11);
/** 02:00 in Germany, 12:00 in New Zealand. */
const NEW_ZEALAND_NOON = Date.UTC(2025, 5, 21, 0);
const TURN_MS = 1000;

const EMPTY_LOG: RelayResult = {
  ok: true,
  status: 200,
  headers: {},
  body: Buffer.from('{"count":0,"events":[]}'),
} as unknown as RelayResult;

/** A device that answers, with one inverter, that records which paths it was asked. */
function fakeDevice(id: string, location: DeviceLocation | undefined) {
  const asked: string[] = [];
  const companion = {
    id,
    awaySince: undefined,
    location,
    live: { inverterSerials: () => ['116491234567'], liveData: () => ({ inverters: [] }) },
    relay: {
      forward: (_method: string, path: string) => {
        asked.push(path);
        return Promise.resolve(EMPTY_LOG);
      },
      cachedGet: () => Promise.resolve({ ok: false, status: 0 }),
    },
  } as unknown as DeviceCompanion;
  return { id, name: id, origin: 'added', companion, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

function setUp(now: number) {
  vi.useFakeTimers();
  const clock = { now };
  const rows = new MemoryAlertRows();
  const evaluators = new AlertEvaluators(
    () => rows,
    () => rows,
    () => clock.now,
    () => undefined,
  );
  const faraway = fakeDevice('faraway', NEW_ZEALAND);
  const unlocated = fakeDevice('unlocated', undefined);
  const devices = [faraway, unlocated];
  const registry = Object.assign(new EventEmitter(), {
    list: () => devices,
    get: (id: string) => devices.find((device) => device.id === id),
  }) as unknown as DeviceRegistry;
  const sources = new Map<string, AlertSources>();
  const add = evaluators.add.bind(evaluators);
  vi.spyOn(evaluators, 'add').mockImplementation((s, reads) => {
    sources.set(s.device, s);
    return add(s, reads);
  });
  followCompanionDevices(
    evaluators,
    registry,
    { now: () => clock.now, daylight: daylightAt(() => GERMANY), historyRecording: () => null },
    TURN_MS,
  );
  // The rules run once an hour here: only the reads' turn matters.
  evaluators.start(3_600_000);
  const eventLogReads = (device: { asked: string[] }) =>
    device.asked.filter((path) => path.startsWith('/api/eventlog/status'));
  return { evaluators, faraway, unlocated, sources, eventLogReads };
}

describe('daylight per device behind a companion', () => {
  it("reads a device's event log by the sun where the device is", async () => {
    const { evaluators, faraway, unlocated, sources, eventLogReads } = setUp(GERMAN_NOON);
    await vi.advanceTimersByTimeAsync(TURN_MS);
    expect(eventLogReads(faraway)).toEqual([]);
    expect(eventLogReads(unlocated)).toEqual(['/api/eventlog/status?inv=116491234567']);
    // The rules (inverter-unreachable) see the same daylight.
    expect(sources.get('faraway')?.daylight(GERMAN_NOON)).toBe(false);
    expect(sources.get('unlocated')?.daylight(GERMAN_NOON)).toBe(true);
    evaluators.stop();
  });

  it("falls back to the companion's location only for the device whose own is unknown", async () => {
    const { evaluators, faraway, unlocated, sources, eventLogReads } = setUp(NEW_ZEALAND_NOON);
    await vi.advanceTimersByTimeAsync(TURN_MS);
    expect(eventLogReads(faraway)).toEqual(['/api/eventlog/status?inv=116491234567']);
    expect(eventLogReads(unlocated)).toEqual([]);
    expect(sources.get('faraway')?.daylight(NEW_ZEALAND_NOON)).toBe(true);
    expect(sources.get('unlocated')?.daylight(NEW_ZEALAND_NOON)).toBe(false);
    evaluators.stop();
  });
});

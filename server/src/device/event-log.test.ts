import { describe, expect, it } from 'vitest';
import { EVENT, InverterEventLog, eventLogStatus, eventSeconds } from './event-log.js';
import { eventMessage } from './event-messages.js';

describe('event messages (inverter-domain §4.3)', () => {
  it('are localised with English fallback and unknown ids', () => {
    expect(eventMessage(1, 'de')).toBe('Wechselrichter gestartet');
    expect(eventMessage(124, 'fr')).toBe('Arrêt par télécommande');
    expect(eventMessage(3, 'de')).toBe('EEPROM reading and writing error during operation');
    expect(eventMessage(2, 'fr')).toBe('Time calibration');
    expect(eventMessage(250, 'en')).toBe('Unknown');
    expect(eventMessage(250, 'de')).toBe('Unbekannt');
    expect(eventMessage(250, 'fr')).toBe('Inconnu');
  });

  it('use the HMT rows on three-phase units', () => {
    expect(eventMessage(217, 'en')).toBe('PV-2: Input overvoltage');
    expect(eventMessage(217, 'en', true)).toBe('PV-5: No input');
    expect(eventMessage(217, 'de', true)).toBe('PV-5: Kein  Eingang');
    expect(eventMessage(171, 'en')).toBe('Unknown');
    expect(eventMessage(171, 'en', true)).toBe(
      'Grid: Abnormal phase difference between phase to phase',
    );
    expect(eventMessage(1, 'en', true)).toBe('Inverter start');
  });
});

describe('InverterEventLog', () => {
  it('holds at most 15 entries but counts every event', () => {
    const log = new InverterEventLog();
    for (let i = 0; i < 20; i++) log.add(EVENT.TimeCalibration, i * 1000);
    expect(log.entries).toHaveLength(15);
    expect(log.counter).toBe(20);
    log.clear();
    expect(log.entries).toHaveLength(0);
  });

  it('closes open events', () => {
    const log = new InverterEventLog();
    log.add(EVENT.RemoteShutdown, 1000, null);
    expect(log.hasOpen(EVENT.RemoteShutdown)).toBe(true);
    log.close(EVENT.RemoteShutdown, 5000);
    expect(log.entries[0]).toEqual({ id: 124, start: 1000, end: 5000 });
  });
});

describe('event times', () => {
  it('are seconds since local midnight from the current offset, past 86400 after midnight', () => {
    // 03:32:31 UTC in CEST (+120 min) → 05:32:31 = 19951.
    expect(eventSeconds(Date.UTC(2024, 5, 21, 3, 32, 31), 120)).toBe(19951);
    expect(eventSeconds(Date.UTC(2024, 5, 21, 23, 0, 0), 120)).toBe(90000);
    expect(eventSeconds(Date.UTC(2024, 5, 21, 1, 0, 0), -300)).toBe(72000);
  });

  it('build the wire status with open events at 0', () => {
    const status = eventLogStatus(
      [
        { id: 1, start: Date.UTC(2024, 5, 21, 3, 32, 31), end: Date.UTC(2024, 5, 21, 3, 32, 31) },
        { id: 124, start: Date.UTC(2024, 5, 21, 10, 0, 0), end: null },
      ],
      'en',
      { hmt: false, nowMs: Date.UTC(2024, 5, 21, 12), timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    );
    expect(status).toEqual({
      count: 2,
      events: [
        { message_id: 1, message: 'Inverter start', start_time: 19951, end_time: 19951 },
        { message_id: 124, message: 'Shut down by remote control', start_time: 43200, end_time: 0 },
      ],
    });
  });
});

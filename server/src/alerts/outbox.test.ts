import { describe, expect, it } from 'vitest';
import { MemoryAlertRows, type AlertRecord, type DeliveryEvent } from '../history/alert-rows.js';
import { inQuietHours } from './alert-settings.js';
import { AlertOutbox } from './outbox.js';

const record = (rows: MemoryAlertRows): AlertRecord => {
  const base = {
    key: 'inverter-unreachable|local|1164a113c7e2||||',
    kind: 'inverter-unreachable' as const,
    device: 'local',
    serial: '1164a113c7e2',
    string: null,
    code: null,
    command: null,
    firstSeen: 0,
    opened: 1,
    cleared: null,
  };
  return { ...base, id: rows.insert(base) };
};

function outbox(rows: MemoryAlertRows, quiet: { on: boolean }, answers: (string | null)[] = []) {
  const sent: string[] = [];
  const lines: string[] = [];
  const box = new AlertOutbox({
    channel: 'webhook',
    rows: () => rows,
    enabled: () => true,
    quiet: () => quiet.on,
    send: async (event: DeliveryEvent, alert) => {
      const answer = answers.shift() ?? null;
      if (answer === null) sent.push(`${event} ${alert.id}`);
      return answer;
    },
    retryMs: [1, 1],
    log: (line) => lines.push(line),
    now: () => 0,
  });
  return { box, sent, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('AlertOutbox', () => {
  it('quiet hours hold an opening; it goes out when they end, once', async () => {
    const rows = new MemoryAlertRows();
    const quiet = { on: true };
    const { box, sent } = outbox(rows, quiet);
    const alert = record(rows);
    box.note('opened', alert);
    await settle();
    expect(sent).toEqual([]);
    quiet.on = false;
    box.kick();
    box.kick();
    await settle();
    expect(sent).toEqual([`opened ${alert.id}`]);
    expect(rows.delivery(alert.id, 'webhook', 'opened')?.state).toBe('sent');
  });

  it('an alert that opened and cleared within quiet hours is dropped: nothing is sent', async () => {
    const rows = new MemoryAlertRows();
    const quiet = { on: true };
    const { box, sent } = outbox(rows, quiet);
    const alert = record(rows);
    box.note('opened', alert);
    box.note('cleared', alert);
    quiet.on = false;
    box.kick();
    await settle();
    expect(sent).toEqual([]);
    expect(rows.delivery(alert.id, 'webhook', 'opened')?.state).toBe('dropped');
    expect(rows.pending('webhook')).toEqual([]);
  });

  it('gives up after the retries with a console line, and goes on with the next', async () => {
    const rows = new MemoryAlertRows();
    const { box, sent, lines } = outbox(rows, { on: false }, ['HTTP 500', 'HTTP 500', 'HTTP 500']);
    const first = record(rows);
    box.note('opened', first);
    await settle();
    expect(rows.delivery(first.id, 'webhook', 'opened')?.state).toBe('failed');
    expect(lines.filter((l) => l.includes('retry in'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/gave up on alert \d+ \(opened\) after 3 attempts: HTTP 500/);
    box.note('cleared', first);
    await settle();
    expect(sent).toEqual([`cleared ${first.id}`]);
  });
});

describe('AlertOutbox as a daily digest', () => {
  it('holds everything until due, then sends one message with all of it, once', async () => {
    const rows = new MemoryAlertRows();
    const due = { now: false };
    const digests: string[][] = [];
    const box = new AlertOutbox({
      channel: 'email',
      rows: () => rows,
      enabled: () => true,
      quiet: () => false,
      send: async () => 'not used in digest mode',
      digest: {
        enabled: () => true,
        due: () => due.now,
        send: async (items) => {
          digests.push(items.map((i) => `${i.event} ${i.alert.id}`));
          return null;
        },
        sent: () => {
          due.now = false;
        },
      },
      retryMs: [],
      log: () => undefined,
      now: () => 0,
    });
    const alert = record(rows);
    box.note('opened', alert);
    box.kick();
    await settle();
    expect(digests).toEqual([]);
    due.now = true;
    box.kick();
    await settle();
    box.kick();
    await settle();
    expect(digests).toEqual([[`opened ${alert.id}`]]);
    expect(rows.pending('email')).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('span midnight when the start is after the end', () => {
    const quiet = { enabled: true, start: '22:00', end: '07:00' };
    expect(inQuietHours(quiet, 23 * 60)).toBe(true);
    expect(inQuietHours(quiet, 6 * 60 + 59)).toBe(true);
    expect(inQuietHours(quiet, 7 * 60)).toBe(false);
    expect(inQuietHours({ ...quiet, enabled: false }, 23 * 60)).toBe(false);
    expect(inQuietHours({ enabled: true, start: '12:00', end: '14:00' }, 13 * 60)).toBe(true);
    expect(inQuietHours({ enabled: true, start: '12:00', end: '14:00' }, 15 * 60)).toBe(false);
  });
});

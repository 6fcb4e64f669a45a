import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeHostClock, loopbackDevice, settle } from '../../../test/helpers/loopback-device.js';
import { DeviceTarget } from './device-target.js';
import { SocketLink, type LinkAway, type LinkBack } from './socket-link.js';

/**
 * The times a link reports (away since, back after, connected since) come from the host clock it
 * is given, not from Date.now: here a fake one years from the real time, whose timers move only
 * when the test says.
 */

let clock: ReturnType<typeof fakeHostClock>;

beforeEach(() => {
  clock = fakeHostClock();
});
afterEach(() => {
  vi.useRealTimers();
});

function consoleLink(url: string) {
  const lines: string[] = [];
  const away: LinkAway[] = [];
  const back: LinkBack[] = [];
  const link = new SocketLink({
    target: new DeviceTarget({ id: 'dtu', url }),
    path: '/console',
    label: 'console',
    log: (line) => lines.push(line),
    now: clock.now,
  });
  link.on('away', (event) => away.push(event));
  link.on('back', (event) => back.push(event));
  onTestFinished(() => link.stop());
  return { link, lines, away, back };
}

describe('SocketLink on a fake host clock', () => {
  it('reports away since, back after and connected since by the clock it was given', async () => {
    const device = await loopbackDevice();
    const { link, lines, away, back } = consoleLink(device.url);
    link.start();
    await settle(() => away.length === 1, 'the first failure');
    expect(link.awaySince).toBe(clock.start);
    expect(away[0]?.since).toBe(clock.start);
    expect(lines[0]).toMatch(/^Device dtu: away since 2031-03-04T05:06:07\.000Z: /);
    expect(link.connectedSince).toBeUndefined();

    // The first retry (after 1 s) fails too: the outage keeps its start.
    await vi.advanceTimersByTimeAsync(1000);
    await settle(() => device.upgrades() === 2 && link.nextRetryMs === 4000, 'the second failure');
    expect(link.awaySince).toBe(clock.start);

    // The second (2 s later) gets through: away for 3 s of the clock, whatever real time passed.
    device.setMode('accept');
    await vi.advanceTimersByTimeAsync(2000);
    await settle(() => link.state === 'connected', 'connected');
    expect(link.connectedSince).toBe(clock.start + 3000);
    expect(link.awaySince).toBeUndefined();
    expect(back).toEqual([{ deviceId: 'dtu', since: clock.start, awayMs: 3000 }]);
    expect(lines.at(-1)).toBe('Device dtu: back after 3 s, console again');

    // A later outage starts at its own moment.
    await vi.advanceTimersByTimeAsync(5000);
    device.setMode('hang-up');
    device.dropAll();
    await settle(() => link.state === 'away', 'away again');
    expect(link.awaySince).toBe(clock.start + 8000);
    expect(away.at(-1)).toMatchObject({ since: clock.start + 8000 });
  });
});

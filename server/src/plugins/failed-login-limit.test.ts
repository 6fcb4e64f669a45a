import { describe, expect, it } from 'vitest';
import { clientKey, FailedLoginLimit } from './failed-login-limit.js';

function limitWithClock(maxClients = 100) {
  const clock = { now: 0 };
  const limit = new FailedLoginLimit({
    maxFailures: 3,
    windowMs: 60_000,
    maxClients,
    now: () => clock.now,
  });
  return { clock, limit };
}

describe('FailedLoginLimit', () => {
  it('locks a client out at the limit of different wrong credentials, for the window', () => {
    const { clock, limit } = limitWithClock();
    limit.failed('a', 'one');
    limit.failed('a', 'two');
    expect(limit.retryAfterSeconds('a')).toBe(0);
    clock.now = 10_000;
    limit.failed('a', 'three');
    expect(limit.retryAfterSeconds('a')).toBe(60);
    clock.now = 69_001;
    expect(limit.retryAfterSeconds('a')).toBe(1);
    clock.now = 70_000;
    expect(limit.retryAfterSeconds('a')).toBe(0);
    expect(limit.size).toBe(0);
  });

  it('counts the same wrong credential sent again once', () => {
    const { limit } = limitWithClock();
    for (let i = 0; i < 10; i += 1) limit.failed('a', 'stale');
    expect(limit.retryAfterSeconds('a')).toBe(0);
    limit.failed('a', 'other');
    limit.failed('a', 'stale');
    expect(limit.retryAfterSeconds('a')).toBeGreaterThan(0);
  });

  it('forgets failures older than the window, and all of them on a success', () => {
    const { clock, limit } = limitWithClock();
    limit.failed('a', 'one');
    limit.failed('a', 'two');
    clock.now = 60_000;
    limit.failed('a', 'three');
    expect(limit.retryAfterSeconds('a')).toBe(0);
    limit.failed('a', 'four');
    limit.succeeded('a');
    limit.failed('a', 'five');
    expect(limit.retryAfterSeconds('a')).toBe(0);
  });

  it('keeps other clients apart', () => {
    const { limit } = limitWithClock();
    for (const word of ['one', 'two', 'three']) limit.failed('a', word);
    expect(limit.retryAfterSeconds('a')).toBeGreaterThan(0);
    expect(limit.retryAfterSeconds('b')).toBe(0);
  });

  it('remembers at most maxClients, dropping expired ones first, then the oldest', () => {
    const { clock, limit } = limitWithClock(3);
    limit.failed('old', 'x');
    clock.now = 30_000;
    limit.failed('b', 'x');
    limit.failed('c', 'x');
    clock.now = 61_000;
    // 'old' has expired: it goes, the others stay.
    limit.failed('d', 'x');
    expect(limit.size).toBe(3);
    for (let i = 0; i < 1000; i += 1) limit.failed(`flood-${i}`, 'x');
    expect(limit.size).toBe(3);
  });
});

describe('clientKey', () => {
  it('keys IPv4 (also IPv4-mapped) by address and IPv6 by its /64', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

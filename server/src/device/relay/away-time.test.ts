import { afterEach, describe, expect, it, vi } from 'vitest';
import { envDevices } from '../../companion-env.js';
import { readOptions } from '../../env.js';
import { parseAwaySeconds } from './away-time.js';
import { DeviceTarget } from './device-target.js';
import type { BrokerListener, MqttBrokerPool } from './mqtt-broker-pool.js';
import { MqttDeviceLink } from './mqtt-device-link.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('DTU_AWAY_S: the owner’s away time of a device on a broker', () => {
  it('takes whole seconds from 10 to 3600 and says what it wants for anything else', () => {
    expect(parseAwaySeconds('DTU_AWAY_S', undefined)).toBeUndefined();
    expect(parseAwaySeconds('DTU_AWAY_S', ' ')).toBeUndefined();
    expect(parseAwaySeconds('DTU_AWAY_S', '10')).toBe(10);
    expect(parseAwaySeconds('DTU_AWAY_S', ' 3600 ')).toBe(3600);
    for (const nonsense of ['9', '3601', '-30', '1.5', '90s', 'abc', '1e3', '0x20']) {
      expect(refusal(() => parseAwaySeconds('DTU_AWAY_S', nonsense))).toBe(
        'DTU_AWAY_S must be a whole number of seconds from 10 to 3600 (how long a device on a ' +
          `broker may publish nothing before it is away), got "${nonsense}"`,
      );
    }
  });

  it('gives every MQTT device the shared time unless it has its own, and none to HTTP devices', () => {
    const options = readOptions([], {
      DTU_URL: 'Home=http://192.168.1.50,Cottage=mqtt://b/cottage/,Flat=mqtt://b/flat/',
      DTU_AWAY_S: '120',
      DTU_AWAY_S_FLAT: '30',
    }).companion!;
    expect(envDevices(options).map((d) => [d.target.id, d.awaySeconds])).toEqual([
      ['home', undefined],
      ['cottage', undefined],
      ['flat', 30],
    ]);
    // Devices without their own (DTU_URL's and the Devices screen's) take the shared one.
    expect(options.sharedAwaySeconds).toBe(120);
    const single = readOptions([], { DTU_URL: 'mqtt://b/solar/', DTU_AWAY_S: '45' }).companion!;
    expect(envDevices(single)[0]!.awaySeconds).toBeUndefined();
    expect(single.sharedAwaySeconds).toBe(45);
    const none = readOptions([], { DTU_URL: 'mqtt://b/solar/' }).companion!;
    expect(envDevices(none)[0]!.awaySeconds).toBeUndefined();
    expect(none.sharedAwaySeconds).toBeUndefined();
  });

  it('stops the start with a plain message for nonsense, naming the variable', () => {
    const read = (env: Record<string, string>) =>
      refusal(() => readOptions([], { DTU_URL: 'Home=http://h,Cottage=mqtt://b/c/', ...env }));
    expect(read({ DTU_AWAY_S: 'soon' })).toMatch(/^DTU_AWAY_S must be a whole number .*"soon"/);
    expect(read({ DTU_AWAY_S_COTTAGE: '5' })).toMatch(/^DTU_AWAY_S_COTTAGE must be .*"5"/);
    expect(read({ DTU_AWAY_S_HOME: '60' })).toBe(
      'DTU_AWAY_S_HOME: device Home is reached over HTTP, not a broker',
    );
    // Checked even before a DTU_URL is set, so a typo shows at the first start.
    expect(refusal(() => readOptions([], { DTU_AWAY_S: '99999' }))).toMatch(/^DTU_AWAY_S must/);
  });
});

/** A pool that hands the test the listener, so messages arrive when the test says. */
function handPool() {
  let listener: BrokerListener | undefined;
  const pool = {
    join: (_subscription: unknown, given: BrokerListener) => {
      listener = given;
      return async () => undefined;
    },
  } as unknown as MqttBrokerPool;
  return { pool, send: (topic: string, payload: string) => listener!.message(topic, payload) };
}

describe('MqttDeviceLink with the owner’s away time', () => {
  afterEach(() => vi.useRealTimers());
  const target = new DeviceTarget({ id: 'cottage', url: 'mqtt://broker:1883/cottage/' });

  it('is away after exactly that silence, shorter or longer than 3 publish intervals', async () => {
    vi.useFakeTimers();
    for (const awayMs of [12_000, 300_000]) {
      const { pool, send } = handPool();
      const link = new MqttDeviceLink({ target, pool, now: () => Date.now(), awayMs });
      link.start();
      // A publish every 5 s: the computed time would be 60 s.
      send('dtu/uptime', '100');
      vi.advanceTimersByTime(5_000);
      send('dtu/uptime', '105');
      expect(link.silenceMs).toBe(awayMs);
      vi.advanceTimersByTime(awayMs - 100);
      expect(link.state).toBe('connected');
      vi.advanceTimersByTime(200);
      expect(link.state).toBe('away');
      expect(link.problem?.message).toBe(
        `mqtt://broker:1883/cottage/: nothing published for ${awayMs / 1000} s`,
      );
      send('dtu/uptime', '500');
      expect(link.state).toBe('connected');
      await link.stop();
    }
  });

  it('takes a new time at once, counting the silence so far, and back to the computed one', async () => {
    vi.useFakeTimers();
    const { pool, send } = handPool();
    const link = new MqttDeviceLink({ target, pool, now: () => Date.now() });
    link.start();
    send('dtu/uptime', '100');
    vi.advanceTimersByTime(20_000);
    // 20 s silent already: 30 s leaves 10 s.
    link.setAwayMs(30_000);
    expect(link.silenceMs).toBe(30_000);
    vi.advanceTimersByTime(9_900);
    expect(link.state).toBe('connected');
    vi.advanceTimersByTime(200);
    expect(link.state).toBe('away');
    expect(link.problem?.message).toContain('nothing published for 30 s');
    send('dtu/uptime', '200');
    // Silent longer than the new time: away at once.
    vi.advanceTimersByTime(15_000);
    link.setAwayMs(10_000);
    vi.advanceTimersByTime(1);
    expect(link.state).toBe('away');
    send('dtu/uptime', '300');
    link.setAwayMs(undefined);
    expect(link.silenceMs).toBe(60_000);
    vi.advanceTimersByTime(59_000);
    expect(link.state).toBe('connected');
    await link.stop();
  });
});

import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMosquitto } from '../../../test/helpers/mosquitto-suite.js';
import { waitFor } from '../../../test/helpers/mqtt-watcher.js';
import { DeviceTarget } from './device-target.js';
import type { BrokerListener, MqttBrokerPool } from './mqtt-broker-pool.js';
import { MqttBrokerPool as Pool } from './mqtt-broker-pool.js';
import { MQTT_SILENCE_MIN_MS, MqttDeviceLink, WILL_SETTLE_MS } from './mqtt-device-link.js';

/** A pool that hands the test the listener, so messages arrive when the test says. */
function handPool() {
  let listener: BrokerListener | undefined;
  const pool = {
    join: (_subscription: unknown, given: BrokerListener) => {
      listener = given;
      return async () => undefined;
    },
  } as unknown as MqttBrokerPool;
  return {
    pool,
    send: (topic: string, payload: string) => listener!.message(topic, payload),
    drop: (error?: Error) => listener!.down(error, true),
  };
}

const target = new DeviceTarget({ id: 'cottage', url: 'mqtt://broker:1883/cottage/' });

describe('MqttDeviceLink: away and back', () => {
  afterEach(() => vi.useRealTimers());

  it('is away after max(60 s, 3 × the publish interval) of silence, back at the next message', async () => {
    vi.useFakeTimers();
    const { pool, send } = handPool();
    const link = new MqttDeviceLink({ target, pool, now: () => Date.now() });
    const away = vi.fn();
    const back = vi.fn();
    link.on('away', away);
    link.on('back', back);
    link.start();
    send('dtu/uptime', '100');
    expect(link.state).toBe('connected');
    // A publish every 30 s: 90 s of silence, not 60.
    vi.advanceTimersByTime(30_000);
    send('dtu/uptime', '130');
    expect(link.silenceMs).toBe(90_000);
    vi.advanceTimersByTime(89_000);
    expect(link.state).toBe('connected');
    vi.advanceTimersByTime(1_500);
    expect(link.state).toBe('away');
    expect(away).toHaveBeenCalledTimes(1);
    expect(link.problem?.message).toMatch(/nothing published for 90 s/);
    send('dtu/uptime', '250');
    expect(link.state).toBe('connected');
    expect(back).toHaveBeenCalledTimes(1);
    await link.stop();
  });

  it('never calls a device away before 60 s, however often it publishes', async () => {
    vi.useFakeTimers();
    const { pool, send } = handPool();
    const link = new MqttDeviceLink({ target, pool, now: () => Date.now() });
    link.start();
    send('dtu/uptime', '1');
    vi.advanceTimersByTime(5_000);
    send('dtu/uptime', '6');
    expect(link.silenceMs).toBe(MQTT_SILENCE_MIN_MS);
    vi.advanceTimersByTime(59_000);
    expect(link.state).toBe('connected');
    vi.advanceTimersByTime(2_000);
    expect(link.state).toBe('away');
    await link.stop();
  });

  it("is away on the DTU's last will once the broker stayed up a moment, and sends a frame per inverter run", async () => {
    vi.useFakeTimers();
    const { pool, send } = handPool();
    const link = new MqttDeviceLink({ target, pool, now: () => Date.now() });
    const frames: unknown[] = [];
    link.on('message', ({ data }) => frames.push(data));
    link.start();
    send('dtu/status', 'online');
    send('116180212345/name', 'Roof');
    send('116180212345/0/power', '100.0');
    vi.advanceTimersByTime(500);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ inverters: [{ serial: '116180212345', name: 'Roof' }] });
    send('dtu/status', 'offline');
    vi.advanceTimersByTime(WILL_SETTLE_MS);
    expect(link.state).toBe('away');
    expect(link.problem).toEqual({
      code: 'connection-lost',
      message: "mqtt://broker:1883/cottage/: the DTU's last will says offline",
    });
    await link.stop();
  });

  it('gives the broker as the reason when the broker drops right after sending the will (its shutdown)', async () => {
    vi.useFakeTimers();
    const { pool, send, drop } = handPool();
    const link = new MqttDeviceLink({ target, pool, now: () => Date.now() });
    const reasons: string[] = [];
    link.on('away', ({ reason }) => reasons.push(reason.message));
    link.start();
    send('dtu/status', 'online');
    send('dtu/status', 'offline');
    vi.advanceTimersByTime(10);
    drop();
    vi.advanceTimersByTime(WILL_SETTLE_MS * 2);
    expect(reasons).toEqual(['the connection to the broker mqtt://broker:1883 was lost']);
    await link.stop();
  });
});

describe('MqttBrokerPool: one connection per broker and login', () => {
  const suite = useMosquitto();

  it('shares one connection among base topics, each device getting only its own', async () => {
    const pool = new Pool({ initialMs: 200, maxMs: 800 });
    const seen = { a: [] as string[], b: [] as string[] };
    const listener = (into: string[]): BrokerListener => ({
      message: (subtopic, payload) => into.push(`${subtopic}=${payload}`),
      connected: () => undefined,
      down: () => undefined,
    });
    const leaveA = pool.join({ broker: suite.broker.url, prefix: 'a/' }, listener(seen.a));
    const leaveB = pool.join({ broker: suite.broker.url, prefix: 'b/' }, listener(seen.b));
    expect(pool.size).toBe(1);
    const leaveC = pool.join(
      { broker: suite.broker.url, prefix: 'c/', username: 'other' },
      listener([]),
    );
    expect(pool.size).toBe(2);
    await leaveC();
    expect(pool.size).toBe(1);
    const publisher = await connectAsync(suite.broker.url);
    await waitFor(async () => {
      await publisher.publishAsync('a/dtu/uptime', '1');
      await publisher.publishAsync('b/dtu/uptime', '2');
      return seen.a.length > 0 && seen.b.length > 0;
    }, 'messages of both base topics');
    expect(seen.a.every((m) => m === 'dtu/uptime=1')).toBe(true);
    expect(seen.b.every((m) => m === 'dtu/uptime=2')).toBe(true);
    await publisher.endAsync();
    await leaveA();
    await leaveB();
    expect(pool.size).toBe(0);
  });
});

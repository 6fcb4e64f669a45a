import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DeviceTarget } from './device-target.js';
import type { BrokerListener, BrokerSubscription, MqttBrokerPool } from './mqtt-broker-pool.js';
import { MqttDeviceAnswers } from './mqtt-device-answers.js';
import { MqttDeviceLink } from './mqtt-device-link.js';

const SERIAL = '114172345678';

/** A pool that records what is published and hands the test the device's listener. */
function recordingPool() {
  let listener: BrokerListener | undefined;
  const published: { topic: string; payload: string }[] = [];
  let up = true;
  const pool = {
    join: (_subscription: unknown, given: BrokerListener) => {
      listener = given;
      return async () => undefined;
    },
    publish: async (subscription: BrokerSubscription, subtopic: string, payload: string) => {
      if (!up) throw new Error(`not connected to the broker ${subscription.broker}`);
      published.push({ topic: `${subscription.prefix}${subtopic}`, payload });
    },
  } as unknown as MqttBrokerPool;
  return {
    pool,
    published,
    send: (topic: string, payload: string) => listener!.message(topic, payload),
    brokerDown: () => {
      up = false;
    },
  };
}

/** A device with one 800 W inverter at 100 %, and a clock the test moves. */
function cottage() {
  const broker = recordingPool();
  let now = 1_000_000;
  const target = new DeviceTarget({ id: 'cottage', url: 'mqtt://broker:1883/cottage/' });
  const link = new MqttDeviceLink({ target, pool: broker.pool, now: () => now });
  link.start();
  broker.send('dtu/hostname', 'OpenDTU-Cottage');
  broker.send(`${SERIAL}/name`, 'Shed');
  broker.send(`${SERIAL}/status/limit_relative`, '100.00');
  broker.send(`${SERIAL}/status/limit_absolute`, '800.00');
  broker.send(`${SERIAL}/status/producing`, '1');
  const answers = new MqttDeviceAnswers('cottage', link);
  const post = async (path: string, data: unknown, contentType?: string) => {
    const text = `data=${encodeURIComponent(JSON.stringify(data))}`;
    const init = {
      contentType: contentType ?? 'application/x-www-form-urlencoded',
      body: Readable.from([Buffer.from(text)]),
    };
    const result = await answers.forward('POST', path, init);
    return result.ok ? { status: result.status, json: JSON.parse(result.body.toString()) } : result;
  };
  const get = async (path: string) => {
    const result = await answers.forward('GET', path);
    if (!result.ok) throw new Error(result.problem.message);
    return JSON.parse(result.body.toString()) as Record<string, Record<string, unknown>>;
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { broker, link, post, get, advance };
}

describe('MqttDeviceCommands: limits and power over the command topics', () => {
  it('publishes a temporary absolute limit unretained and says Pending until a newer read-back matches', async () => {
    const { broker, post, get, advance, link } = cottage();
    const answer = await post('/api/limit/config', {
      serial: SERIAL,
      limit_type: 0,
      limit_value: 400,
    });
    expect(answer).toMatchObject({ status: 200, json: { type: 'success', code: 1001 } });
    expect(broker.published).toEqual([
      { topic: `cottage/${SERIAL}/cmd/limit_nonpersistent_absolute`, payload: '400' },
    ]);
    expect((await get('/api/limit/status'))[SERIAL]).toEqual({
      limit_relative: 100,
      max_power: 800,
      limit_set_status: 'Pending',
    });
    // The old value published again is no confirmation.
    advance(5_000);
    broker.send(`${SERIAL}/status/limit_relative`, '100.00');
    expect((await get('/api/limit/status'))[SERIAL]!['limit_set_status']).toBe('Pending');
    advance(5_000);
    broker.send(`${SERIAL}/status/limit_relative`, '50.00');
    expect((await get('/api/limit/status'))[SERIAL]).toMatchObject({
      limit_relative: 50,
      limit_set_status: 'Ok',
    });
    await link.stop();
  });

  it("knows max power from the published part number before the device's first limit read", async () => {
    const broker = recordingPool();
    const now = 5_000;
    const target = new DeviceTarget({ id: 'flat', url: 'mqtt://broker:1883/flat/' });
    const link = new MqttDeviceLink({ target, pool: broker.pool, now: () => now });
    link.start();
    broker.send(`${SERIAL}/name`, 'Balcony');
    // 0x10113001: an HM-800-2T (inverter-domain §3.2).
    broker.send(`${SERIAL}/device/hwpartnumber`, '269561857');
    const answers = new MqttDeviceAnswers('flat', link);
    const status = await answers.forward('GET', '/api/limit/status');
    expect(status.ok && JSON.parse(status.body.toString())).toEqual({
      [SERIAL]: { limit_relative: 0, max_power: 800, limit_set_status: 'Unknown' },
    });
    await link.stop();
  });

  it('calls a limit never read back a Failure after 30 s', async () => {
    const { post, get, advance, broker, link } = cottage();
    await post('/api/limit/config', { serial: SERIAL, limit_type: 1, limit_value: 30 });
    expect(broker.published[0]).toEqual({
      topic: `cottage/${SERIAL}/cmd/limit_nonpersistent_relative`,
      payload: '30',
    });
    advance(29_000);
    expect((await get('/api/limit/status'))[SERIAL]!['limit_set_status']).toBe('Pending');
    advance(2_000);
    broker.send(`${SERIAL}/status/limit_relative`, '100.00');
    expect((await get('/api/limit/status'))[SERIAL]!['limit_set_status']).toBe('Failure');
    await link.stop();
  });

  it('maps both limit_type schemes to the persistent topics and clamps a relative limit at 100 %', async () => {
    const { post, broker, link } = cottage();
    await post('/api/limit/config', { serial: SERIAL, limit_type: 257, limit_value: 120 });
    await post('/api/limit/config', { serial: SERIAL, limit_type: 2, limit_value: 600 });
    expect(broker.published).toEqual([
      { topic: `cottage/${SERIAL}/cmd/limit_persistent_relative`, payload: '100' },
      { topic: `cottage/${SERIAL}/cmd/limit_persistent_absolute`, payload: '600' },
    ]);
    await link.stop();
  });

  it("answers bad requests with the device's codes and publishes nothing", async () => {
    const { post, broker, link } = cottage();
    const cases: [unknown, number][] = [
      [{ serial: '0', limit_type: 0, limit_value: 100 }, 5001],
      [{ serial: SERIAL, limit_type: 0, limit_value: 5000 }, 5002],
      [{ serial: SERIAL, limit_type: 7, limit_value: 100 }, 5003],
      [{ serial: '999999999999', limit_type: 0, limit_value: 100 }, 5004],
      [{ serial: SERIAL, limit_type: 0 }, 1005],
    ];
    for (const [data, code] of cases) {
      expect(await post('/api/limit/config', data)).toMatchObject({ json: { code } });
    }
    expect(await post('/api/power/config', { serial: '999999999999', power: false })).toMatchObject(
      { json: { code: 11002 } },
    );
    expect(broker.published).toEqual([]);
    await link.stop();
  });

  it('reads a multipart form as the interface sends it', async () => {
    const { link, broker } = cottage();
    const answers = new MqttDeviceAnswers('cottage', link);
    const form = new FormData();
    form.append('data', JSON.stringify({ serial: SERIAL, power: false }));
    const request = new Request('http://x/', { method: 'POST', body: form });
    const contentType = request.headers.get('content-type')!;
    const body = Readable.from([Buffer.from(await request.arrayBuffer())]);
    const result = await answers.forward('POST', '/api/power/config', { contentType, body });
    expect(result.ok && JSON.parse(result.body.toString())).toMatchObject({ code: 1001 });
    expect(broker.published).toEqual([{ topic: `cottage/${SERIAL}/cmd/power`, payload: '0' }]);
    await link.stop();
  });

  it('confirms power off by a newer producing 0; a restart needs no read-back', async () => {
    const { post, get, advance, broker, link } = cottage();
    await post('/api/power/config', { serial: SERIAL, power: false });
    expect(broker.published.at(-1)).toEqual({
      topic: `cottage/${SERIAL}/cmd/power`,
      payload: '0',
    });
    expect((await get('/api/power/status'))[SERIAL]).toEqual({ power_set_status: 'Pending' });
    advance(5_000);
    broker.send(`${SERIAL}/status/producing`, '0');
    expect((await get('/api/power/status'))[SERIAL]).toEqual({ power_set_status: 'Ok' });
    await post('/api/power/config', { serial: SERIAL, restart: true });
    expect(broker.published.at(-1)).toEqual({
      topic: `cottage/${SERIAL}/cmd/restart`,
      payload: '1',
    });
    await link.stop();
  });

  it('sends nothing while the device is away or the broker is down, and says so (503)', async () => {
    const { post, broker, link } = cottage();
    broker.brokerDown();
    const down = await post('/api/limit/config', {
      serial: SERIAL,
      limit_type: 0,
      limit_value: 100,
    });
    expect(down).toMatchObject({ ok: false, status: 503 });
    expect((down as { problem: { message: string } }).problem.message).toMatch(
      /not sent: not connected to the broker/,
    );
    broker.send('dtu/status', 'offline');
    const away = await post('/api/power/config', { serial: SERIAL, power: true });
    expect(away).toMatchObject({ ok: false, status: 503 });
    expect(broker.published).toEqual([]);
    await link.stop();
  });
});

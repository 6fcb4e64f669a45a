import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { mqttConfigFixture } from '@heliodtu/contract/fixtures/mqtt-config';
import type { AlertWebhookPayload, AlertsStatus } from '@heliodtu/contract/alerts';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 28 with real processes: the gateway (main.ts) at SIM_SPEED=60 with an inverter that never
// answers, a local HTTP receiver for the webhook, a local SMTP server (smtp-server), Mosquitto for the alerts topic and the Home
// Assistant problem sensor, and a restart in between: each opening and clearing arrives once.

const GARAGE = '1164a113c7e2';
const ADMIN = { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` };
const suite = useMosquitto();

interface Receiver {
  url: string;
  posts: { body: AlertWebhookPayload; header: string | undefined }[];
  close(): Promise<void>;
}

/** A webhook receiver on loopback; `statuses` are answered in turn, then 200. */
async function startReceiver(statuses: number[] = []): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  let attempts = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const status = statuses[attempts++] ?? 200;
      if (status === 200) {
        const header = req.headers['x-test-token'];
        posts.push({
          body: JSON.parse(text) as AlertWebhookPayload,
          header: Array.isArray(header) ? header[0] : header,
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface MailReceiver {
  port: number;
  mails: string[];
  close(): Promise<void>;
}

/** A local SMTP server (no TLS, no login) that keeps every message it accepts. */
async function startMailReceiver(): Promise<MailReceiver> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        mails.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function post(gw: GatewayProcess, path: string, data: unknown): Promise<Response> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return fetch(`${gw.url}${path}`, { method: 'POST', headers: ADMIN, body: form });
}

const alertSettings = (url: string, smtpPort?: number) => ({
  webhook: { enabled: true, url, header_name: 'X-Test-Token', header_value: 'secret-1' },
  email: {
    enabled: smtpPort !== undefined,
    host: smtpPort === undefined ? '' : '127.0.0.1',
    port: smtpPort ?? 587,
    security: smtpPort === undefined ? 'starttls' : 'none',
    user: '',
    from: smtpPort === undefined ? '' : 'gateway@example.org',
    to: smtpPort === undefined ? '' : 'owner@example.org',
    digest: false,
  },
  quiet_hours: { enabled: false, start: '22:00', end: '07:00' },
  mqtt: { enabled: true },
});

const status = async (gw: GatewayProcess) =>
  (await (await fetch(`${gw.url}/api/alerts/status`)).json()) as AlertsStatus;

const ENV = {
  SIM_SPEED: '60',
  SIM_FAULTS: `unreachable:${GARAGE}`,
  SIM_TEST_API: '1',
  ALERTS_EVALUATE_MS: '500',
  ALERTS_RETRY_MS: '300,300,300',
  HISTORY_BACKFILL_DAYS: '0',
};

describe('alerts end to end (issue 28)', () => {
  it('an inverter that does not answer: one alert after 15 simulated minutes, delivered once by webhook, e-mail and MQTT, across a restart, cleared once', async () => {
    const receiver = await startReceiver();
    const mail = await startMailReceiver();
    receivers.push(receiver, mail);
    const topic = `alerts${Date.now()}/`;
    const watcher = await suite.watch(`${topic}#`, 'homeassistant/binary_sensor/#');
    const first = await startGatewayProcess({
      env: { ...ENV, SIM_START: '2025-06-21T10:00:00' },
      onFinished: () => undefined,
    });
    try {
      const configured = await post(
        first,
        '/api/alerts/config',
        alertSettings(receiver.url, mail.port),
      );
      expect(configured.status).toBe(200);
      const mqtt = { ...mqttConfigFixture, mqtt_enabled: true, mqtt_hostname: suite.broker.host };
      const saved = await post(first, '/api/mqtt/config', {
        ...mqtt,
        mqtt_port: suite.broker.port,
        mqtt_topic: topic,
        mqtt_hass_enabled: true,
      });
      expect(((await saved.json()) as { code: number }).code).toBe(1001);

      await waitFor(() => receiver.posts.length > 0, 'the webhook POST', 40_000);
      const opened = receiver.posts[0];
      expect(opened?.body.event).toBe('opened');
      expect(opened?.header).toBe('secret-1');
      expect(opened?.body.alert).toMatchObject({
        kind: 'inverter-unreachable',
        serial: GARAGE,
        name: 'Garage roof',
        cleared: null,
      });
      const alert = opened?.body.alert;
      // 15 simulated minutes after it stopped answering (at 10:00 plus the missed polls).
      expect((alert?.opened ?? 0) - (alert?.first_seen ?? 0)).toBeGreaterThanOrEqual(15 * 60);
      expect((alert?.opened ?? 0) - (alert?.first_seen ?? 0)).toBeLessThan(17 * 60);
      expect((await status(first)).open.map((a) => a.id)).toEqual([alert?.id]);
      await waitFor(() => mail.mails.length > 0, 'the e-mail', 10_000);
      expect(mail.mails[0]).toMatch(/Subject: .*alert: Garage roof does not answer/);

      const problem = `${topic}${GARAGE}/alerts/problem`;
      await watcher.next(problem, '1', { timeoutMs: 10_000 });
      const latest = (t: string, check: (json: Record<string, unknown>) => boolean) =>
        waitFor(
          () =>
            watcher.messages.find(
              (m) => m.topic === t && check(JSON.parse(m.payload) as Record<string, unknown>),
            ),
          t,
          10_000,
        );
      const alertsTopic = await latest(`${topic}alerts`, (json) => json['count'] === 1);
      expect(JSON.parse(alertsTopic.payload)).toMatchObject({
        alerts: [{ id: alert?.id, text: 'Garage roof does not answer' }],
      });
      const discovery = await watcher.next(
        `homeassistant/binary_sensor/dtu_${GARAGE}/problem/config`,
        undefined,
        { timeoutMs: 10_000 },
      );
      expect(JSON.parse(discovery.payload)).toMatchObject({
        dev_cla: 'problem',
        stat_t: problem,
        json_attr_t: `${topic}${GARAGE}/alerts/attributes`,
      });
      await latest(
        `${topic}${GARAGE}/alerts/attributes`,
        (json) => json['alert'] === 'Garage roof does not answer',
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await first.stop();

      // Booted again 40 simulated minutes later, the fault still there: the same alert, no POST.
      const second = await startGatewayProcess({
        env: { ...ENV, SIM_START: '2025-06-21T10:40:00' },
        dataDir: first.dataDir,
      });
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect((await status(second)).open.map((a) => a.id)).toEqual([alert?.id]);
      expect(receiver.posts).toHaveLength(1);
      expect(mail.mails).toHaveLength(1);
      const mark = watcher.messages.length;

      // The fault ends: cleared after the 10-minute hold-off, one POST, the sensor off.
      expect((await post(second, '/api/test/sim-faults', { faults: '' })).status).toBe(200);
      await waitFor(() => receiver.posts.length > 1, 'the cleared POST', 40_000);
      expect(receiver.posts[1]?.body).toMatchObject({
        event: 'cleared',
        alert: { id: alert?.id, kind: 'inverter-unreachable' },
      });
      await watcher.next(problem, '0', { after: mark, timeoutMs: 10_000 });
      const after = await status(second);
      expect(after.open).toEqual([]);
      expect(after.recent.map((a) => a.id)).toEqual([alert?.id]);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(receiver.posts.map((p) => p.body.event)).toEqual(['opened', 'cleared']);
      expect(mail.mails).toHaveLength(2);
      expect(mail.mails[1]).toMatch(/Subject: .*cleared: Garage roof does not answer/);
      expect(second.output()).not.toContain('secret-1');
    } finally {
      await first.kill();
    }
  }, 150_000);

  it('a receiver that answers 500 three times, then 200: delivered once, the retries in the console', async () => {
    const receiver = await startReceiver([500, 500, 500]);
    receivers.push(receiver);
    const gw = await startGatewayProcess({ env: { ...ENV, SIM_START: '2025-06-21T10:00:00' } });
    expect((await post(gw, '/api/alerts/config', alertSettings(receiver.url))).status).toBe(200);
    await waitFor(() => receiver.posts.length > 0, 'the webhook POST', 40_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.posts).toHaveLength(1);
    const retries = gw
      .output()
      .split('\n')
      .filter((line) =>
        /webhook delivery of alert \d+ \(opened\) failed: HTTP 500; retry in/.test(line),
      );
    expect(retries).toHaveLength(3);
  }, 90_000);

  it('an unreachable SMTP server: a console line, the gateway keeps running', async () => {
    const gw = await startGatewayProcess({ env: { ...ENV, SIM_START: '2025-06-21T10:00:00' } });
    // Port 9 (discard): nothing listens on loopback.
    const settings = { ...alertSettings('http://127.0.0.1:9/hook', 9) };
    settings.webhook.enabled = false;
    expect((await post(gw, '/api/alerts/config', settings)).status).toBe(200);
    const test = await post(gw, '/api/alerts/test', { channel: 'email' });
    expect(await test.json()).toMatchObject({ ok: false });
    await waitFor(
      () => /email gave up on alert \d+ \(opened\) after 4 attempts/.test(gw.output()),
      'the give-up line',
      40_000,
    );
    expect(gw.output()).toMatch(/email delivery of alert \d+ \(opened\) failed: .*ECONNREFUSED/);
    expect((await fetch(`${gw.url}/api/alerts/status`)).status).toBe(200);
  }, 90_000);
});

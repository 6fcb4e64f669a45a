import { once } from 'node:events';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CompanionApp } from './helpers/companion-app.js';
import { startCompanionFromEnv } from './helpers/companion-env-app.js';
import { startMosquitto, type Mosquitto, type MosquittoOptions } from './helpers/mosquitto.js';
import { startPublishingSite } from './helpers/mqtt-site.js';
import { waitFor, watchBroker } from './helpers/mqtt-watcher.js';
import { openSocket, wsUrl } from './helpers/ws-client.js';

/**
 * Issue 37: devices on a broker when things go wrong. Real Mosquitto (one per test, so that a
 * test may stop and start it), our simulated gateways as processes publishing OpenDTU's tree,
 * the companion built from the environment variables an owner sets; all on 127.0.0.1.
 */

interface DeviceStatus {
  id: string;
  reachable: boolean;
  connected_since: number | null;
  inverter_count: number | null;
  problem: { code: string; message: string } | null;
}

async function ownBroker(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const broker = await startMosquitto(options);
  onTestFinished(() => broker.dispose());
  return broker;
}

const deviceOf = (companion: CompanionApp, id: string) => {
  const registered = companion.app.devices?.get(id);
  if (!registered) throw new Error(`no device ${id}`);
  return registered.companion;
};

const statusOf = async (companion: CompanionApp, id: string): Promise<DeviceStatus> => {
  const answer = await companion.fetch('/api/companion/status');
  const { devices } = (await answer.json()) as { devices: DeviceStatus[] };
  return devices.find((device) => device.id === id)!;
};

/** Whether the device's live data is its own, fresh (not kept from before an outage). */
const liveFresh = async (companion: CompanionApp, id: string) => {
  const answer = await companion.fetch(`/dtu/${id}/api/livedata/status`);
  if (answer.status !== 200 || answer.headers.get('x-heliodtu-device-away-since') !== null) {
    return false;
  }
  const { inverters } = (await answer.json()) as { inverters: unknown[] };
  return inverters.length > 0;
};

const explain =
  (companion: CompanionApp, more = '') =>
  (error: Error) => {
    throw new Error(`${error.message}\n${companion.app.consoleLog.backlog().join('')}${more}`);
  };

describe('a companion of devices on a broker, when the broker or a site fails', () => {
  it('survives a broker restart: away with a plain reason, back with live data flowing, no restart of the companion', async () => {
    const broker = await ownBroker();
    await startPublishingSite(broker, 'site-a/');
    const companion = await startCompanionFromEnv({ DTU_URL: `Cottage=${broker.url}/site-a/` });
    const device = deviceOf(companion, 'cottage');
    await waitFor(() => liveFresh(companion, 'cottage'), 'the site published', 30_000).catch(
      explain(companion),
    );
    const socket = await openSocket(wsUrl(companion.url, '/livedata'));
    const reasons: string[] = [];
    device.link.on('away', ({ reason }) => reasons.push(reason.message));

    await broker.stop();
    // A broker shutting down sends the site's last will a few ms before it drops the
    // connections: the reason shown, from the first moment, is the broker, which is what failed.
    const reason = await waitFor(
      () =>
        device.link.state === 'away' && device.problem?.message.includes(`broker ${broker.url}`)
          ? device.problem
          : null,
      'the device away for the broker',
      5_000,
    ).catch(explain(companion));
    expect(['connection-lost', 'refused']).toContain(reason.code);
    // Longer than the will is held: still only the broker's words, ever.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.filter((message) => !message.includes(`broker ${broker.url}`))).toEqual([]);
    expect(reason.message).toMatch(
      new RegExp(`^the (connection to the )?broker mqtt://127\\.0\\.0\\.1:${broker.port} `),
    );
    const away = await statusOf(companion, 'cottage');
    expect(away).toMatchObject({ reachable: false, connected_since: null });
    expect(away.problem?.message).toContain(`mqtt://127.0.0.1:${broker.port}`);
    // Its last figures stay, marked as kept.
    const kept = await companion.fetch('/api/livedata/status');
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-heliodtu-device-away-since')).not.toBeNull();

    // The same port again: the companion's connection and the site's come back by themselves.
    await broker.start();
    await waitFor(() => liveFresh(companion, 'cottage'), 'the device back', 40_000).catch(
      explain(companion, broker.log()),
    );
    expect(await statusOf(companion, 'cottage')).toMatchObject({ reachable: true, problem: null });
    // A new publish run reaches a browser's socket: one of its inverters in a frame after it.
    const from = socket.messages.length;
    const [serial] = (await once(device.live, 'update')) as [string];
    const frame = await socket.next((text) => text.includes(`"${serial}"`), 5_000, from);
    expect(JSON.parse(frame)).toMatchObject({ inverters: [expect.objectContaining({ serial })] });
  }, 120_000);

  it('answers a wrong broker password with a plain message naming the broker, never the password', async () => {
    const RIGHT = 'Right-Broker-Pass';
    const WRONG = 'Wrong-Broker-Pass-7f3a';
    const broker = await ownBroker({ credentials: { username: 'heliodtu', password: RIGHT } });
    // The site publishes on the anonymous listener; the companion reads on the one with logins.
    await startPublishingSite(broker, 'site-b/');
    const auth = `mqtt://127.0.0.1:${broker.authPort}`;
    const companion = await startCompanionFromEnv({
      DTU_URL: `Good=${auth}/site-b/,Bad=${auth}/site-b/,Anon=${auth}/site-b/`,
      DTU_USER_GOOD: 'heliodtu',
      DTU_PASSWORD_GOOD: RIGHT,
      DTU_USER_BAD: 'heliodtu',
      DTU_PASSWORD_BAD: WRONG,
    });
    await waitFor(
      async () =>
        (await statusOf(companion, 'bad')).problem !== null &&
        (await statusOf(companion, 'anon')).problem !== null,
      'the refused logins said',
      15_000,
    ).catch(explain(companion));
    const refused = `the broker ${auth} refused the login (check the device's DTU_USER and DTU_PASSWORD)`;
    expect((await statusOf(companion, 'bad')).problem).toEqual({
      code: 'wrong-password',
      message: refused,
    });
    // Without a login the broker wants one: said as such.
    expect((await statusOf(companion, 'anon')).problem).toEqual({
      code: 'password-needed',
      message: refused,
    });
    const live = await companion.fetch('/dtu/bad/api/livedata/status');
    expect(live.status).toBe(503);
    expect(live.headers.get('x-heliodtu-device-problem')).toBe('wrong-password');
    const body = await live.text();
    expect(JSON.parse(body)).toMatchObject({ message: refused, problem: 'wrong-password' });
    // The right login on the same broker reads the site: the refusal is the password's.
    await waitFor(() => liveFresh(companion, 'good'), 'the good login reading', 30_000).catch(
      explain(companion),
    );
    const everything = [
      body,
      JSON.stringify(await (await companion.fetch('/api/companion/status')).json()),
      companion.app.consoleLog.backlog().join(''),
    ].join('\n');
    expect(everything).toContain(refused);
    expect(everything).not.toContain(WRONG);
  }, 90_000);

  it('says plainly that nothing was published under a base topic with no DTU, and does not count it as connected', async () => {
    const broker = await ownBroker();
    await startPublishingSite(broker, 'site-c/');
    const companion = await startCompanionFromEnv({
      DTU_URL: `Home=${broker.url}/site-c/,Empty=${broker.url}/nobody-here/`,
    });
    await waitFor(() => liveFresh(companion, 'home'), 'the real site', 30_000).catch(
      explain(companion),
    );
    // Longer than a publish interval of the site beside it: still nothing, still said so.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const live = await companion.fetch('/dtu/empty/api/livedata/status');
    expect(live.status).toBe(503);
    expect(await live.json()).toMatchObject({
      message: 'device empty: nothing published under its base topic yet',
      device: 'empty',
    });
    expect(await statusOf(companion, 'empty')).toMatchObject({
      reachable: false,
      connected_since: null,
      inverter_count: null,
    });
    expect(await statusOf(companion, 'home')).toMatchObject({ reachable: true });
    const metrics = await (await companion.fetch('/api/prometheus/metrics')).text();
    expect(metrics).toContain('heliodtu_device_up{dtu="empty"} 0');
    expect(metrics).toContain('heliodtu_device_up{dtu="home"} 1');
    // The merged live data is the real site's alone.
    const merged = (await (await companion.fetch('/api/livedata/status')).json()) as {
      inverters: { dtu: string }[];
    };
    expect(merged.inverters.length).toBeGreaterThan(0);
    expect(new Set(merged.inverters.map((inverter) => inverter.dtu))).toEqual(new Set(['home']));
  }, 90_000);

  it("marks a site that stops publishing without a last will away after the owner's away time, not before, and takes it back", async () => {
    const AWAY_S = 12;
    const broker = await ownBroker();
    const site = await startPublishingSite(broker, 'site-d/');
    const companion = await startCompanionFromEnv({
      DTU_URL: `Flat=${broker.url}/site-d/`,
      DTU_AWAY_S_FLAT: String(AWAY_S),
    });
    const device = deviceOf(companion, 'flat');
    // When the site's messages reach a client of the broker (this process's clock, as the link's).
    const watcher = await watchBroker(broker.url, ['site-d/#']);
    onTestFinished(() => watcher.close());
    let lastMessageAt = 0;
    watcher.client.on('message', () => (lastMessageAt = Date.now()));
    await waitFor(() => liveFresh(companion, 'flat'), 'the site published', 30_000).catch(
      explain(companion),
    );
    const awayEvents: { since: number; reason: { code: string; message: string } }[] = [];
    device.link.on('away', (event) => awayEvents.push(event));

    // Frozen: its connection stays open, so the broker sends no last will (not for 22 s).
    const pid = site.child.pid!;
    process.kill(pid, 'SIGSTOP');
    onTestFinished(() => {
      if (site.child.exitCode === null) process.kill(pid, 'SIGCONT');
    });
    await waitFor(() => awayEvents.length > 0, 'the site away', 25_000).catch(explain(companion));
    const [away] = awayEvents;
    expect(away!.reason).toEqual({
      code: 'timeout',
      message: `${broker.url}/site-d/: nothing published for ${AWAY_S} s`,
    });
    const silentMs = away!.since - lastMessageAt;
    // The owner's time, not before it (a little slack for the two clients' delivery), and not
    // the computed 3 publish intervals (15 s here) or 60 s.
    expect(silentMs).toBeGreaterThanOrEqual(AWAY_S * 1000 - 250);
    expect(silentMs).toBeLessThan(AWAY_S * 1000 + 2_500);
    expect((await statusOf(companion, 'flat')).reachable).toBe(false);

    process.kill(pid, 'SIGCONT');
    await waitFor(() => liveFresh(companion, 'flat'), 'the site back', 30_000).catch(
      explain(companion),
    );
    expect(await statusOf(companion, 'flat')).toMatchObject({ reachable: true, problem: null });
    expect(companion.app.consoleLog.backlog().join('')).toMatch(/Device flat: back after \d+ s/);
  }, 120_000);
});

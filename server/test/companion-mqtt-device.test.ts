import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { startPublishingGateway } from './helpers/publishing-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

/**
 * Issue 37: a device known only by its MQTT topics. The device is our own simulated gateway
 * as a process with MQTT publishing on (its tree is OpenDTU's, integrations §2), the broker a
 * real Mosquitto, the companion in front of it over mqtt://.
 */
const suite = useMosquitto();

interface LiveInverter {
  serial: string;
  name: string;
  reachable: boolean;
  dtu?: string;
  AC?: Record<string, { Power: { v: number | null } }>;
}
interface LiveStatus {
  inverters: LiveInverter[];
  total: { Power: { v: number | null } };
}

/** A simulated gateway publishing its tree under `prefix` (another fleet for `variant`). */
const publishingGateway = (prefix: string, variant = 0): Promise<GatewayProcess> =>
  startPublishingGateway(
    suite.broker,
    prefix,
    variant ? { SIM_FLEET_VARIANT: String(variant) } : {},
  );

const ownLive = async (gateway: GatewayProcess): Promise<LiveStatus> => {
  const list = (await (await fetch(`${gateway.url}/api/livedata/status`)).json()) as LiveStatus;
  const full = await Promise.all(
    list.inverters.map(async (inverter) => {
      const one = (await (
        await fetch(`${gateway.url}/api/livedata/status?inv=${inverter.serial}`)
      ).json()) as LiveStatus;
      return one.inverters[0]!;
    }),
  );
  return { ...list, inverters: full };
};

const powerOf = (inverter: LiveInverter) => inverter.AC?.['0']?.Power.v ?? null;

describe('a companion in front of a device known by its MQTT topics', () => {
  it("lists its inverters with the device's own power, marks it away on its last will and takes it back", async () => {
    const device = await publishingGateway('site-a/');
    const companion = await startCompanionApp(`${suite.broker.url}/site-a/`, '');
    // Until the device published, the companion says why it has nothing (503).
    const companionLive = async (serial?: string): Promise<LiveStatus> => {
      const answer = await companion.fetch(`/api/livedata/status${serial ? `?inv=${serial}` : ''}`);
      if (answer.status !== 200) return { inverters: [], total: { Power: { v: null } } };
      return (await answer.json()) as LiveStatus;
    };

    const own = await ownLive(device);
    expect(own.inverters.length).toBeGreaterThan(0);
    // Every inverter, by its serial and name, with the power the device itself says.
    await waitFor(
      async () => {
        const list = await companionLive();
        const fresh = await ownLive(device);
        if (list.inverters.length !== fresh.inverters.length) return false;
        for (const inverter of fresh.inverters) {
          const seen = (await companionLive(inverter.serial)).inverters[0];
          if (!seen || seen.name !== inverter.name) return false;
          if (powerOf(seen) !== powerOf(inverter)) return false;
        }
        return true;
      },
      "the companion showing the device's inverters and power",
      30_000,
    );
    const list = await companionLive();
    expect(list.inverters.map((i) => i.serial).sort()).toEqual(
      own.inverters.map((i) => i.serial).sort(),
    );
    expect(list.total.Power.v).not.toBeNull();

    // Killed: the broker sends the DTU's last will, the device is away at once.
    await device.kill();
    const status = async () =>
      (await (await companion.fetch('/api/companion/status')).json()) as {
        devices?: { connected: boolean; problem: { code: string } | null }[];
        connected?: boolean;
      };
    await waitFor(
      () => companion.app.companion?.awaySince !== undefined,
      'the device away after its last will',
      10_000,
    );
    expect(companion.app.companion?.problem?.message).toMatch(/last will/);
    // Its last figures stay, aged and marked.
    const kept = await companion.fetch('/api/livedata/status');
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-heliodtu-device-away-since')).not.toBeNull();
    expect(await status()).toBeTruthy();

    // Back after a restart, without a restart of the companion.
    await device.start();
    await waitFor(
      async () =>
        companion.app.companion?.link.state === 'connected' &&
        (await companion.fetch('/api/livedata/status')).headers.get(
          'x-heliodtu-device-away-since',
        ) === null,
      'the device back',
      20_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}\n${companion.app.consoleLog.backlog().join('')}\n${device.output()}`,
      );
    });
  }, 90_000);

  it('serves an MQTT device beside an HTTP device: both listed, each tagged, totals added', async () => {
    const mqttDevice = await publishingGateway('site-b/');
    const httpDevice = await startGatewayProcess({
      env: {
        SIM_START: '2025-06-21T12:00:00',
        SIM_WEATHER: 'clear',
        SIM_METER: 'none',
        SIM_FLEET_VARIANT: '1',
      },
    });
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Cottage', url: `${suite.broker.url}/site-b/`, password: '' },
        { name: 'Home', url: httpDevice.url, password: '' },
      ],
    });
    const mqttSerials = (await ownLive(mqttDevice)).inverters.map((i) => i.serial);
    const httpSerials = (await ownLive(httpDevice)).inverters.map((i) => i.serial);
    const merged = await waitFor(
      async () => {
        const answer = (await (await companion.fetch('/api/livedata/status')).json()) as LiveStatus;
        const all = answer.inverters.length === mqttSerials.length + httpSerials.length;
        return all && (answer.total.Power.v ?? 0) > 0 ? answer : null;
      },
      "both devices' inverters",
      30_000,
    );
    const byDevice = (dtu: string) =>
      merged.inverters
        .filter((i) => i.dtu === dtu)
        .map((i) => i.serial)
        .sort();
    expect(byDevice('cottage')).toEqual([...mqttSerials].sort());
    expect(byDevice('home')).toEqual([...httpSerials].sort());
    expect(merged.total.Power.v).toBeGreaterThan(0);
    // The socket's merged source has both too.
    expect(companion.app.devices!.inverterSerials()).toHaveLength(merged.inverters.length);
    // Metrics of both, each sample with its device; a power the MQTT device published.
    const metrics = await (await companion.fetch('/api/prometheus/metrics')).text();
    for (const serial of mqttSerials) {
      expect(metrics).toContain(`opendtu_Power{dtu="cottage",serial="${serial}"`);
    }
    // Published powers are numbers; one not published yet is NaN (unknown), never 0.
    expect(metrics).toMatch(/opendtu_Power\{dtu="cottage",[^}]*type="AC"[^}]*\} \d/);
    expect(metrics).toContain(`serial="${httpSerials[0]}"`);
  }, 90_000);

  it('two sites on one broker: every inverter of both, a temporary limit reaching its site only and read back', async () => {
    const [garden, flat] = await Promise.all([
      publishingGateway('garden/'),
      publishingGateway('flat/', 1),
    ]);
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Garden', url: `${suite.broker.url}/garden/`, password: '' },
        { name: 'Flat', url: `${suite.broker.url}/flat/`, password: '' },
      ],
    });
    const gardenSerials = (await ownLive(garden)).inverters.map((i) => i.serial);
    const flatSerials = (await ownLive(flat)).inverters.map((i) => i.serial);
    await waitFor(
      async () => {
        const answer = (await (await companion.fetch('/api/livedata/status')).json()) as LiveStatus;
        return answer.inverters?.length === gardenSerials.length + flatSerials.length;
      },
      "both sites' inverters",
      30_000,
    );
    type LimitStatus = Record<
      string,
      { limit_relative: number; max_power: number; limit_set_status: string }
    >;
    const limits = async (from: { fetch: (path: string) => Promise<Response> }) =>
      (await (await from.fetch('/api/limit/status')).json()) as LimitStatus;
    const ownLimits = (gateway: GatewayProcess) =>
      limits({
        fetch: (path) => fetch(gateway.url + path, { headers: { authorization: ADMIN_AUTH } }),
      });

    // max_power comes from the published limits: wait until the flat's first inverter has one.
    const serial = flatSerials[0]!;
    const max = await waitFor(
      async () => (await limits(companion))[serial]?.max_power || null,
      "the flat inverter's max power from its topics",
      30_000,
    );
    const gardenBefore = await ownLimits(garden);
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ serial, limit_type: 0, limit_value: Math.round(max / 4) }),
    );
    const sent = await companion.fetch('/api/limit/config', { method: 'POST', body: form });
    expect(await sent.json()).toMatchObject({ type: 'success', code: 1001 });
    expect((await limits(companion))[serial]?.limit_set_status).toBe('Pending');
    // Confirmed only once the device published the new limit (its next publish run).
    await waitFor(
      async () => (await limits(companion))[serial]?.limit_set_status === 'Ok',
      'the limit read back from the topics',
      30_000,
    );
    const flatNow = await ownLimits(flat);
    expect(flatNow[serial]!.limit_relative).toBeCloseTo(25, 0);
    // The garden's inverters were not touched.
    const gardenNow = await ownLimits(garden);
    for (const each of gardenSerials) {
      expect(gardenNow[each]!.limit_relative).toBe(gardenBefore[each]!.limit_relative);
    }
  }, 90_000);
});

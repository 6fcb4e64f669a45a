// Many sites' DTUs on one broker from one MQTT client: each site publishes OpenDTU's topic tree
// (integrations §2) under its own base topic every interval, built by the same functions our
// gateway's publisher uses (server/src/mqtt/publish-topics.ts, channel-topics.ts), from the
// synthetic fleet's live objects. Sites are spread over the interval, as real devices are.
// Each inverter's `radio/tx_request` is the run's number, so a live frame tells which run it
// carries; `publishedAt(serial, run)` is when that inverter's last topic of the run was sent.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectAsync } from 'mqtt';
import { register } from 'tsx/esm/api';
import { inverterObject } from './synthetic-fleet.mjs';

register();
const load = (file) => import(path.resolve(import.meta.dirname, '../..', file));
const { dtuMessages, inverterStatusMessages, totalMessages } = await load(
  'server/src/mqtt/publish-topics.ts',
);
const { inverterChannelMessages } = await load('server/src/mqtt/channel-topics.ts');

/** The base topic of site `s` (0-based): `site-01/`. */
export const sitePrefix = (s) => `site-${String(s + 1).padStart(2, '0')}/`;

/** HMS-2000-4T-like serials (family 1164), unique per site and inverter; hex in topics. */
const serialOf = (s, i) => `1164${String(s + 1).padStart(4, '0')}${String(i + 1).padStart(4, '0')}`;

const DEV_INFO = {
  valid_data: true,
  fw_bootloader_version: 10004,
  fw_build_version: 10012,
  hw_part_number: 269553683,
  hw_version: '01.00',
  hw_model_name: 'HMS-2000-4T',
  max_power: 2000,
  fw_build_datetime: '2023-04-19 10:21:00',
};

/**
 * Starts publishing `sites` × `inverters` (each with `strings` DC inputs) to `url` every
 * `intervalMs`, retained as OpenDTU's default. `stop()` ends it and closes the client.
 */
export async function startMqttSites({ url, sites, inverters, strings, intervalMs }) {
  const client = await connectAsync(url, { clientId: 'bench-mqtt-sites', reconnectPeriod: 500 });
  const published = new Map();
  let messages = 0;
  const runs = new Array(sites).fill(0);
  const startedAt = performance.now();
  const send = ({ topic, payload, retain }) => {
    client.publish(topic, payload, { qos: 0, retain });
    messages += 1;
  };

  const publishSite = (s) => {
    const run = (runs[s] += 1);
    const mqtt = { topic: sitePrefix(s), retain: true };
    const uptime = Math.floor((performance.now() - startedAt) / 1000) + 3600;
    const heap = { size: 320_000, free: 150_000, minfree: 120_000, maxalloc: 90_000 };
    const wifi = { rssi: -61, bssid: 'AA:BB:CC:DD:EE:FF' };
    const dtu = { uptime, ip: `10.0.${s}.2`, hostname: `OpenDTU-site${s + 1}`, heap, wifi };
    for (const message of dtuMessages(mqtt, { ...dtu, temperature: 41.5 })) send(message);
    const states = [];
    for (let i = 0; i < inverters; i++) {
      const live = { ...inverterObject(i, run + s, strings), serial: serialOf(s, i) };
      live.name = `Site ${s + 1} inverter ${i + 1}`;
      live.radio_stats = { ...live.radio_stats, tx_request: run };
      const state = { live, pollEnable: true, devInfo: DEV_INFO, limitKnown: true };
      states.push({ ...state, lastUpdate: Math.floor(Date.now() / 1000) });
    }
    for (const state of states) {
      for (const message of inverterStatusMessages(mqtt, state)) send(message);
      for (const message of inverterChannelMessages(mqtt, state)) send(message);
      published.set(`${state.live.serial.toLowerCase()}|${run}`, performance.now());
    }
    for (const message of totalMessages(mqtt, states)) send(message);
  };

  // The DTU's own status, as its connection would say it (its last will is `offline`).
  for (let s = 0; s < sites; s++) {
    client.publish(`${sitePrefix(s)}dtu/status`, 'online', { qos: 0, retain: true });
  }
  const timers = [];
  for (let s = 0; s < sites; s++) {
    // Spread over the interval: site s publishes at s × interval / sites.
    const first = setTimeout(
      () => {
        publishSite(s);
        timers.push(setInterval(() => publishSite(s), intervalMs));
      },
      Math.round((s * intervalMs) / sites),
    );
    timers.push(first);
  }
  return {
    /** When the inverter's (lower-case serial) topics of `run` were sent, or undefined. */
    publishedAt: (serial, run) => published.get(`${serial.toLowerCase()}|${run}`),
    /** Messages sent so far. */
    messages: () => messages,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await client.endAsync();
    },
  };
}

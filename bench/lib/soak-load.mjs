// The soak's load and probes besides the live-socket clients: an admin saving settings every
// second, limit and power commands, the console socket, an MQTT subscriber, and the sampler
// of memory and event-loop delay.
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { cpuSeconds, memory, sleep } from './bench-server.mjs';

export const ADMIN = Buffer.from('admin:openDTU42').toString('base64');

/** HTTP as the interface does it: Basic auth, POST data as the `data` form field. */
export function api(baseUrl) {
  const headers = { Authorization: `Basic ${ADMIN}`, 'X-Requested-With': 'XMLHttpRequest' };
  return {
    async get(path) {
      const response = await fetch(baseUrl + path, { headers });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      return path.includes('prometheus') ? response.text() : response.json();
    },
    async post(path, data) {
      const body = new FormData();
      body.set('data', JSON.stringify(data));
      const response = await fetch(baseUrl + path, { method: 'POST', headers, body });
      return response.json();
    },
  };
}

/** Repeats `step` every `everyMs` (sequentially, never overlapping) until stopped. */
function loop(everyMs, step) {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = Date.now();
      await step();
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  })();
  return async () => {
    stopped = true;
    await done;
  };
}

/**
 * Saves the NTP settings every second, alternating two values; `lastAnswered` is the body of
 * the last save the server confirmed (code 1001), which the config on disk must equal.
 */
export async function startSaver(client) {
  const base = await client.get('/api/ntp/config');
  const variants = [
    { ...base, ntp_server: 'soak-a.pool.ntp.org', latitude: 48.1, longitude: 11.5 },
    { ...base, ntp_server: 'soak-b.pool.ntp.org', latitude: 52.5, longitude: 13.4 },
  ];
  const state = { answered: 0, failed: 0, errors: [], lastAnswered: null };
  let turn = 0;
  const stop = loop(1000, async () => {
    const body = variants[turn++ % 2];
    try {
      const answer = await client.post('/api/ntp/config', body);
      if (answer.code === 1001) {
        state.answered++;
        state.lastAnswered = body;
      } else {
        state.failed++;
        state.errors.push(`code ${answer.code}`);
      }
    } catch (error) {
      state.failed++;
      state.errors.push(error.message);
    }
  });
  return { state, stop };
}

/** A limit command every 3 s and a power command (off/on in turn) every 4th round. */
export function startCommander(client, serials) {
  const state = { limits: 0, power: 0, failed: 0, errors: [] };
  let turn = 0;
  const stop = loop(3000, async () => {
    const serial = serials[turn % serials.length];
    try {
      const limit = Math.round(30 + Math.random() * 70);
      const answer = await client.post('/api/limit/config', {
        serial,
        limit_value: limit,
        limit_type: 1,
      });
      if (answer.code === 1001) state.limits++;
      else state.errors.push(`limit code ${answer.code}`);
      if (turn % 4 === 3) {
        const power = await client.post('/api/power/config', { serial, power: turn % 8 !== 3 });
        if (power.code === 1001) state.power++;
        else state.errors.push(`power code ${power.code}`);
      }
    } catch (error) {
      state.failed++;
      state.errors.push(error.message);
    }
    turn++;
  });
  return { state, stop };
}

/** The console socket, open throughout: frames seen and whether it closed on its own. */
export async function openConsole(baseUrl) {
  const ws = new WebSocket(baseUrl.replace('http', 'ws') + '/console', {
    headers: { Authorization: `Basic ${ADMIN}` },
  });
  const state = { frames: 0, bytes: 0, closedEarly: null };
  let closing = false;
  ws.on('message', (data) => {
    state.frames++;
    state.bytes += data.length;
  });
  ws.on('error', () => undefined);
  ws.on('close', (code) => {
    if (!closing) state.closedEarly = code;
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    state,
    close() {
      closing = true;
      ws.close(1000);
    },
  };
}

/** A Home Assistant side: every discovery message's arrival time (retained ones included). */
export async function watchDiscovery(brokerUrl) {
  const client = mqtt.connect(brokerUrl, { reconnectPeriod: 250, connectTimeout: 5000 });
  const discovery = [];
  client.on('message', (topic) => {
    if (topic.startsWith('homeassistant/')) discovery.push(Date.now());
  });
  client.on('error', () => undefined);
  await new Promise((resolve) => client.once('connect', resolve));
  await client.subscribeAsync('homeassistant/#');
  return { discovery, close: () => client.endAsync(true) };
}

/** Polls the MQTT status until connected; resolves with the ms it took (or null on timeout). */
export async function waitMqttConnected(client, since, timeoutMs = 30_000) {
  while (Date.now() - since < timeoutMs) {
    try {
      if ((await client.get('/api/mqtt/status')).mqtt_connected) return Date.now() - since;
    } catch {
      // a slow answer under load is no answer
    }
    await sleep(100);
  }
  return null;
}

/** Every `everyMs`: RSS (/proc), V8 heap (system status) and the last event-loop window. */
export function startSampler(client, pid, everyMs, onSample) {
  const samples = [];
  const stop = loop(everyMs, async () => {
    try {
      const [cpu, mem, status, metrics] = await Promise.all([
        cpuSeconds(pid),
        memory(pid),
        client.get('/api/system/status'),
        client.get('/api/prometheus/metrics'),
      ]);
      const metric = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
      const sample = {
        at: Date.now(),
        cpu,
        rss: mem.rss,
        heapUsed: status.heap_used / 1048576,
        heapTotal: status.heap_total / 1048576,
        loopWindow: metric('heliodtu_event_loop_delay_windows_total'),
        loopP50: metric('heliodtu_event_loop_delay_p50_seconds') * 1000,
        loopP99: metric('heliodtu_event_loop_delay_p99_seconds') * 1000,
        loopMax: metric('heliodtu_event_loop_delay_max_seconds') * 1000,
      };
      samples.push(sample);
      onSample?.(sample);
    } catch {
      // the server is restarting or busy; the next round samples again
    }
  });
  return { samples, stop };
}

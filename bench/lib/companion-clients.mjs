// The companion benches' clients: a browser as the companion sees it (its live socket and
// status polls), REST latencies, and the live frames a real page receives.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { sleep } from './bench-server.mjs';
import { AUTH } from './device-login.mjs';
import { percentile } from './live-clients.mjs';

/**
 * A browser as the companion sees it: the /livedata socket and a poll of
 * /api/livedata/status every `pollMs` (started at a random point of the first).
 */
export function simulatedBrowser(url, pollMs) {
  const stats = { frames: 0, polls: 0, failed: 0 };
  const socket = new WebSocket(`${url.replace('http', 'ws')}/livedata`);
  socket.on('message', () => (stats.frames += 1));
  socket.on('error', () => {});
  let timer;
  let stopped = false;
  const poll = async () => {
    try {
      const response = await fetch(`${url}/api/livedata/status`);
      await response.arrayBuffer();
      if (response.status === 200) stats.polls += 1;
      else stats.failed += 1;
    } catch {
      stats.failed += 1;
    }
    if (!stopped) timer = setTimeout(poll, pollMs);
  };
  timer = setTimeout(poll, Math.random() * pollMs);
  const opened = new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    stats,
    opened,
    stop() {
      stopped = true;
      clearTimeout(timer);
      socket.terminate();
    },
  };
}

/**
 * Live frames the page receives, as Node sees them over the DevTools protocol. While the device
 * is away the companion repeats its last frames (at least one per inverter every 10 s): a frame
 * counts as live data again only after the companion's socket to the device is open again.
 */
export function watchFrames(page) {
  const frames = [];
  let sockets = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/livedata')) return;
    sockets += 1;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"inverters"')) {
        frames.push(performance.timeOrigin + performance.now());
      }
    });
  });
  return {
    sockets: () => sockets,
    /** Epoch ms of the first frame after `epochMs`. */
    async nextAfter(epochMs, timeoutMs) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find((at) => at > epochMs);
        if (found !== undefined) return found;
        if (Date.now() > end) throw new Error('no live frame in the page');
        await sleep(10);
      }
    },
  };
}

/** `runs` GETs of `urlPath` alternating between the two bases; latencies in ms per base. */
export async function latencies(bases, urlPath, runs) {
  const times = bases.map(() => []);
  for (let i = 0; i < runs + 20; i += 1) {
    for (const [b, base] of bases.entries()) {
      const began = performance.now();
      const response = await fetch(base + urlPath, { headers: { authorization: AUTH } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${base}${urlPath} answered ${response.status}`);
      // The first 20 warm up connections and code paths.
      if (i >= 20) times[b].push(performance.now() - began);
    }
  }
  return times.map((t) => ({ p50: percentile(t, 50), p99: percentile(t, 99) }));
}

// A TCP proxy in front of a device for the benchmarks: passes every byte on unchanged and counts
// what the device would see: connections (open now, the most at once, opened in all), HTTP
// request lines by path and WebSocket upgrades. Bodies are not parsed.
import { connect, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

const REQUEST_LINE = /(GET|POST|HEAD|PUT|DELETE) (\/\S*) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/g;

/** Listens on `port` (127.0.0.1) and forwards to `targetPort`; resolves once listening. */
export async function startCountingProxy({ port, targetPort }) {
  const sockets = new Set();
  let open = 0;
  let peakOpen = 0;
  let opened = 0;
  let requests = 0;
  const byPath = new Map();
  /** Open connections that became a WebSocket, by path. */
  const upgraded = new Map();
  /** Epoch ms of every WebSocket upgrade the device accepted (its 101), by path. */
  const upgradeTimes = new Map();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    open += 1;
    opened += 1;
    peakOpen = Math.max(peakOpen, open);
    let text = '';
    let counted = 0;
    let socketPath;
    client.on('data', (chunk) => {
      if (socketPath) return;
      text += chunk.toString('latin1');
      const found = [...text.matchAll(REQUEST_LINE)];
      for (const match of found.slice(counted)) {
        const path = match[2].split('?')[0];
        if (/^upgrade:\s*websocket/im.test(match[3])) {
          socketPath = path;
          upgraded.set(path, (upgraded.get(path) ?? 0) + 1);
        } else {
          requests += 1;
          byPath.set(path, (byPath.get(path) ?? 0) + 1);
        }
      }
      counted = found.length;
      // Only the unparsed rest is kept: a long keep-alive connection must not grow the text.
      const last = found.at(-1);
      if (last) {
        text = text.slice(last.index + last[0].length);
        counted = 0;
      }
    });
    upstream.once('data', (chunk) => {
      if (!socketPath || !chunk.toString('latin1').startsWith('HTTP/1.1 101')) return;
      const at = performance.timeOrigin + performance.now();
      upgradeTimes.set(socketPath, [...(upgradeTimes.get(socketPath) ?? []), at]);
    });
    client.pipe(upstream).pipe(client);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      open -= 1;
      if (socketPath) upgraded.set(socketPath, upgraded.get(socketPath) - 1);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Totals so far; subtract two of them for a window. */
    counts: () => ({ opened, requests, byPath: new Map(byPath) }),
    /** Connections open now and WebSockets among them to `path`. */
    openConnections: () => open,
    openSockets: (path) => upgraded.get(path) ?? 0,
    /** Epoch ms of the first WebSocket to `path` the device accepted after `epochMs`, if any. */
    upgradeAfter: (path, epochMs) => (upgradeTimes.get(path) ?? []).find((t) => t > epochMs),
    /** The most connections open at once since the last call. */
    takePeak() {
      const peak = peakOpen;
      peakOpen = open;
      return peak;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

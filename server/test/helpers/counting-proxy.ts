import { connect, createServer, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';
import { freePort } from './mosquitto.js';

export interface SeenRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** A WebSocket upgrade. */
  upgrade: boolean;
  /** The connection it came on: still open or not. */
  open(): boolean;
}

/** A TCP proxy in front of a real gateway that sees what reaches it, as the device would. */
export interface CountingProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Every request line the device received, in order (bodies are not parsed). */
  requests(): SeenRequest[];
  /** Requests whose path (without the query) is `path`. */
  count(method: string, path: string): number;
  /** WebSocket upgrades to `path` whose connection is still open. */
  openSockets(path: string): number;
  /** The device drops off the network: open connections cut, new ones refused. */
  cut(): Promise<void>;
  /** Reachable again on the same address. */
  resume(): Promise<void>;
}

const REQUEST_LINE = /(GET|POST|HEAD|PUT|DELETE) (\/\S*) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/g;

/**
 * Listens on a free loopback port and passes every connection on to `targetPort`, reading the
 * request lines going in. It counts what the device serves without changing the device.
 */
export async function startCountingProxy(
  targetPort: number,
  onFinished: (cleanup: () => Promise<void>) => void = (cleanup) => onTestFinished(cleanup),
): Promise<CountingProxy> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    let open = true;
    const isOpen = () => open;
    let text = '';
    let counted = 0;
    let upgraded = false;
    client.on('data', (chunk: Buffer) => {
      if (upgraded) return;
      text += chunk.toString('latin1');
      const found = [...text.matchAll(REQUEST_LINE)];
      for (const match of found.slice(counted)) {
        const upgrade = /^upgrade:\s*websocket/im.test(match[3] ?? '');
        seen.push({ method: match[1]!, url: match[2]!, upgrade, open: isOpen });
        if (upgrade) upgraded = true;
      }
      counted = found.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      open = false;
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  await listen();
  onFinished(close);
  const pathOf = (url: string) => url.split('?')[0];
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    count: (method, path) =>
      seen.filter((r) => r.method === method && pathOf(r.url) === path).length,
    openSockets: (path) =>
      seen.filter((r) => r.upgrade && pathOf(r.url) === path && r.open()).length,
    cut: close,
    resume: listen,
  };
}

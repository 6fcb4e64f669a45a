import { createServer, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';
import { freePort } from './mosquitto.js';

/** An HTTP proxy in front of a real gateway that answers every request `delayMs` late. */
export interface DelayingProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Requests received and not yet answered: what the device has in hand. */
  inFlight(): number;
  /** The most requests in hand at once since the start (or the last `resetPeak`). */
  peak(): number;
  resetPeak(): void;
  /** Requests received, by path without the query. */
  received(path: string): number;
}

/**
 * A device on a weak link: each request waits `delayMs` before it is passed on, and counts as
 * in flight from its arrival until its answer is sent. WebSocket upgrades pass through at once
 * (the live socket is not what is slow here).
 */
export async function startDelayingProxy(
  targetPort: number,
  delayMs: number,
  onFinished: (cleanup: () => Promise<void>) => void = (cleanup) => onTestFinished(cleanup),
): Promise<DelayingProxy> {
  let inFlight = 0;
  let peak = 0;
  const received = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const tunnels = new Set<Socket>();
  const server = createServer((request, response) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const path = (request.url ?? '/').split('?')[0]!;
    received.set(path, (received.get(path) ?? 0) + 1);
    response.once('close', () => (inFlight -= 1));
    const timer = setTimeout(() => {
      timers.delete(timer);
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    }, delayMs);
    timers.add(timer);
  });
  server.on('upgrade', (request, client: Socket, head: Buffer) => {
    const upstream = connect(targetPort, '127.0.0.1');
    tunnels.add(client).add(upstream);
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  onFinished(
    () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    inFlight: () => inFlight,
    peak: () => peak,
    resetPeak: () => (peak = inFlight),
    received: (path) => received.get(path) ?? 0,
  };
}

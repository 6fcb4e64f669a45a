import { createServer, type Server } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocketServer } from 'ws';
import { freePort } from '../../../test/helpers/mosquitto.js';
import { DeviceTarget } from './device-target.js';
import { LiveLink } from './live-link.js';

/** A device at `port` that accepts the live socket; returns a stop function. */
async function deviceAt(port: number): Promise<() => Promise<void>> {
  const wss = new WebSocketServer({ noServer: true });
  const server: Server = createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, () => undefined),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
  };
}

function connectedOnce(link: LiveLink): Promise<number> {
  return new Promise((resolve) => link.once('connected', () => resolve(performance.now())));
}

describe('SocketLink port watch', () => {
  it('tries at once when a device that was away answers again, not after the back-off', async () => {
    const port = await freePort();
    // A long first back-off: without the watch the retry would come after 8 s.
    const link = new LiveLink({
      target: new DeviceTarget({ id: 'dtu', url: `http://127.0.0.1:${port}` }),
      reconnect: { initialMs: 8000, maxMs: 30_000 },
      portWatchMs: 100,
    });
    onTestFinished(() => link.stop());
    const away = new Promise((resolve) => link.once('away', resolve));
    link.start();
    await away;
    expect(link.nextRetryMs).toBe(16_000);
    // No answer for a few knocks, then the device comes up.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const stop = await deviceAt(port);
    onTestFinished(stop);
    const upAt = performance.now();
    const connectedAt = await connectedOnce(link);
    expect(connectedAt - upAt).toBeLessThan(1500);
    expect(link.state).toBe('connected');
  });

  it('leaves a device that answers but refuses the socket to the back-off', async () => {
    const port = await freePort();
    let upgrades = 0;
    const server = createServer((_request, response) => response.end());
    server.on('upgrade', (_request, socket) => {
      upgrades++;
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const link = new LiveLink({
      target: new DeviceTarget({ id: 'dtu', url: `http://127.0.0.1:${port}` }),
      reconnect: { initialMs: 5000, maxMs: 30_000 },
      portWatchMs: 100,
    });
    onTestFinished(() => link.stop());
    const away = new Promise((resolve) => link.once('away', resolve));
    link.start();
    await away;
    // It answers all along: ten knocks later still the one handshake of the start.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(upgrades).toBe(1);
    expect(link.state).toBe('away');
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { freePort } from '../../../test/helpers/mosquitto.js';
import { DeviceTarget } from './device-target.js';
import { LiveLink } from './live-link.js';
import { SocketLink, type LinkAway } from './socket-link.js';

/**
 * OpenDTU v26 with read-only access off answers a socket upgrade with 401 and a Digest
 * challenge (wire-current §2). A real loopback server here does the same and checks the answer
 * with its own hashing, so the link is tested against the rule, not against itself.
 */

const REALM = 'Login Required';
const PASSWORD = 'Device-Digest-9';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function params(header: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of header.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) {
    found[match[1]!] = match[2] ?? match[3] ?? '';
  }
  return found;
}

/** A device that demands Digest (MD5, qop=auth) for admin:PASSWORD on every socket path. */
async function digestDevice() {
  const nonces = new Set<string>();
  const seen: { path: string; authorization: string | undefined }[] = [];
  const sockets: WebSocket[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const valid = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Digest ')) return false;
    const p = params(header.slice(7));
    if (p['username'] !== 'admin' || p['realm'] !== REALM || p['uri'] !== request.url) return false;
    if (!nonces.has(p['nonce'] ?? '') || p['qop'] !== 'auth') return false;
    const ha1 = md5(`admin:${REALM}:${PASSWORD}`);
    const ha2 = md5(`GET:${request.url}`);
    const expected = md5(`${ha1}:${p['nonce']}:${p['nc']}:${p['cnonce']}:auth:${ha2}`);
    return p['response'] === expected && p['opaque'] === 'opaque-1';
  };
  const server = createServer();
  server.on('upgrade', (request, socket, head) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    if (valid(request)) {
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.push(ws);
        ws.send(request.url === '/console' ? 'I (100) console: hello\r\n' : '{"n":1}');
      });
      return;
    }
    const nonce = randomBytes(16).toString('hex');
    nonces.add(nonce);
    socket.end(
      'HTTP/1.1 401 Unauthorized\r\n' +
        `WWW-Authenticate: Digest realm="${REALM}", qop="auth", nonce="${nonce}", opaque="opaque-1"\r\n` +
        'Content-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const ws of sockets) ws.terminate();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    dropAll: () => sockets.splice(0).forEach((ws) => ws.terminate()),
  };
}

async function until<T>(check: () => T | undefined | false, what: string): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const target = (url: string, password: string) => new DeviceTarget({ id: 'dtu', url, password });
const fast = { reconnect: { initialMs: 50, maxMs: 100 } };

describe('Digest on the device sockets (v26 with read-only access off)', () => {
  it('answers the challenge with the stored password, on /livedata and /console', async () => {
    const device = await digestDevice();
    const live = new LiveLink({ target: target(device.url, PASSWORD), ...fast });
    const consoleLink = new SocketLink({
      target: target(device.url, PASSWORD),
      path: '/console',
      label: 'console',
      ...fast,
    });
    onTestFinished(async () => {
      await Promise.all([live.stop(), consoleLink.stop()]);
    });
    const messages: unknown[] = [];
    const frames: string[] = [];
    live.on('message', ({ data }) => messages.push(data));
    consoleLink.on('frame', ({ text }) => frames.push(text));
    live.start();
    consoleLink.start();
    await until(() => messages.length === 1 && frames.length === 1, 'a frame on each socket');
    expect(messages).toEqual([{ n: 1 }]);
    expect(frames).toEqual(['I (100) console: hello\r\n']);
    expect([live.state, consoleLink.state]).toEqual(['connected', 'connected']);
    // First the Basic of a v24 device, then the Digest answer: two handshakes per socket.
    const livedata = device.seen.filter((s) => s.path === '/livedata');
    expect(livedata.map((s) => s.authorization?.split(' ')[0])).toEqual(['Basic', 'Digest']);
    expect(livedata[1]?.authorization).not.toContain(PASSWORD);

    // Once it knows, a reconnect after a drop skips the Basic try.
    device.dropAll();
    await until(() => messages.length === 2, 'live data after the drop');
    expect(
      device.seen.filter((s) => s.path === '/livedata').map((s) => s.authorization?.split(' ')[0]),
    ).toEqual(['Basic', 'Digest', undefined, 'Digest']);
  });

  it('says a wrong password as it does for Basic, once, and keeps retrying', async () => {
    const device = await digestDevice();
    const link = new LiveLink({ target: target(device.url, 'not-the-password'), ...fast });
    onTestFinished(() => link.stop());
    const away: LinkAway[] = [];
    link.on('away', (event) => away.push(event));
    link.start();
    await until(() => away.length === 1, 'away');
    expect(away[0]?.reason).toEqual({
      code: 'wrong-password',
      message: `${device.url} refused the password (401): check the device's admin password`,
    });
    await until(() => device.seen.length >= 6, 'retries');
    expect(link.state).toBe('away');
    expect(away).toHaveLength(1);
  });

  it('says a password is needed when none is stored', async () => {
    const device = await digestDevice();
    const link = new LiveLink({ target: target(device.url, ''), ...fast });
    onTestFinished(() => link.stop());
    const away: LinkAway[] = [];
    link.on('away', (event) => away.push(event));
    link.start();
    await until(() => away.length === 1, 'away');
    expect(away[0]?.reason.code).toBe('password-needed');
    expect(device.seen[0]?.authorization).toBeUndefined();
  });
});

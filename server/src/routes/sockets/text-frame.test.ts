import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { MAX_BUFFERED_BYTES, SOCKET_CLOSE_TOO_SLOW, SocketHub } from './socket-hub.js';
import { textFrame } from './text-frame.js';

/** Reads one unmasked frame as RFC 6455 section 5.2 lays it out. */
function readFrame(frame: Buffer) {
  const fin = (frame[0]! & 0x80) !== 0;
  const opcode = frame[0]! & 0x0f;
  const masked = (frame[1]! & 0x80) !== 0;
  let length = frame[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
  }
  return { fin, opcode, masked, length, payload: frame.subarray(offset) };
}

describe('textFrame', () => {
  it.each([0, 5, 125, 126, 65_535, 65_536, 200_000])(
    'frames a %i-byte message as a final unmasked text frame',
    (length) => {
      const payload = Buffer.alloc(length, 'é'.charCodeAt(0) % 128);
      const frame = textFrame(payload);
      expect(frame.payload).toBe(payload);
      const read = readFrame(frame.framed);
      expect(read).toMatchObject({ fin: true, opcode: 1, masked: false, length });
      expect(read.payload.equals(payload)).toBe(true);
    },
  );

  it('encodes a string as UTF-8', () => {
    expect(textFrame('Grüße').payload.toString('utf8')).toBe('Grüße');
  });
});

describe('SocketHub over real sockets', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  async function pair(count: number) {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const hub = new SocketHub();
    const serverSide: WebSocket[] = [];
    server.on('connection', (socket) => {
      serverSide.push(socket);
      hub.add(socket, null);
    });
    const { port } = server.address() as AddressInfo;
    const clients = await Promise.all(
      Array.from({ length: count }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`);
        const got: string[] = [];
        ws.on('message', (data) => got.push(data.toString()));
        await new Promise((resolve) => ws.once('open', resolve));
        return { ws, got };
      }),
    );
    while (hub.size < count) await new Promise((resolve) => setImmediate(resolve));
    cleanup.push(() => {
      for (const { ws } of clients) ws.terminate();
      server.close();
    });
    return { hub, clients, serverSide };
  }

  it('delivers the pre-framed message intact to every client', async () => {
    const { hub, clients } = await pair(3);
    const text = JSON.stringify({ inverters: [{ name: 'Süd ☀' }], pad: 'x'.repeat(70_000) });
    expect(hub.broadcast(textFrame(text))).toBe(3);
    hub.broadcast('short');
    for (const { got } of clients) {
      while (got.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(got).toEqual([text, 'short']);
    }
  });

  it('closes a client that stops reading with the too-slow code; the other gets everything', async () => {
    const { hub, clients, serverSide } = await pair(2);
    const [slow, fast] = clients as [(typeof clients)[0], (typeof clients)[0]];
    const closed = new Promise<number>((resolve) => slow.ws.once('close', resolve));
    // The slow client stops reading its TCP socket: the server's buffer for it fills up.
    const tcp = (slow.ws as unknown as { _socket: import('node:net').Socket })._socket;
    tcp.pause();
    const chunk = 'y'.repeat(64 * 1024);
    const closing = () => serverSide.some((socket) => socket.readyState === socket.CLOSING);
    let sent = 0;
    // Enough to fill the kernel buffers of both ends and the limit several times over.
    while (sent < 400 && !closing()) {
      hub.broadcast(`${sent}:${chunk}`);
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(closing()).toBe(true);
    expect(sent).toBeGreaterThan(MAX_BUFFERED_BYTES / chunk.length);
    tcp.resume();
    expect(await closed).toBe(SOCKET_CLOSE_TOO_SLOW);
    while (fast.got.length < sent) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fast.got.map((m) => Number(m.split(':')[0]))).toEqual(
      Array.from({ length: sent }, (_, i) => i),
    );
  }, 20_000);
});

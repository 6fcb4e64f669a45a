import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, SOCKET_CLOSE_TOO_SLOW, SocketHub } from './socket-hub.js';

/** Enough of a ws WebSocket for the hub: state, buffer level, and what was sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  closedWith: number | null = null;
  send(data: Buffer | string) {
    this.sent.push(data.toString());
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
}

const fake = () => new FakeSocket();
const asWs = (socket: FakeSocket) => socket as unknown as WebSocket;

describe('SocketHub', () => {
  it('sends the same message to every open client and forgets closed ones', () => {
    const hub = new SocketHub();
    const [a, b] = [fake(), fake()];
    hub.add(asWs(a), null);
    hub.add(asWs(b), null);
    expect(hub.broadcast('hello')).toBe(2);
    expect(a.sent).toEqual(['hello']);
    expect(b.sent).toEqual(['hello']);
    b.emit('close');
    expect(hub.size).toBe(1);
    expect(hub.broadcast('again')).toBe(1);
  });

  it('closes a client whose buffer is over the limit instead of skipping or waiting', () => {
    const hub = new SocketHub();
    const [slow, fast] = [fake(), fake()];
    hub.add(asWs(slow), null);
    hub.add(asWs(fast), null);
    slow.bufferedAmount = MAX_BUFFERED_BYTES;
    expect(hub.broadcast('one')).toBe(2);
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    expect(hub.broadcast('two')).toBe(1);
    expect(slow.closedWith).toBe(SOCKET_CLOSE_TOO_SLOW);
    expect(slow.sent).toEqual(['one']);
    expect(fast.sent).toEqual(['one', 'two']);
  });

  it('closes the clients whose credentials no longer pass', () => {
    const hub = new SocketHub();
    const [anonymous, admin] = [fake(), fake()];
    hub.add(asWs(anonymous), null);
    hub.add(asWs(admin), { matches: (password) => password === 'secret' });
    hub.closeUnless((credential) => credential?.matches('secret') === true, 1008, 'Unauthorized');
    expect(anonymous.closedWith).toBe(1008);
    expect(admin.closedWith).toBeNull();
  });
});

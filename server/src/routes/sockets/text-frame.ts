import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * One server → client text message, encoded and framed once for any number of clients
 * (RFC 6455 section 5.2: FIN + text opcode, unmasked, 7/16/64-bit length, then the payload).
 */
export interface TextFrame {
  /** The UTF-8 payload, for the ws library's own send when the raw path is not open. */
  readonly payload: Buffer;
  /** Header and payload in one buffer: one write per client. */
  readonly framed: Buffer;
}

export function textFrame(text: string | Buffer): TextFrame {
  const payload = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const framed = Buffer.allocUnsafe(headerLength + length);
  framed[0] = 0x81;
  if (headerLength === 2) framed[1] = length;
  else if (headerLength === 4) {
    framed[1] = 126;
    framed.writeUInt16BE(length, 2);
  } else {
    framed[1] = 127;
    framed.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(framed, headerLength);
  return { payload, framed };
}

/** The parts of ws 8's WebSocket the raw path relies on (not in its public types). */
interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number; _queue?: unknown[] };
}

/**
 * Sends a prepared frame. When the connection negotiated no extension (the server enables no
 * permessage-deflate) and ws has nothing queued, the frame is written to the TCP socket as is:
 * ws would only rebuild the same header for every client. It still counts in bufferedAmount.
 * Otherwise ws sends the payload itself.
 */
export function sendTextFrame(socket: WebSocket, frame: TextFrame): void {
  const { _socket: tcp, _sender: sender } = socket as unknown as WsInternals;
  if (
    tcp &&
    !tcp.destroyed &&
    socket.extensions === '' &&
    sender?._state === 0 &&
    sender._queue?.length === 0
  ) {
    tcp.write(frame.framed);
    return;
  }
  socket.send(frame.payload, { binary: false });
}

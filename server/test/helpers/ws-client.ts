import WebSocket from 'ws';
import { onTestFinished } from 'vitest';
import { socketMessageProblem } from './api-description-check.js';

/** A test WebSocket client that records every text frame it receives. */
export interface TestSocket {
  ws: WebSocket;
  messages: string[];
  /** Resolves with the first message (already received or future) after `from` matching `match`. */
  next(match?: (text: string) => boolean, timeoutMs?: number, from?: number): Promise<string>;
  /** Resolves when the socket is closed, with the close code. */
  closed(timeoutMs?: number): Promise<number>;
}

/** The ws:// URL of a path on a test gateway (http://127.0.0.1:port). */
export const wsUrl = (httpUrl: string, path: string) => httpUrl.replace(/^http/, 'ws') + path;

/** Opens a socket; resolves once open, rejects with the HTTP status of a refused upgrade. */
export function openSocket(
  url: string,
  options: { headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers: options.headers ?? {} });
  const messages: string[] = [];
  const waiters = new Set<() => void>();
  let closeCode: number | null = null;
  // Every frame is checked against the AsyncAPI document, so it cannot drift from the code.
  const path = new URL(url).pathname;
  const problems: string[] = [];
  ws.on('message', (data) => {
    const problem = socketMessageProblem(path, data.toString());
    if (problem) problems.push(problem);
    messages.push(data.toString());
    for (const wake of waiters) wake();
  });
  ws.on('close', (code) => {
    closeCode = code;
    for (const wake of waiters) wake();
  });
  // Errors after the handshake outcome is known are reported through 'close'.
  ws.on('error', () => undefined);
  onTestFinished(() => {
    ws.terminate();
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });

  const socket: TestSocket = {
    ws,
    messages,
    next(match = () => true, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found === undefined) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} seen)`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    closed(timeoutMs = 5000) {
      if (closeCode !== null) return Promise.resolve(closeCode);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
        ws.once('close', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
          status: response.statusCode,
          headers: response.headers,
        }),
      );
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** The HTTP status with which an upgrade was refused (throws if it was accepted). */
export async function refusedStatus(
  url: string,
  options: { headers?: Record<string, string> } = {},
): Promise<number> {
  try {
    const socket = await openSocket(url, options);
    socket.ws.close();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined) return status;
    throw error;
  }
  throw new Error('upgrade was accepted');
}

// The gateway's heap seen from outside: the benchmark starts the server with
// --inspect=127.0.0.1:0 and talks to it over the DevTools protocol, so the server carries no
// debug hook of its own. Forced collections and heap snapshots are for the soak's memory figures.
import { createWriteStream } from 'node:fs';
import WebSocket from 'ws';

/** Node's flag for an inspector on a loopback port the system picks. */
export const INSPECT_ARGS = ['--inspect=127.0.0.1:0'];

/** The inspector's socket address from the server's output ("Debugger listening on ws://…"). */
export function inspectorUrl(output) {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? null;
}

/** Connects to the inspector; `collect()` forces a full GC and returns the heap left (bytes). */
export async function connectInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map();
  const listeners = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.id !== undefined) {
      const answer = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) answer?.reject(new Error(message.error.message));
      else answer?.resolve(message.result);
    } else listeners.get(message.method)?.(message.params);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  return {
    async collect() {
      await send('HeapProfiler.collectGarbage');
      const { usedSize, totalSize } = await send('Runtime.getHeapUsage');
      return { heapUsed: usedSize, heapTotal: totalSize };
    },
    /** Writes a .heapsnapshot (open it in Chromium's DevTools, Memory tab, to compare two). */
    async snapshot(file) {
      const out = createWriteStream(file);
      listeners.set('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => out.write(chunk));
      await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      listeners.delete('HeapProfiler.addHeapSnapshotChunk');
      await new Promise((resolve) => out.end(resolve));
    },
    close: () => socket.close(),
  };
}

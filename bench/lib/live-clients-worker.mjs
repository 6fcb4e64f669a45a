// A worker thread holding a share of the benchmark's socket clients, so the clients' receive
// loops run beside the main thread and the figures are the server's, not one busy client
// loop's. Each received frame is stamped (wall-clock ms, comparable across threads) and keyed
// by a SHA-1 of its bytes: the wire carries no id, and every client gets the same bytes of one
// broadcast. Two kinds of client: "stayers" connect once and stay; "churners" connect, stay a
// random while, leave and come back until told to stop.
import { hash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, firstIndex, stayers, churners, churn, headers } = workerData;
const now = () => performance.timeOrigin + performance.now();
const rand = (min, max) => min + Math.random() * (max - min);

/** Finished and running connections: {client, openedAt, closedAt, code, byServer, times, keys}. */
const sessions = [];
let recording = false;
let stopping = false;
const live = new Set();

function open(client) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers });
    const session = {
      client,
      openedAt: NaN,
      closedAt: NaN,
      code: 0,
      byServer: true,
      times: [],
      keys: [],
      error: '',
    };
    ws.on('message', (data) => {
      if (!recording) return;
      session.times.push(now());
      session.keys.push(hash('sha1', data, 'base64'));
    });
    ws.once('open', () => {
      session.openedAt = now();
      sessions.push(session);
      live.add(ws);
      resolve(ws);
    });
    ws.on('error', (error) => (session.error ||= error.message));
    ws.once('close', (code) => {
      session.closedAt = now();
      session.code = code;
      live.delete(ws);
      if (Number.isNaN(session.openedAt)) {
        // Refused or failed before opening: remembered as a session without time connected.
        sessions.push(session);
        resolve(null);
      }
    });
    ws.leave = () => {
      session.byServer = false;
      ws.close(1000);
    };
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function churnLoop(client) {
  while (!stopping) {
    const ws = await open(client);
    await sleep(rand(churn.stayMinMs, churn.stayMaxMs));
    if (ws && ws.readyState === WebSocket.OPEN) ws.leave();
    await sleep(rand(churn.awayMinMs, churn.awayMaxMs));
  }
}

const opened = [];
for (let i = 0; i < stayers; i++) opened.push(open(firstIndex + i));
await Promise.all(opened);
const loops = [];
for (let i = 0; i < churners; i++) loops.push(churnLoop(firstIndex + stayers + i));
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  if (message === 'record') {
    recording = true;
    parentPort.postMessage({ type: 'recording' });
  } else if (message === 'stop') {
    // Stop recording first, then close: frames under way at the end count for no one.
    recording = false;
    stopping = true;
    const endedAt = now();
    const closing = [...live].map(
      (ws) =>
        new Promise((resolve) => {
          ws.once('close', resolve);
          ws.leave();
        }),
    );
    await Promise.race([Promise.all(closing), sleep(5000)]);
    for (const ws of live) ws.terminate();
    parentPort.postMessage({ type: 'result', endedAt, sessions });
  }
});

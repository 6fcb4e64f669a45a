// Socket clients for the benchmarks, spread over worker threads (live-clients-worker.mjs), and
// the analysis of what they received: delivery spread per message and messages missed per client.
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./live-clients-worker.mjs', import.meta.url);

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Starts `stayers` clients that stay connected and `churners` that come and go (churn: stay and
 * away ranges in ms), split over `workers` threads; resolves when every stayer is open.
 */
export async function startClients({
  url,
  stayers,
  churners = 0,
  churn,
  workers = 4,
  headers = {},
}) {
  const threads = [];
  let index = 0;
  for (let w = 0; w < workers; w++) {
    const share = (total) => Math.floor(total / workers) + (w < total % workers ? 1 : 0);
    const data = { url, firstIndex: index, stayers: share(stayers), churners: share(churners) };
    index += data.stayers + data.churners;
    if (data.stayers + data.churners === 0) continue;
    const worker = new Worker(WORKER, { workerData: { ...data, churn, headers } });
    threads.push({ worker, stayers: data.stayers, firstIndex: data.firstIndex });
  }
  const reply = (worker, type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  await Promise.all(threads.map(({ worker }) => reply(worker, 'ready')));
  const isStayer = (client) =>
    threads.some((t) => client >= t.firstIndex && client < t.firstIndex + t.stayers);
  return {
    /** Start stamping frames; resolves when every thread records. */
    async record() {
      const ready = threads.map(({ worker }) => reply(worker, 'recording'));
      for (const { worker } of threads) worker.postMessage('record');
      await Promise.all(ready);
    },
    /** Stop recording, close every client; resolves with every session and the stop time. */
    async stop() {
      const results = threads.map(({ worker }) => reply(worker, 'result'));
      for (const { worker } of threads) worker.postMessage('stop');
      const answers = await Promise.all(results);
      await Promise.all(threads.map(({ worker }) => worker.terminate()));
      const sessions = answers.flatMap((a) => a.sessions);
      for (const s of sessions) s.stayer = isStayer(s.client);
      return { sessions, endedAt: Math.min(...answers.map((a) => a.endedAt)) };
    },
  };
}

/**
 * What the clients got between `from` and `to` (wall-clock ms). A broadcast is a frame that
 * reached at least half of the stayers (a frame built for one new client only is not one).
 * A session was owed every broadcast first seen while it had been open for `graceMs` and
 * was not closing within `graceMs`; anything owed and not received is missed.
 */
export function analyse(sessions, { from, to, graceMs = 1000 }) {
  const stayers = sessions.filter((s) => s.stayer && !Number.isNaN(s.openedAt));
  // key → first arrival anywhere, and first/last arrival and count among the stayers (a new
  // client may get a fresh frame up to a tick late as its welcome: that is no delivery spread).
  const frames = new Map();
  for (const session of sessions) {
    for (let i = 0; i < session.keys.length; i++) {
      const time = session.times[i];
      let frame = frames.get(session.keys[i]);
      if (!frame) {
        frame = { first: time, stayerFirst: Infinity, stayerLast: -Infinity, stayersGot: 0 };
        frames.set(session.keys[i], frame);
      }
      frame.first = Math.min(frame.first, time);
      if (!session.stayer) continue;
      frame.stayerFirst = Math.min(frame.stayerFirst, time);
      frame.stayerLast = Math.max(frame.stayerLast, time);
      frame.stayersGot++;
    }
  }
  const broadcasts = [...frames.entries()]
    .filter(
      ([, f]) => f.stayersGot * 2 >= stayers.length && f.first >= from && f.first <= to - graceMs,
    )
    .sort((a, b) => a[1].first - b[1].first);
  // Index of the first broadcast first seen at or after `time`.
  const firstAtOrAfter = (time) => {
    let lo = 0;
    let hi = broadcasts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (broadcasts[mid][1].first < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // Two broadcasts of unchanged data are the same bytes: such a frame reached the stayers more
  // often than there are stayers; it is complete, but its first-to-last time is no spread.
  const complete = broadcasts.filter(([, f]) => f.stayersGot >= stayers.length).length;
  const spreads = broadcasts
    .filter(([, f]) => f.stayersGot === stayers.length)
    .map(([, f]) => f.stayerLast - f.stayerFirst);
  const missed = sessions
    .filter((s) => !Number.isNaN(s.openedAt))
    .map((session) => {
      const got = new Set(session.keys);
      const until = Math.min(Number.isNaN(session.closedAt) ? to : session.closedAt, to);
      const owed = broadcasts.slice(
        firstAtOrAfter(session.openedAt + graceMs),
        firstAtOrAfter(until - graceMs),
      );
      const lost = owed.filter(([key]) => !got.has(key));
      if (process.env.BENCH_DEBUG && lost.length > 0)
        process.stderr.write(
          `client ${session.client} missed ${lost.map(([k, f]) => `${k} first ${(f.first - from).toFixed(0)} ms, ${f.stayersGot} stayers`).join('; ')}; session ${(session.openedAt - from).toFixed(0)}..${(until - from).toFixed(0)} ms, ${session.keys.length} frames\n`,
        );
      return {
        client: session.client,
        stayer: session.stayer,
        owed: owed.length,
        missed: lost.length,
      };
    });
  const droppedByServer = sessions.filter(
    (s) => s.byServer && !Number.isNaN(s.openedAt) && s.closedAt <= to,
  );
  const refused = sessions.filter((s) => Number.isNaN(s.openedAt));
  return {
    broadcasts: broadcasts.length,
    complete,
    spreadP50: percentile(spreads, 50),
    spreadP99: percentile(spreads, 99),
    spreadMax: spreads.length ? Math.max(...spreads) : NaN,
    missed,
    missedTotal: missed.reduce((sum, m) => sum + m.missed, 0),
    clientsMissing: missed.filter((m) => m.missed > 0).length,
    missedMaxPerClient: missed.reduce((max, m) => Math.max(max, m.missed), 0),
    sessions: sessions.length - refused.length,
    refused: refused.length,
    droppedByServer: droppedByServer.length,
    dropCodes: [...new Set(droppedByServer.map((s) => s.code))],
  };
}

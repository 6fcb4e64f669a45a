import { LocalCalendar } from '../src/history/local-day.js';
import { HistoryRecorder } from '../src/history/recorder.js';
import { HistoryStore } from '../src/history/store.js';

/**
 * Child of history-crash.test.ts: records polls of 10 inverters × 6 strings, one 5-minute
 * bucket after the other, flushing after each bucket, until it is killed. After each commit it
 * prints `flushed <bucket start>`. Continues after the last bucket a previous run stored.
 */
const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: history-crash-child <dir>');
const store = HistoryStore.open(dir, (line) => process.stderr.write(`${line}\n`));
const recorder = new HistoryRecorder(
  store,
  'local',
  () => new LocalCalendar('CET-1CEST,M3.5.0,M10.5.0/3'),
);
const serials = Array.from({ length: 10 }, (_, i) => `11418235${String(i).padStart(4, '0')}`);
const last = Math.max(
  0,
  ...store.inverters('local').map((i) => store.buckets(i.id, 0, 2e9).at(-1)?.t ?? 0),
);
let t = last > 0 ? (last + 300) * 1000 : Date.parse('2025-06-21T08:00:00Z');
const totals = serials.map(() => 1_000_000 + last);
for (;;) {
  for (let s = 0; s < 300_000; s += 20_000) {
    serials.forEach((serial, i) => {
      totals[i] = (totals[i] ?? 0) + 3;
      recorder.record(serial, `Inverter ${i}`, ['a', 'b', 'c', 'd', 'e', 'f'], {
        wallMs: t + s,
        acW: 500 + i,
        dcW: [90, 91, 92, 93, 94, 95],
        totalWh: totals[i] ?? 0,
      });
    });
  }
  recorder.flush();
  process.stdout.write(`flushed ${t / 1000}\n`);
  t += 300_000;
}

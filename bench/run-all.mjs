#!/usr/bin/env node
// Runs every benchmark in bench/ in turn and prints their figures. Benchmarks measure and
// print; they do not decide pass or fail. A benchmark that crashes is reported at the end.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
// BENCH_SKIP: a comma list of benchmarks already run elsewhere (npm test runs the soak as a check).
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== path.basename(import.meta.filename))
  .filter((name) => !skipped.has(name))
  .sort();

const crashed = [];
for (const name of benches) {
  process.stdout.write(`\n--- bench/${name}\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(here, name)], {
    cwd: path.resolve(here, '..'),
    stdio: 'inherit',
    timeout: 180_000,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) crashed.push(name);
  process.stdout.write(
    `--- bench/${name}: ${result.status === 0 ? 'done' : 'FAILED'} in ${seconds} s\n`,
  );
}
if (crashed.length > 0) process.stdout.write(`\nBenchmarks that failed: ${crashed.join(', ')}\n`);
process.exit(crashed.length > 0 ? 1 : 0);

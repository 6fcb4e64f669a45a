#!/usr/bin/env node
// Runs every check and test runner in CI order (architecture §6.10, docs/architecture.md) and ends with one
// line "N passed, N failed" summing them all: each check counts as one test, each runner its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
  });
  return result.status === 0;
}

function check(label, command, args, env) {
  if (run(label, command, args, env)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/** A runner that writes a JSON report; its counts are added, and a crash counts as a failure. */
function runner(label, command, args, reportFile, count, env, failedTitles = () => []) {
  const ok = run(label, command, args, env);
  if (!existsSync(reportFile)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const counts = count(JSON.parse(readFileSync(reportFile, 'utf8')));
  passed += counts.passed;
  failed += counts.failed;
  if (!ok && counts.failed === 0) {
    failed += 1;
    failures.push(`${label} (exited with an error)`);
  } else if (counts.failed > 0) {
    failures.push(`${label} (${counts.failed} failed)`);
    // Named again at the end: CI keeps only the tail of the output.
    failedTests.push(...failedTitles(JSON.parse(readFileSync(reportFile, 'utf8'))));
  }
}

/** Vitest's JSON report: file › test for each failed test. */
function vitestFailures(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${path.relative(root, file.name)} › ${test.fullName}`),
  );
}

/** Playwright's JSON report: file › titles for each test that failed on its last try. */
function playwrightFailures(report) {
  const titles = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected'))
        titles.push(`e2e/${spec.file} › ${[...trail, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return titles;
}

// A fresh clone has no node_modules: install them first, as `npm start` does (npx would
// otherwise fetch the tools from the registry).
if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  if (!run('install', 'npm', ['ci', '--no-audit', '--no-fund'])) {
    writeFileSync(path.join(reports, 'summary.txt'), '0 passed, 1 failed\n');
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }
}

const npx = 'npx';
check('lint', npx, ['eslint', '.']);
check('format', npx, ['prettier', '--check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
if (existsSync(path.join(root, 'scripts/check-i18n.mjs')))
  check('i18n key parity', 'node', ['scripts/check-i18n.mjs']);
check('docs: links, images, options and section references', 'node', ['scripts/check-docs.mjs']);
check('docs: the section-reference resolver and the README-table check', 'node', [
  '--test',
  'scripts/doc-references.test.mjs',
  'scripts/readme-tables.test.mjs',
]);
// Issue 23: a fresh install warns of nothing (engines for our Node, a decision on every
// install script); in CI also none of `npm ci`'s output (NPM_CI_LOG, written by .ci/run).
check('install prints no warning', 'node', ['scripts/check-install.mjs']);
check('container health check', 'node', ['--test', 'scripts/container/healthcheck.test.mjs']);
check('no import cycles', 'node', ['scripts/check-import-cycles.mjs']);

const vitestReport = path.join(reports, 'vitest.json');
runner(
  'unit and integration tests (vitest)',
  npx,
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  vitestReport,
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numTotalTestSuites === 0 ? 1 : 0),
  }),
  {},
  vitestFailures,
);

check('build', 'npm', ['run', '--silent', 'build']);
if (existsSync(path.join(root, 'scripts/check-budget.mjs')))
  check('bundle budget', 'node', ['scripts/check-budget.mjs']);

const e2eConfig = path.join(root, 'e2e/playwright.config.ts');
if (existsSync(e2eConfig)) {
  const e2eReport = path.join(reports, 'playwright.json');
  runner(
    'end-to-end tests (playwright, chromium)',
    npx,
    ['playwright', 'test', '-c', e2eConfig, '--reporter=list,json'],
    e2eReport,
    (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    playwrightFailures,
  );
}

// Issue 36: the container image built and run for real with Podman (README, "In a container"):
// each step one test; skipped with one line only where Podman cannot run.
const containerReport = path.join(reports, 'container.json');
runner(
  'container image (podman)',
  'node',
  ['scripts/container/container-test.mjs'],
  containerReport,
  (r) => ({ passed: r.passed ?? 0, failed: r.failed ?? 0 }),
  {},
  (r) => r.tests.filter((t) => t.status === 'failed').map((t) => `container › ${t.name}`),
);

// The README's pictures are made by a script; one picture in CI keeps it from rotting.
check('screenshots script (smoke)', 'node', ['scripts/screenshots.mjs', '--smoke']);

// Issue 17: a 60-s soak under load and broker restarts, printing its figures; fails on an unhandled error in the
// gateway's log, a message lost to a connected client or a config file that does not load.
check('soak (60 s)', 'node', ['bench/soak.mjs', '--check']);

// Benchmarks print their figures; they do not decide pass or fail.
if (process.env.SKIP_BENCH !== '1' && existsSync(path.join(root, 'bench/run-all.mjs'))) {
  // The soak's 60-s run above already printed its figures.
  run('benchmarks (figures only)', 'node', ['bench/run-all.mjs'], { BENCH_SKIP: 'soak.mjs' });
}

if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
for (const title of failedTests) process.stdout.write(`  ✘ ${title}\n`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(path.join(reports, 'summary.txt'), `${summary}\n`);
process.stdout.write(`\n${summary}\n`);
process.exit(failed > 0 ? 1 : 0);

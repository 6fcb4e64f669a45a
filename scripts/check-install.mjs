#!/usr/bin/env node
// A fresh `npm ci` must print no warning. Without reinstalling, this reads the lockfile for the two
// warnings npm gives: a package whose `engines` exclude a Node (or npm) we promise (EBADENGINE),
// and a package with an install script that the root's `allowScripts` does not decide. With
// NPM_CI_LOG set to a file holding `npm ci`'s output (.ci/run does), any warning in it fails too.
//
// Usage: node scripts/check-install.mjs [project folder]   (default: this repository)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const projectDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const readJson = (file) => JSON.parse(readFileSync(path.join(projectDir, file), 'utf8'));
const rootPackage = readJson('package.json');
const lock = readJson('package-lock.json');

const rootNodeRange = rootPackage.engines?.node;
if (!rootNodeRange) {
  process.stderr.write('package.json declares no engines.node\n');
  process.exit(1);
}
// The oldest Node we promise, and the one running (npm checks only the running one).
const nodeVersions = [
  ...new Set([semver.minVersion(rootNodeRange).version, process.versions.node]),
];
// Under `npm test` npm names itself in the environment; asking it costs a second or two.
const npmVersion =
  /\bnpm\/(\S+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ??
  spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim();
// npm's own comparison (npm-install-checks).
const satisfies = (version, range) => semver.satisfies(version, range, { includePrerelease: true });

/** allowScripts keys are `name` or `name@1.2.3 || 1.2.4`; name → versions, or null for any. */
const decided = new Map();
for (const key of Object.keys(rootPackage.allowScripts ?? {})) {
  const at = key.indexOf('@', 1);
  const name = at < 0 ? key : key.slice(0, at);
  const versions =
    at < 0
      ? null
      : key
          .slice(at + 1)
          .split('||')
          .map((v) => v.trim());
  decided.set(
    name,
    versions === null || decided.get(name) === null
      ? null
      : [...(decided.get(name) ?? []), ...versions],
  );
}

const problems = [];
let checked = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  // The root and the workspaces are ours; npm checks neither.
  if (!location.includes('node_modules/') || entry.link) continue;
  checked += 1;
  const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const id = `${name}@${entry.version}`;
  const engines = entry.engines;
  // Old packages give engines as an array of strings, which npm ignores.
  if (engines && !Array.isArray(engines)) {
    for (const node of nodeVersions) {
      if (engines.node && !satisfies(node, engines.node))
        problems.push(`${id} requires Node ${engines.node}, not ${node} (root: ${rootNodeRange})`);
    }
    if (engines.npm && !satisfies(npmVersion, engines.npm))
      problems.push(`${id} requires npm ${engines.npm}, not ${npmVersion}`);
  }
  if (entry.hasInstallScript) {
    const versions = decided.get(name);
    if (versions === undefined || (versions !== null && !versions.includes(entry.version)))
      problems.push(`${id} has an install script that package.json's allowScripts does not decide`);
  }
}

if (process.env.NPM_CI_LOG) {
  const warnings = readFileSync(process.env.NPM_CI_LOG, 'utf8')
    .split('\n')
    .filter((line) => /^npm warn/i.test(line));
  for (const line of warnings) problems.push(`npm ci: ${line}`);
}

if (problems.length > 0) {
  process.stderr.write(`A fresh install would warn:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `${checked} locked packages hold for Node ${nodeVersions.join(' and ')} and npm ${npmVersion}; every install script is decided\n`,
);

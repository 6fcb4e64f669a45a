#!/usr/bin/env node
// The repository explains itself: every relative link and image in the README, the guides and
// docs/ resolves to a file in the repository, every gateway option of server/src/env.ts has a
// row in the README's options table, every file a README's table names exists, and nothing
// points outside the repository.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const docs = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
const walk = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walk(path.join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [path.join(dir, entry.name)]
        : [],
  );
if (existsSync(path.join(root, 'docs'))) docs.push(...walk('docs'));

const problems = [];

/** Markdown links and images, and HTML src/href attributes, outside code blocks. */
function targetsOf(text) {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [];
  for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(m[1]);
  for (const m of prose.matchAll(/(?:src|href)="([^"]+)"/g)) targets.push(m[1]);
  return targets;
}

for (const doc of docs) {
  const file = path.join(root, doc);
  if (!existsSync(file)) {
    problems.push(`${doc} is missing`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  for (const target of targetsOf(text)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const relative = decodeURIComponent(target.split('#')[0]);
    const resolved = path.resolve(path.dirname(file), relative);
    if (!resolved.startsWith(root + path.sep))
      problems.push(`${doc}: ${target} leaves the repository`);
    else if (!existsSync(resolved)) problems.push(`${doc}: ${target} does not exist`);
  }
  if (/\.\.\/shared\b|shared folder/i.test(text))
    problems.push(`${doc} refers to a folder outside the repository`);
}

// Every option the gateway reads (server/src/env.ts and the option readers it calls) and the
// launcher reads (scripts/start.mjs) must be documented in the README's options table.
const serverSources = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? serverSources(path.join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
const options = new Set();
for (const source of serverSources('server/src')) {
  const text = readFileSync(path.join(root, source), 'utf8');
  for (const m of text.matchAll(/pick\(\s*'[\w-]+'\s*,\s*'([A-Z][A-Z0-9_]*)'\s*\)/g))
    options.add(m[1]);
  for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g))
    options.add(m[1] ?? m[2]);
}
// The launcher's own options (SIM_DEVICES) are options of `npm start` too.
const launcher = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
for (const m of launcher.matchAll(/\bprocess\.env\.([A-Z][A-Z0-9_]*)/g)) options.add(m[1]);
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const tableRows = readme.split('\n').filter((line) => line.startsWith('|'));
for (const option of [...options].sort()) {
  if (!tableRows.some((row) => row.includes(`\`${option}\``)))
    problems.push(`README.md: option ${option} (server/src) has no row in the options table`);
}
if (options.size === 0) problems.push('server/src: no options found (has the reader changed?)');

// Files named in a README's tables must exist. A cell names a file with a code span that is a
// relative path (letters, digits, `_ . @ -` between slashes; no spaces, wildcards or
// placeholders) whose last part ends in a known extension, or a folder when it ends in `/`. It
// resolves against the README's folder or, failing that, the repository root. Runtime files
// under an option's folder (`DATA_DIR/…`) are not the repository's and are left alone.
const FILE_EXTENSIONS =
  /\.(?:ts|tsx|mts|cts|js|mjs|cjs|json|md|scss|css|html|yml|yaml|sh|svg|png|webp|txt)$/;
const PATH_SPAN = /^[\w.@-]+(?:\/[\w.@-]+)*\/?$/;
/** Installed packages and build or run output: not the repository's own READMEs. */
const README_SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-firmware',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);
const walkReadmes = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || README_SKIPPED.has(entry.name)) return [];
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return walkReadmes(relative);
    return entry.name === 'README.md' ? [relative] : [];
  });

/** The repository paths the table rows of one README name, with the line they are on. */
function tablePathsOf(text) {
  const named = [];
  const lines = text.replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, '')).split('\n');
  lines.forEach((line, index) => {
    if (!line.trimStart().startsWith('|') || /^\s*\|[\s|:-]*\|\s*$/.test(line)) return;
    for (const [, span] of line.matchAll(/`([^`\n]+)`/g)) {
      const candidate = span.trim();
      if (!PATH_SPAN.test(candidate) || /^[A-Z][A-Z0-9_]*\//.test(candidate)) continue;
      if (candidate.endsWith('/') || FILE_EXTENSIONS.test(candidate))
        named.push({ path: candidate, line: index + 1 });
    }
  });
  return named;
}

function checkReadmeTables() {
  let count = 0;
  for (const readme of walkReadmes('.')) {
    const folder = path.dirname(path.join(root, readme));
    for (const { path: named, line } of tablePathsOf(
      readFileSync(path.join(root, readme), 'utf8'),
    )) {
      count += 1;
      const candidates = [path.resolve(folder, named), path.resolve(root, named)];
      const found = candidates.some(
        (file) =>
          file.startsWith(root + path.sep) &&
          existsSync(file) &&
          (!named.endsWith('/') || statSync(file).isDirectory()),
      );
      if (!found)
        problems.push(
          `${readme}:${line}: \`${named}\` is named in a table but exists neither in ${path.relative(root, folder) || '.'}/ nor from the repository root`,
        );
    }
  }
  return count;
}
const readmeTablePaths = checkReadmeTables();

if (problems.length > 0) {
  process.stderr.write(`Docs check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `Docs check: ${docs.length} documents, links resolve; ${options.size} options documented; ${readmeTablePaths} files named in README tables exist\n`,
);

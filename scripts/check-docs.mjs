#!/usr/bin/env node
// The repository explains itself: every relative link and image in the README, the guides and
// docs/ resolves to a file in the repository, every gateway option of server/src/env.ts has a
// row in the README's options table, every section reference ("wire-contract §4.2") in a
// tracked source leads to a numbered heading of docs/, every file a README's table names exists,
// and nothing points outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REQUIRED_DOCS, headingNumbers, problemOf, referencesIn } from './doc-references.mjs';
import { readmeTableProblems } from './readme-tables.mjs';

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

// Section references: docs/<name>.md and the numbers its headings start with. The names a
// reference may use are the required documents and whatever else docs/ holds.
const headings = new Map();
for (const entry of readdirSync(path.join(root, 'docs'))) {
  if (!entry.endsWith('.md')) continue;
  const text = readFileSync(path.join(root, 'docs', entry), 'utf8');
  headings.set(entry.slice(0, -'.md'.length), headingNumbers(text));
}
const names = [...new Set([...REQUIRED_DOCS, ...headings.keys()])];
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|jsx|md|ya?ml|css|scss|html)$/;
// The resolver's own test holds deliberately broken references.
const FIXTURES = new Set(['scripts/doc-references.test.mjs']);
/** The tracked files, or none (reported) outside a git checkout. */
function trackedFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  } catch {
    problems.push('git ls-files failed: section references need a git checkout');
    return [];
  }
}
const tracked = trackedFiles().filter(
  (file) => SOURCE.test(file) && !FIXTURES.has(file) && existsSync(path.join(root, file)),
);
let referenceCount = 0;
const unresolvedByDoc = new Map();
for (const file of tracked) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!text.includes('§')) continue;
  const isMarkdown = file.endsWith('.md');
  const own = /^docs\/([\w-]+)\.md$/.exec(file)?.[1] ?? null;
  for (const ref of referencesIn(text, { names, isMarkdown, ownName: own })) {
    referenceCount += 1;
    const problem = problemOf(ref, headings);
    if (!problem) continue;
    problems.push(`${file}:${ref.line}: ${ref.text}: ${problem}`);
    const key = ref.kind === 'doc' ? ref.name : ref.kind;
    unresolvedByDoc.set(key, (unresolvedByDoc.get(key) ?? 0) + 1);
  }
}
if (unresolvedByDoc.size > 0)
  problems.push(
    `unresolved section references: ${[...unresolvedByDoc].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );

const readmeTables = readmeTableProblems(root);
problems.push(...readmeTables.problems);

if (problems.length > 0) {
  process.stderr.write(`Docs check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `Docs check: ${docs.length} documents, links resolve; ${options.size} options documented; ` +
    `${referenceCount} section references in ${tracked.length} sources resolve; ` +
    `${readmeTables.count} files named in README tables exist\n`,
);

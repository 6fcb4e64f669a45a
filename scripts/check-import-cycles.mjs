#!/usr/bin/env node
// No import cycles among our own files (docs/architecture.md "Import rules"): a circle gives a
// concept two homes and makes load order matter. Follows every import, `import type` and
// dynamic import() included, of relative paths and of @heliodtu/contract/* and web's @/*, in
// the sources of every package, bench/ and scripts/. Fails with each circle it finds.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = [
  'contract/src',
  'server/src',
  'server/test',
  'web/src',
  'web/build',
  'e2e',
  'bench',
  'scripts',
];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-firmware',
  'test-results',
  'playwright-report',
]);

function sourcesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourcesUnder(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** The file an import names, as TypeScript and Vite resolve it; null for packages. */
function resolve(specifier, fromFile) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@heliodtu/contract/'))
    base = path.join(root, 'contract/src', specifier.slice('@heliodtu/contract/'.length));
  else if (specifier.startsWith('@/') && fromFile.startsWith(path.join(root, 'web') + path.sep))
    base = path.join(root, 'web/src', specifier.slice(2));
  else return null;
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.js', '.mjs'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx', 'index.js'].map((name) => path.join(base, name)),
  ];
  return candidates.find(isFile) ?? null;
}

const files = FOLDERS.flatMap((folder) => sourcesUnder(path.join(root, folder)));
const known = new Set(files);
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles
    .map(({ fileName }) => resolve(fileName, file))
    .filter((target) => target !== null && known.has(target) && target !== file);
  graph.set(file, [...new Set(targets)]);
}

/** Tarjan's strongly connected components: each one of more than one node is a circle. */
function circlesOf(arrows) {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const circles = [];
  const connect = (node) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node));
    stack.push(node);
    for (const target of arrows.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(target)));
      } else if (stack.includes(target)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(target)));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) circles.push(component.sort());
  };
  for (const node of arrows.keys()) if (!index.has(node)) connect(node);
  return circles;
}

const relative = (file) => path.relative(root, file);
// The same between the top-level folders: bench/ may use scripts/, so scripts/ never uses bench/.
const folderOf = (file) => relative(file).split(path.sep)[0];
const folders = new Map();
for (const [file, targets] of graph) {
  const from = folders.get(folderOf(file)) ?? new Set();
  for (const target of targets) if (folderOf(target) !== folderOf(file)) from.add(folderOf(target));
  folders.set(folderOf(file), from);
}

const problems = [
  ...circlesOf(graph).map((circle) => circle.map(relative).join('\n    ↔ ')),
  ...circlesOf(folders).map((circle) => circle.map((folder) => `${folder}/`).join(' ↔ ')),
];
if (problems.length > 0) {
  process.stderr.write(`Import cycles (each group imports itself through the others):\n`);
  for (const problem of problems) process.stderr.write(`  ${problem}\n`);
  process.exit(1);
}
const imports = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
process.stdout.write(
  `No import cycles among ${files.length} files (${imports} imports of our own) or their folders\n`,
);

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
const walkReadmes = (root, dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || README_SKIPPED.has(entry.name)) return [];
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return walkReadmes(root, relative);
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

/** Every repository path a README's table names that does not exist, and how many were named. */
export function readmeTableProblems(root) {
  const problems = [];
  let count = 0;
  for (const readme of walkReadmes(root, '.')) {
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
  return { count, problems };
}

// The README-table check of scripts/check-docs.mjs on a small repository made in a temp folder:
// `node --test scripts/readme-tables.test.mjs`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readmeTableProblems } from './readme-tables.mjs';

function repository(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'readme-tables-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const table = (...cells) =>
  ['| file | what |', '|---|---|', ...cells.map((cell) => `| ${cell} | x |`)].join('\n') + '\n';

test('files named in a table resolve from the README folder or the repository root', () => {
  const root = repository({
    'server/src/README.md': table('`relay/link.ts`', '`scripts/run.mjs`', '`relay/`'),
    'server/src/relay/link.ts': '',
    'scripts/run.mjs': '',
  });
  try {
    assert.deepEqual(readmeTableProblems(root), { count: 3, problems: [] });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a missing file fails with the README and its line', () => {
  const root = repository({
    'server/src/README.md': table('`relay/link.ts`', '`relay/gone.ts`'),
    'server/src/relay/link.ts': '',
  });
  try {
    const { problems } = readmeTableProblems(root);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^server\/src\/README\.md:4: `relay\/gone\.ts` is named in a table/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('prose, code blocks, runtime files under an option and non-paths are not checked', () => {
  const root = repository({
    'README.md':
      'See `missing.ts` in prose.\n\n```\n| `gone.ts` | in a code block |\n```\n' +
      table('`DATA_DIR/config.json`', '`npm start`', '`*.test.ts`', '`<id>.json`'),
  });
  try {
    assert.deepEqual(readmeTableProblems(root), { count: 0, problems: [] });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

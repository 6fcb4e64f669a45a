// The section-reference resolver of scripts/check-docs.mjs on small fixtures:
// `node --test scripts/doc-references.test.mjs`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headingNumbers, problemOf, referencesIn } from './doc-references.mjs';

const names = ['wire-contract', 'integrations', 'spec'];
const headings = new Map([
  ['wire-contract', headingNumbers('# Title\n## 4. Endpoints\n### 4.5 Device info\n')],
  ['integrations', headingNumbers('## 2. Topics\n## 3. Commands\n### 5.3 Keys\n')],
]);
const problems = (text, options = {}) =>
  referencesIn(text, { names, ...options })
    .map((ref) => [ref.line, ref.text, problemOf(ref, headings)])
    .filter(([, , problem]) => problem);

test('heading numbers: "## 4. x" and "### 4.5 x", not inside code fences', () => {
  const numbers = headingNumbers('## 4. A\n### 4.5 B\n```\n## 9. not a heading\n```\n## C\n');
  assert.deepEqual([...numbers], ['4', '4.5']);
});

test('a reference to an existing heading resolves, in either spelling', () => {
  assert.deepEqual(problems('// wire-contract §4.5 and wire-contract.md §4.\n'), []);
  assert.deepEqual(problems('/** Wire-contract §4, (integrations §2, §3) and … (§5.3). */\n'), []);
});

test('a number with no heading fails, with its line', () => {
  assert.deepEqual(problems('const a = 1;\n// see wire-contract §4.6\n'), [
    [2, 'wire-contract §4.6', 'docs/wire-contract.md has no heading numbered 4.6'],
  ]);
});

test('a bare § takes the document named before it in its comment block, not beyond', () => {
  const block = '/**\n * integrations §2 says\n * more in §4.5\n */\n';
  assert.deepEqual(problems(block), [
    [3, '§4.5', 'docs/integrations.md has no heading numbered 4.5'],
  ]);
  const orphan = '// integrations §2\nconst x = 1; // §3\n';
  assert.match(problems(orphan)[0][2], /names no document/);
  assert.match(problems('Text (§5.3).\n\nintegrations §2\n', { isMarkdown: true })[0][2], /names/);
});

test('a bare § before the named one of its line takes it', () => {
  assert.deepEqual(problems('// (§4.5 of wire-contract §4)\n'), []);
});

test('a name at the end of a comment line reaches the § that opens the next', () => {
  const wrapped =
    '  /**\n   * clamped by the library (wire-contract\n   * §4.6); see integrations §3.\n   */\n';
  assert.deepEqual(problems(wrapped), [
    [3, 'wire-contract §4.6', 'docs/wire-contract.md has no heading numbered 4.6'],
  ]);
});

test('a document that does not exist and issue sections fail', () => {
  assert.match(problems('// spec §2\n')[0][2], /docs\/spec\.md does not exist/);
  assert.match(problems('// (issue 3 §7)\n')[0][2], /issues are not part/);
});

test("standards' sections are not ours to check; docs default to themselves", () => {
  assert.deepEqual(problems('// RFC 6455 §5.2, §5.5 and MQTT 3.1.1 §4.7\n'), []);
  const own = { isMarkdown: true, ownName: 'wire-contract' };
  assert.deepEqual(problems('As §4.5 says.\n', own), []);
  assert.equal(problems('As §7 says.\n', own).length, 1);
});

// Section references in code and docs ("wire-contract §4.2", "spec.md §n", a bare "§n" after
// one of them) and whether each leads to a numbered heading of the repository's own docs/.
// Pure: the caller reads the files; scripts/check-docs.mjs runs it over every tracked source.

/** Documents a reference may name even before docs/ holds them: a missing one is reported. */
export const REQUIRED_DOCS = [
  'architecture',
  'integrations',
  'inverter-domain',
  'spec',
  'wire-contract',
  'wire-current',
];

/** Numbers the headings of a markdown text start with: "## 4. Endpoints" → "4", "### 4.5 Info" → "4.5". */
export function headingNumbers(markdown) {
  const numbers = new Set();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of withoutCode.matchAll(/^#{1,6}[ \t]+(\d+(?:\.\d+)*)\.?(?=[ \t]|$)/gm))
    numbers.add(m[1]);
  return numbers;
}

const SECTION = /§\s*(\d+(?:\.\d+)*)/g;
// "issue N §M": the tracker is not part of a clone.
const ISSUE_BEFORE = /\b(issues?)\s+(\d+)\s*$/i;
// "RFC 6455 §5.2", "MQTT 3.1.1 §4.7": a standard's own numbering, not ours to check.
const EXTERNAL_BEFORE = /\b[A-Z][A-Za-z]*[ -]?\d+(?:\.\d+)*\s*$/;
const WORD_BEFORE = /\b([A-Za-z][A-Za-z0-9-]*)(?:\.md)?\s*$/;

const COMMENT_LINE = /^\s*(\/\/|\*|\/\*|#|<!--)/;
// Nothing but a comment marker before the § on its line.
const LINE_START = /^\s*(?:\/\/|\*|\/\*\*?|#|<!--|>|-)?\s*\(?$/;

/**
 * Every § reference of one file, in order: `{ line, text, kind, name, number }` where kind is
 * 'doc' (name = a docs/ name), 'issue' or 'orphan' (a bare § with no document named before it
 * in its block). Standards' sections ("RFC 6455 §5.2") are left out. A bare § takes the
 * document last named in its comment block (markdown: its paragraph); in docs/<name>.md it
 * defaults to <name> itself.
 */
export function referencesIn(text, { names, isMarkdown = false, ownName = null }) {
  const known = new Set(names);
  const found = [];
  const blockDefault = ownName && known.has(ownName) ? { kind: 'doc', name: ownName } : null;
  let context = blockDefault;
  let previous = '';
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    // A block ends at a blank line; in code also where a comment starts or code resumes.
    const blockEnds =
      trimmed === '' ||
      (isMarkdown && trimmed.startsWith('#')) ||
      (!isMarkdown && (trimmed.startsWith('/*') || !COMMENT_LINE.test(line)));
    if (blockEnds) context = blockDefault;
    // "(wire-contract" at the end of one comment line and "§n)" at the start of the next.
    const carried = blockEnds ? '' : previous;
    previous = line;
    const pending = [];
    for (const m of line.matchAll(SECTION)) {
      let before = line.slice(Math.max(0, m.index - 60), m.index);
      if (LINE_START.test(before)) before = carried;
      const number = m[1];
      const issue = before.match(ISSUE_BEFORE);
      const word = before.match(WORD_BEFORE)?.[1]?.toLowerCase();
      const at = { line: index + 1, number };
      if (issue) {
        context = { kind: 'issue', name: `issue ${issue[2]}` };
        found.push({ ...at, ...context, text: `${issue[0].trim()} §${number}` });
      } else if (word && known.has(word)) {
        context = { kind: 'doc', name: word };
        found.push({ ...at, ...context, text: `${word} §${number}` });
      } else if (EXTERNAL_BEFORE.test(before)) {
        context = { kind: 'external' };
      } else if (context) {
        if (context.kind !== 'external') found.push({ ...at, ...context, text: `§${number}` });
      } else pending.push({ ...at, text: `§${number}` });
    }
    // A bare § before the first named one of its line ("§n of integrations §m") takes it.
    const named = found.findLast((r) => r.line === index + 1 && r.kind !== 'orphan');
    for (const ref of pending)
      found.push(
        named ? { ...ref, kind: named.kind, name: named.name } : { ...ref, kind: 'orphan' },
      );
    if (!isMarkdown && line.includes('*/')) context = blockDefault;
  });
  return found.sort((a, b) => a.line - b.line);
}

/**
 * Why a reference does not resolve, or null when it does. `headings` maps a docs/ name to
 * the set of its heading numbers; a name without an entry has no file.
 */
export function problemOf(ref, headings) {
  if (ref.kind === 'issue') return 'issues are not part of the repository; cite docs/ instead';
  if (ref.kind === 'orphan') return 'names no document: put the document name before the §';
  const numbers = headings.get(ref.name);
  if (!numbers) return `docs/${ref.name}.md does not exist`;
  if (!numbers.has(ref.number)) return `docs/${ref.name}.md has no heading numbered ${ref.number}`;
  return null;
}

// A generated file cut into runs of consecutive code from one source, by its source map (v3).
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((char, index) => [char, index]));

/** One line's segments: each [generated column, source index or undefined], absolute. */
function decodeLine(line, state) {
  const segments = [];
  let column = 0;
  for (const field of line.split(',')) {
    if (field === '') continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of field) {
      const digit = DIGIT[char];
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0];
    if (values.length > 1) state.source += values[1];
    segments.push([column, values.length > 1 ? state.source : undefined]);
  }
  return segments;
}

/**
 * `code` as runs `{ source, text }` in file order: a character belongs to the source of the
 * last mapped segment before it (`unmapped` before the first), so what the bundler adds
 * between two modules counts to the one before.
 */
export function sourceRuns(code, map, unmapped = '(bundler runtime)') {
  const runs = [];
  const push = (source, text) => {
    if (text === '') return;
    const last = runs.at(-1);
    if (last?.source === source) last.text += text;
    else runs.push({ source, text });
  };
  const mappings = map.mappings.split(';');
  const state = { source: 0 };
  let current = unmapped;
  code.split('\n').forEach((line, index, lines) => {
    let column = 0;
    for (const [start, source] of decodeLine(mappings[index] ?? '', state)) {
      push(current, line.slice(column, start));
      column = start;
      if (source !== undefined) current = map.sources[source] ?? unmapped;
    }
    push(current, line.slice(column) + (index < lines.length - 1 ? '\n' : ''));
  });
  return runs;
}

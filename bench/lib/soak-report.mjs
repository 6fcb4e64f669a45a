// Reading the soak's results: problems in the server's log, and whether a saved body is what
// the server holds.

/**
 * The server logs pino JSON lines (level 40 warn, 50 error, 60 fatal); anything else it prints
 * is its own status lines or, for an error nothing caught, Node's report of it. Unhandled:
 * fatal lines, lines that say unhandled/uncaught, and error text outside the logger.
 */
export function logProblems(output) {
  const errors = [];
  const warnings = [];
  const unhandled = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    let entry = null;
    try {
      entry = JSON.parse(line);
    } catch {
      // not a logger line
    }
    if (entry && typeof entry.level === 'number') {
      const text = `${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim();
      if (entry.level >= 50) errors.push(text);
      else if (entry.level >= 40) warnings.push(text);
      if (entry.level >= 60 || /unhandled|uncaught/i.test(text)) unhandled.push(text);
      continue;
    }
    if (/Warning/.test(line)) warnings.push(line.trim());
    else if (/(Error|Exception)\b|unhandled|uncaught|^\s+at /i.test(line)) {
      errors.push(line.trim());
      unhandled.push(line.trim());
    }
  }
  const sample = unhandled[0] ?? errors[0] ?? warnings[0] ?? '';
  return { errors, warnings, unhandled, sample: sample.slice(0, 200) };
}

/** Whether `actual` holds the saved body's values (keys renamed by `names`, body key → actual key). */
export function sameSave(actual, saved, names) {
  if (!actual || !saved) return false;
  const keys = names ?? Object.fromEntries(Object.keys(saved).map((k) => [k, k]));
  return Object.entries(keys).every(([from, to]) => actual[to] === saved[from]);
}

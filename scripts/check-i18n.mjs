#!/usr/bin/env node
// Key parity of the bundled catalogues (architecture §6.7): en, de and fr must have the same
// keys, every value a string, and the same {placeholders} per message. Fails with the list.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../web/src/locales');
const LOCALES = ['en', 'de', 'fr'];

/** Leaf key → message, and a note for every non-string leaf. */
function flatten(node, prefix, out, problems) {
  for (const [key, value] of Object.entries(node)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      flatten(value, full, out, problems);
    else problems.push(`${full} is not a string`);
  }
  return out;
}

const placeholders = (message) =>
  message.startsWith('@:')
    ? null
    : [...message.matchAll(/\{\s*(\w+)\s*\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');

const problems = [];
const catalogues = new Map();
for (const locale of LOCALES) {
  const file = path.join(dir, `${locale}.json`);
  let json;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${locale}.json: ${error.message}`);
    continue;
  }
  const localProblems = [];
  catalogues.set(locale, flatten(json, '', new Map(), localProblems));
  problems.push(...localProblems.map((p) => `${locale}.json: ${p}`));
}

const en = catalogues.get('en');
if (en) {
  for (const locale of LOCALES.slice(1)) {
    const other = catalogues.get(locale);
    if (!other) continue;
    for (const key of en.keys()) {
      if (!other.has(key)) problems.push(`${locale}.json lacks ${key}`);
      else if (other.get(key).trim() === '') problems.push(`${locale}.json: ${key} is empty`);
      else {
        const a = placeholders(en.get(key));
        const b = placeholders(other.get(key));
        if (a !== null && b !== null && a !== b) {
          problems.push(`${locale}.json: ${key} has placeholders {${b}}, en has {${a}}`);
        }
      }
    }
    for (const key of other.keys())
      if (!en.has(key)) problems.push(`${locale}.json has extra key ${key}`);
  }
}

if (problems.length > 0) {
  process.stderr.write(`i18n key check failed (${problems.length}):\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(`i18n keys match: ${en.size} keys in ${LOCALES.join(', ')}.\n`);

#!/usr/bin/env node
// Spec hygiene (architecture §6.10, after Frigate): no fixed sleeps and no assertions that only
// run under a condition, since both hide flakiness. Prints offending lines and fails.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const specs = path.resolve(import.meta.dirname, '../specs');
const RULES = [
  [/\bwaitForTimeout\s*\(/, 'waitForTimeout: wait for a state instead'],
  [/\bif\s*\(.*\)\s*\{?\s*(await\s+)?expect\(/, 'conditional assertion'],
  [/\btest\.only\b|\bdescribe\.only\b/, '.only'],
];
const problems = [];
for (const name of readdirSync(specs).filter((n) => n.endsWith('.ts'))) {
  readFileSync(path.join(specs, name), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [pattern, message] of RULES) {
        if (pattern.test(line)) problems.push(`specs/${name}:${index + 1}: ${message}`);
      }
    });
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Specs are clean.\n');

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Lives with the server tests for Node's fs (contract has no Node types). The web runs the contract rules in the browser; zod must not come along with them (first-load and
// firmware bundle budgets). Follows every runtime import (not `import type`) from each file.
const SRC = path.resolve(import.meta.dirname, '../../contract/src');

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

function reachesZod(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return file;
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
    const found = reachesZod(target, seen);
    if (found) return found;
  }
  return null;
}

const browserSafe = ['rules', 'domain'].flatMap((folder) =>
  readdirSync(path.join(SRC, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name)),
);

describe('rules and domain stay free of zod', () => {
  it.each(browserSafe)('%s', (file) => {
    expect(reachesZod(path.join(SRC, file))).toBeNull();
  });

  it('notices zod when a file imports it', () => {
    expect(reachesZod(path.join(SRC, 'network.ts'))).toBe(path.join(SRC, 'network.ts'));
  });
});

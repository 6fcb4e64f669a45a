import { describe, expect, it } from 'vitest';
import { eagerImports } from './firmware-eager-imports.ts';

const firmware = (code: string) => eagerImports('module.tsx', code, 'firmware');

describe('dynamic imports in the one-file firmware build', () => {
  it('become static imports', () => {
    const out = firmware("const page = () => import('@/features/about/about-page');");
    expect(out).toBe(
      [
        'import * as __eagerImport0 from "@/features/about/about-page";',
        'const page = () => Promise.resolve(__eagerImport0);',
      ].join('\n'),
    );
  });

  it('keep their places after text that is not ASCII', () => {
    const out = firmware("// Zähler … ✓\nconst a = import('./a'); const b = import('./b');");
    expect(out).toContain(
      'const a = Promise.resolve(__eagerImport1); const b = Promise.resolve(__eagerImport0);',
    );
    expect(out).toContain('import * as __eagerImport1 from "./a";');
  });

  it('stay as they are where the firmware build rules them out', () => {
    const code = [
      "const History = import.meta.env.MODE === 'firmware' ? null : lazy(() => import('./history'));",
      "const Alerts = import.meta.env.MODE !== 'firmware' && lazy(() => import('./alerts'));",
      "if (import.meta.env.PROD && import.meta.env.MODE !== 'firmware') { void import('./shell'); }",
      "if (!(import.meta.env.MODE === 'firmware')) void import('./other');",
    ].join('\n');
    expect(firmware(code)).toBeUndefined();
    // The normal build's own modes decide nothing here: the plugin is the firmware build's alone.
    expect(eagerImports('module.tsx', code, 'production')).toContain('Promise.resolve(');
  });

  it('change nothing in a module without one', () => {
    expect(firmware("import { a } from './a';\nexport const b = a;")).toBeUndefined();
    expect(firmware('const name = `import(${x})`;')).toBeUndefined();
  });
});

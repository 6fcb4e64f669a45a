import { describe, expect, it } from 'vitest';
import { ApiCode } from '@heliodtu/contract/codes';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import { apiResultText } from './api-result-text';
import { createTranslator, lookup, type Messages } from './catalog';

describe('createTranslator', () => {
  it('falls back to en per key, silently, and to the key itself', () => {
    const t = createTranslator({ menu: { Settings: 'Réglages' } });
    expect(t('menu.Settings')).toBe('Réglages');
    expect(t('menu.About')).toBe('About');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('resolves links through the fallback too', () => {
    const t = createTranslator({ maintenancereboot: { Cancel: '@:base.Cancel' } });
    expect(t('maintenancereboot.Cancel')).toBe('Cancel');
  });

  it('reads a subtree key as missing', () => {
    expect(lookup({ a: { b: 'x' } }, 'a')).toBeUndefined();
    expect(lookup({ a: { b: 'x' } }, 'a.b.c')).toBeUndefined();
  });
});

describe('apiresponse texts', () => {
  const codes = Object.entries(ApiCode)
    .filter(([name]) => !name.endsWith('Base'))
    .map(([, code]) => code);

  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ] as [string, Messages][])('%s has its own text for every result code', (_locale, messages) => {
    // No fallback here: each catalogue must carry every code itself.
    const t = createTranslator(messages, {});
    for (const code of codes) {
      expect(lookup(messages, `apiresponse.${code}`), String(code)).toBeDefined();
      const text = apiResultText(t, { code, param: { min: 5, max: 65535 } });
      expect(text, String(code)).not.toMatch(/^$|[{}]|apiresponse|@:/);
    }
  });

  it('uses the device message when the code is absent or unknown', () => {
    const t = createTranslator({});
    expect(apiResultText(t, { message: 'SSID too long' })).toBe('SSID too long');
    expect(apiResultText(t, { code: 99999, message: 'Strange' })).toBe('Strange');
    expect(apiResultText(t, { code: 5002, param: { max: 2250 } })).toBe(
      'The limit must be between 1 and 2250.',
    );
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpackCatalogue } from '../src/lib/i18n/catalogue-table.ts';
import type { Messages } from '../src/lib/i18n/catalog.ts';
import {
  FIRMWARE_LANGUAGES,
  GATEWAY_ONLY_NAMESPACES,
  namespacesNamed,
  packCatalogues,
} from './firmware-catalogues.ts';

const catalogue = (code: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, `../src/locales/${code}.json`), 'utf8'),
  ) as Messages;
const without = (messages: Messages, names: string[]) =>
  Object.fromEntries(Object.entries(messages).filter(([name]) => !names.includes(name)));

describe('the firmware build’s catalogue table', () => {
  it('gives back each built-in catalogue, less the gateway-only namespaces', () => {
    const catalogues = FIRMWARE_LANGUAGES.map(catalogue);
    const { keys, texts } = packCatalogues(catalogues, GATEWAY_ONLY_NAMESPACES);
    catalogues.forEach((messages, index) => {
      expect(unpackCatalogue(keys, texts[index]!)).toEqual(
        without(messages, GATEWAY_ONLY_NAMESPACES),
      );
    });
    // Integer-like keys (apiresponse codes) keep their messages.
    expect(unpackCatalogue(keys, texts[1]!)).toHaveProperty(
      ['apiresponse', '1001'],
      (catalogues[1]!['apiresponse'] as Messages)['1001'],
    );
  });

  it('is smaller than the three catalogues apart', () => {
    const catalogues = FIRMWARE_LANGUAGES.map(catalogue);
    const { keys, texts } = packCatalogues(catalogues);
    const packed = JSON.stringify(keys).length + texts.join('').length;
    expect(packed).toBeLessThan(JSON.stringify(catalogues).length * 0.85);
  });

  it('leaves a message a language lacks out of it, so the English one shows', () => {
    const { keys, texts } = packCatalogues([
      { base: { Save: 'Save', Cancel: 'Cancel' }, only: { One: 'One' } },
      { base: { Save: 'Speichern' } },
    ]);
    expect(unpackCatalogue(keys, texts[0]!)).toEqual({
      base: { Save: 'Save', Cancel: 'Cancel' },
      only: { One: 'One' },
    });
    expect(unpackCatalogue(keys, texts[1]!)).toEqual({ base: { Save: 'Speichern' }, only: {} });
  });

  it('refuses a message that holds its separator', () => {
    expect(() => packCatalogues([{ base: { Two: 'one\ntwo' } }])).toThrow(/line break/);
  });

  it('finds code that still names a left-out namespace', () => {
    expect(namespacesNamed("t('history.Title')", ['history', 'devices'])).toEqual(['history']);
    expect(namespacesNamed('t(`devices.${e}`)', ['history', 'devices'])).toEqual(['devices']);
    expect(namespacesNamed('a.history.b;"historyX.c"', ['history'])).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { MESSAGE_SEPARATOR, type KeyTree } from '../src/lib/i18n/catalogue-table.ts';
import type { Messages } from '../src/lib/i18n/catalog.ts';

/** The built-in languages in the order of the firmware table's texts. */
export const FIRMWARE_LANGUAGES = ['en', 'de', 'fr'] as const;

/**
 * Namespaces of what the firmware build leaves out, a device never showing it: the history, the
 * companion's devices, alerts and power control screens (web/src/app/router.tsx), the alert
 * marks, the House card, a companion's card and its notice for a device known by MQTT topics. The build fails when its code still names one
 * (firmwareCatalogues below), so a text cannot go missing on a device unseen.
 */
export const GATEWAY_ONLY_NAMESPACES = [
  'history',
  'devices',
  'alertslist',
  'alertsadmin',
  'alerts',
  'companioninfo',
  'house',
  'powercontrol',
  'mqttdevice',
];

export interface PackedCatalogues {
  keys: KeyTree;
  /** One string per language, its messages in key order (MESSAGE_SEPARATOR between them). */
  texts: string[];
}

/**
 * The catalogues as one table: every key once instead of once per language, and each
 * language's messages side by side. A catalogue is larger than deflate's 32 KiB window, so in
 * three separate objects the keys of the second and third compress against nothing.
 */
export function packCatalogues(catalogues: Messages[], leaveOut: string[] = []): PackedCatalogues {
  const texts: string[][] = catalogues.map(() => []);
  const walk = (nodes: (Messages | undefined)[], depth: number): KeyTree => {
    const tree: KeyTree = {};
    const names = new Set(nodes.flatMap((node) => Object.keys(node ?? {})));
    for (const name of names) {
      if (depth === 0 && leaveOut.includes(name)) continue;
      const children = nodes.map((node) => node?.[name]);
      if (children.some((child) => typeof child === 'string')) {
        children.forEach((child, index) => {
          const message = typeof child === 'string' ? child : '';
          if (message.includes(MESSAGE_SEPARATOR)) {
            throw new Error(`${name}: a message holds a line break, the table's separator`);
          }
          texts[index]!.push(message);
        });
        tree[name] = 0;
      } else {
        tree[name] = walk(
          children.map((child) => (typeof child === 'object' ? child : undefined)),
          depth + 1,
        );
      }
    }
    return tree;
  };
  // The keys in the engine's own order (integer-like keys first), as unpackCatalogue walks them.
  const keys = walk(catalogues, 0);
  return { keys, texts: texts.map((messages) => messages.join(MESSAGE_SEPARATOR)) };
}

/** A string as a template literal: raw line breaks, one byte each. */
const templateLiteral = (text: string) => `\`${text.replace(/\\|`|\$\{/g, (m) => `\\${m}`)}\``;

/** The namespaces of `names` whose keys the code names (`'history.Title'`, `` `devices.${x}` ``). */
export function namespacesNamed(code: string, names: string[]): string[] {
  return names.filter((name) => new RegExp(`[\`'"]${name}\\.`).test(code));
}

/**
 * The firmware build's catalogues (one file holds all three languages): en.json, de.json and
 * fr.json load as one table without the gateway-only namespaces (packCatalogues), each unpacked
 * when first imported (src/lib/i18n/catalogue-table.ts).
 */
export function firmwareCatalogues(webRoot: string): Plugin {
  // A file's name rather than a virtual id, so its code keeps its place in the source map.
  const table = path.join(webRoot, 'src/locales/firmware-catalogues.js');
  const localeFile = (code: string) => path.join(webRoot, `src/locales/${code}.json`);
  const unpacker = path.join(webRoot, 'src/lib/i18n/catalogue-table.ts');
  return {
    name: 'heliodtu-firmware-catalogues',
    enforce: 'pre',
    resolveId: (source) => (source === table ? table : undefined),
    load(id) {
      if (id === table) {
        const catalogues = FIRMWARE_LANGUAGES.map(
          (code) => JSON.parse(readFileSync(localeFile(code), 'utf8')) as Messages,
        );
        const { keys, texts } = packCatalogues(catalogues, GATEWAY_ONLY_NAMESPACES);
        const code = [
          `export const keys = ${JSON.stringify(keys)};`,
          `export const texts = [${texts.map(templateLiteral).join(',')}];`,
        ].join('\n');
        // A map of its own, so the firmware file's size map names the table (bench/web-sizes.mjs).
        const map = { version: 3, sources: [table], names: [], mappings: 'AAAA;AACA' };
        return { code, map };
      }
      const index = FIRMWARE_LANGUAGES.findIndex((code) => id === localeFile(code));
      if (index < 0) return undefined;
      return {
        code: [
          `import { unpackCatalogue } from ${JSON.stringify(unpacker)};`,
          `import { keys, texts } from ${JSON.stringify(table)};`,
          `export default unpackCatalogue(keys, texts[${index}]);`,
        ].join('\n'),
        moduleType: 'js',
      };
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const named = namespacesNamed(item.code, GATEWAY_ONLY_NAMESPACES);
        if (named.length > 0) {
          this.error(
            `${item.fileName} names texts of ${named.join(', ')}, left out of the firmware build's catalogues (build/firmware-catalogues.ts)`,
          );
        }
      }
    },
  };
}

import type { Messages } from './catalog';

/** The keys of every built-in catalogue at once: a message's place is marked `0`. */
export interface KeyTree {
  [key: string]: 0 | KeyTree;
}

/**
 * Separates the messages of one language in a packed catalogue (web/build/firmware-catalogues.ts):
 * no message holds a line break, and a raw one costs a single byte in the source.
 */
export const MESSAGE_SEPARATOR = '\n';

/**
 * One language's catalogue from the firmware build's table: the keys once for all languages, the
 * messages of each language in key order. An empty message is one this language lacks, so the
 * English one shows (spec §4). Keys are walked in the engine's own order, as the build walked them.
 */
export function unpackCatalogue(keys: KeyTree, texts: string): Messages {
  const messages = texts.split(MESSAGE_SEPARATOR);
  let next = 0;
  const walk = (tree: KeyTree): Messages => {
    const out: Messages = {};
    for (const [key, node] of Object.entries(tree)) {
      if (node === 0) {
        const message = messages[next++];
        if (message) out[key] = message;
      } else {
        out[key] = walk(node);
      }
    }
    return out;
  };
  return walk(keys);
}

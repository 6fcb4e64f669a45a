import { ConfigStore } from '../src/store/config-store.js';

/**
 * Child of crash-save.test.ts: saves the configuration again and again, alternating two
 * values with a large payload tied to each, until it is killed. Prints `saving` once the
 * first save is on disk. Arguments: data dir, payload size in bytes.
 */
const [dataDir, sizeText] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: crash-save-child <data dir> [payload bytes]');
const size = Number(sizeText ?? 262_144);
const store = await ConfigStore.open(dataDir, () => undefined);
for (let round = 0; ; round++) {
  const letter = round % 2 === 0 ? 'a' : 'b';
  const saved = await store.update((draft) => {
    draft.ntp.server = `${letter}.example`;
    draft.mqtt.tls.client_key = letter.repeat(size);
  });
  if (!saved) throw new Error('save failed');
  if (round === 0) process.stdout.write('saving\n');
}

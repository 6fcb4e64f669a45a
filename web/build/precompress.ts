import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text types the gateway compresses (server/src/plugins/web-static.ts). */
export const PRECOMPRESSED = /\.(html|js|mjs|css|json|webmanifest|svg|ico|txt)$/;

/**
 * `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of a build, so
 * the gateway sends the smallest encoding a browser accepts without compressing at run time.
 * Brotli at 11 is too slow to do per request but costs nothing here; a variant that would not be
 * smaller than the file itself is left out.
 */
export async function precompressDir(dir: string): Promise<{ file: string; br: number }[]> {
  const written: { file: string; br: number }[] = [];
  const names = (await readdir(dir, { recursive: true })).map(String);
  for (const name of names.filter((n) => PRECOMPRESSED.test(n)).sort()) {
    const file = path.join(dir, name);
    const body = await readFile(file);
    const br = await brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = await gzipAsync(body, { level: 9 });
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    written.push({ file: name, br: br.length });
  }
  return written;
}

/**
 * Precompresses the normal build once everything is written: closeBundle, ordered last, so
 * files that other plugins write at closeBundle (the service worker) are included.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'heliodtu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (!error) await precompressDir(outDir);
      },
    },
  };
}

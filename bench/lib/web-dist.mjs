import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The built interface a bench serves: BENCH_WEB_DIST or web/dist, else a build into a folder of
 * `tempDir(prefix)` (said on `out`), so a bench runs on a fresh clone too.
 */
export function benchWebDist({ root, tempDir, out, prefix }) {
  const given = process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist');
  if (existsSync(path.join(given, 'index.html'))) return given;
  const dir = tempDir(prefix);
  out(`${given} missing: building the interface into ${dir}\n`);
  execSync('npx vite build', {
    cwd: path.join(root, 'web'),
    env: { ...process.env, WEB_OUT_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

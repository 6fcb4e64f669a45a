// The compiled gateway's memory as the ssr-render bench measures it: a process's RSS and its
// anonymous and file-backed parts, before and after serving the live page.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { pickPort, sleep, startServer, stopServer } from './bench-server.mjs';

/**
 * RSS of a process in MiB, and its anonymous part: file-backed pages (the node binary, ICU's
 * locale data that de/fr formatting touches) are shared and can be dropped by the kernel.
 */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/**
 * The real gateway's RSS after serving `/` `count` times (10 per second, stopping at
 * `requestsUntil`), then 3 s idle; and its RSS idle before the first visit.
 */
export async function gatewayRss(webDist, count, requestsUntil) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heliodtu-bench-ssr-'));
  const port = await pickPort();
  const server = await startServer({
    port,
    dataDir,
    env: { WEB_DIST: webDist, HISTORY: 'off' },
    nodeArgs: SERVER_NODE_FLAGS,
    ready: async (url) => (await fetch(`${url}/api/system/status`)).ok,
  });
  try {
    await sleep(3000);
    const idle = await memory(server.child.pid);
    let rendered = false;
    let requests = 0;
    for (let i = 0; i < count && Date.now() < requestsUntil; i += 1) {
      requests += 1;
      const answer = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      rendered ||= (await answer.text()).includes('data-live-rendered');
      await sleep(100);
    }
    await sleep(3000);
    return { ...(await memory(server.child.pid)), idle, rendered, requests, kind: server.kind };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { npmStart } from './helpers/npm-start.js';

/**
 * Issue 23: with HISTORY=off the gateway does not load libsql, whose native library alone is
 * megabytes of memory. `npm start` runs the compiled gateway; a loaded libsql shows in the
 * process's memory map as its native addon (@libsql/<platform>/index.node).
 */

const mapsOf = (pid: number) => readFile(`/proc/${pid}/maps`, 'utf8');

describe('the history database library in the gateway process', () => {
  it('HISTORY=off: libsql is never loaded, even when the history API is asked', async () => {
    const gw = await npmStart({ env: { HISTORY: 'off' } });
    const answer = await fetch(`${gw.url}${HISTORY_PATHS.range}`, {
      headers: { Authorization: ADMIN_AUTH },
    });
    // No history route: the device's answer to any unknown path, index.html.
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await mapsOf(gw.server.pid)).not.toMatch(/libsql/);
  });

  it('history on: libsql is loaded and the history answers', async () => {
    const gw = await npmStart();
    const answer = await fetch(`${gw.url}${HISTORY_PATHS.range}`, {
      headers: { Authorization: ADMIN_AUTH },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveProperty('retention_days');
    expect(await mapsOf(gw.server.pid)).toMatch(/@libsql\/[\w-]+\/index\.node/);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { HISTORY_RESPONSE_SCHEMAS, addDays } from '@heliodtu/contract/history';
import { buildApp } from '../src/app.js';
import { testOptions } from './helpers/build-test-app.js';

/** Issue 13: the demo backfill runs after listening; the first answer does not wait for it. */
it('answers while the demo backfill runs, then serves the whole span', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-backfill-start-'));
  const app = await buildApp({
    options: testOptions(dataDir, {
      simFleet: 'demo',
      simStart: '2025-06-21T14:00:00',
      history: { enabled: true, retentionDays: 730, backfillDays: 30 },
    }),
    onRestart: () => undefined,
  });
  onTestFinished(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  let backfilled = false;
  void app.history!.started.then(() => (backfilled = true));
  const status = await fetch(`${url}/api/system/status`);
  expect(status.status).toBe(200);
  expect(backfilled).toBe(false);
  await app.history!.started;
  const range = HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(
    await (await fetch(`${url}/api/history/range`)).json(),
  );
  expect(range).toMatchObject({ first_day: addDays('2025-06-21', -30), last_day: '2025-06-21' });
});

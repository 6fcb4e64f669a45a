import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

/** Test-only switch for the simulated faults; registered only with SIM_TEST_API=1. */
export const SIM_TEST_API_ENV = 'SIM_TEST_API';

/** One limit command as the simulated DTU took it. */
export interface SimLimitCommand {
  serial: string;
  value: number;
  relative: boolean;
  persistent: boolean;
}

const FaultsSchema = z.object({ faults: z.string().max(1024) });

/**
 * `POST /api/test/sim-faults` (admin, form field `data` = `{"faults":"unreachable:<serial>,…"}`):
 * replaces SIM_FAULTS while running, e.g. `{"faults":""}` ends a fault, so a test can watch an
 * alert clear (docs/alerts.md). Never registered unless SIM_TEST_API=1; not in the API
 * description, as no owner's gateway has it.
 */
export const simTestRoutes: FastifyPluginAsync = async (app) => {
  if (process.env[SIM_TEST_API_ENV] !== '1') return;
  // Every limit command the simulated DTU took, by kind: tests count persistent ones on the
  // device's side (export control must never send one).
  const limits = { temporary: 0, persistent: 0, last: [] as SimLimitCommand[] };
  app.device.on('limit', ({ serial, value, kind }) => {
    if (kind.persistent) limits.persistent += 1;
    else limits.temporary += 1;
    limits.last = [...limits.last.slice(-49), { serial, value, ...kind }];
  });
  /** `GET /api/test/sim-limits` (admin): the counts and the last 50 limit commands. */
  app.get('/api/test/sim-limits', { preHandler: app.requireAdmin }, async () => limits);

  app.post('/api/test/sim-faults', { preHandler: app.requireAdmin }, async (request) => {
    const { faults } = await request.readData(FaultsSchema);
    const entries = faults
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    app.device.setFaults(entries);
    app.consoleLog.write(`Test: simulated faults now "${entries.join(',')}"`);
    return { ok: true, faults: entries };
  });
};

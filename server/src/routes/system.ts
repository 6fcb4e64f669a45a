import type { FastifyPluginAsync } from 'fastify';
import { configuredRadios } from '@heliodtu/contract/domain/pin-mapping-file';
import type { SystemStatus } from '@heliodtu/contract/system';
import { recordBoot, uptimeSeconds } from '../system/boot-record.js';
import { HeapTracker, cpuTemperature, fileSystemFigures } from '../system/host-figures.js';
import { systemStatus } from '../system/system-status.js';

// How often the heap is sampled between requests, so heap_min_free sees the dips.
const HEAP_SAMPLE_MS = 5_000;

/** GET /api/system/status, wire-contract §4.11. */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  const resetReason = recordBoot(app.system.options.dataDir);
  const heap = new HeapTracker();
  heap.sample();
  const sampler = setInterval(() => heap.sample(), HEAP_SAMPLE_MS).unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  const radios = configuredRadios(app.activePins);

  app.get(
    '/api/system/status',
    { preHandler: app.requireReadonly },
    async (): Promise<SystemStatus> =>
      systemStatus({
        config: app.store.config,
        chipId: app.system.chipId,
        uptimeSeconds: uptimeSeconds(app.system.bootedAt),
        resetReason,
        heap: heap.sample(),
        fileSystem: await fileSystemFigures(app.store.dataDir),
        cpuTemperature: cpuTemperature(),
        radios,
        radioFault: app.system.options.simFaults.includes('radio'),
        firmware: app.system.firmware,
      }),
  );
};

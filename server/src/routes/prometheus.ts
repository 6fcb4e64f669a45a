import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { CONFIG_VERSION_STRING } from '@heliodtu/contract/limits';
import { FIRMWARE_RELEASES } from '@heliodtu/contract/domain/firmware-generation';
import { formatSerialHex } from '@heliodtu/contract/wire';
import {
  formatPrometheusMetrics,
  type PrometheusDtu,
  type PrometheusInverter,
} from '../metrics/prometheus.js';
import { EventLoopDelayMonitor, eventLoopDelayLines } from '../metrics/event-loop-delay.js';
import { houseMetrics } from '../metrics/house-metrics.js';
import { uptimeSeconds } from '../system/boot-record.js';
import { HeapTracker } from '../system/host-figures.js';
import { readNetworkStatus } from '../system/network-status.js';
import { BOARD } from '../system/system-status.js';

// How often the heap is sampled between scrapes, so heap_min_free sees the dips.
const HEAP_SAMPLE_MS = 5_000;

/** Per inverter of the fleet, in library order (the `unit` label), from its live state. */
function inverterMetrics(app: FastifyInstance): PrometheusInverter[] {
  const states = app.device
    .inverterSerials()
    .map((serial) => app.device.inverterState(serial))
    .filter((state) => state !== null)
    .sort((a, b) => a.position - b.position);
  return states.map(({ live, hasData, lastUpdateUptime }) => {
    const slot = app.store.config.inverters.find(
      (s) => s.serial !== 0 && formatSerialHex(BigInt(s.serial)) === live.serial,
    );
    return {
      serial: live.serial,
      name: live.name,
      lastUpdate: hasData ? lastUpdateUptime : 0,
      limitRelative: live.limit_relative,
      limitAbsolute: live.limit_absolute,
      channels: hasData ? { AC: live.AC, DC: live.DC, INV: live.INV } : null,
      strings: slot?.channel ?? [],
    };
  });
}

/** GET /api/prometheus/metrics, wire-contract §4.16 and integrations §6. */
export const prometheusRoutes: FastifyPluginAsync = async (app) => {
  const heap = new HeapTracker();
  heap.sample();
  const sampler = setInterval(() => heap.sample(), HEAP_SAMPLE_MS).unref();
  const loopDelay = new EventLoopDelayMonitor();
  loopDelay.start();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    loopDelay.stop();
  });

  app.get(
    '/api/prometheus/metrics',
    { preHandler: app.requireReadonly },
    async (_request, reply) => {
      const config = app.store.config;
      const uptime = uptimeSeconds(app.system.bootedAt);
      const network = await readNetworkStatus({
        config,
        chipId: app.system.chipId,
        uptimeSeconds: uptime,
      });
      const figures = heap.sample();
      const dtu: PrometheusDtu = {
        hostname: resolveHostname(config.wifi.hostname, app.system.chipId),
        firmwareVersion: FIRMWARE_RELEASES[app.system.firmware],
        configVersion: CONFIG_VERSION_STRING,
        chipModel: BOARD.chipmodel,
        mac: network.network_mac.toUpperCase(),
        uptimeSeconds: uptime,
        heapSize: figures.heap_total,
        freeHeap: figures.heap_total - figures.heap_used,
        biggestHeapBlock: figures.heap_max_block,
        heapMinFree: figures.heap_min_free,
        // The simulated device is always a Wi-Fi station (network-status.ts).
        wifiRssi: network.network_mode === 'Station' ? network.sta_rssi : 0,
        bssid: network.sta_status ? network.sta_bssid.toUpperCase() : '',
      };
      // The gateway's own figures follow the device's, so OpenDTU dashboards see no change.
      const text =
        formatPrometheusMetrics(dtu, inverterMetrics(app)) +
        `${eventLoopDelayLines(loopDelay.latest()).join('\n')}\n` +
        houseMetrics(app);
      return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(text);
    },
  );
};

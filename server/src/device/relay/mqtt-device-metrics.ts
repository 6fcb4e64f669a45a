import { formatPrometheusMetrics, type PrometheusInverter } from '../../metrics/prometheus.js';
import type { MqttTopicTree } from './mqtt-topic-tree.js';

/**
 * GET /api/prometheus/metrics of a device known by its topics (integrations §6), from what it
 * published: a figure it does not publish (its firmware, chip, MAC) is empty or NaN, never 0.
 */
export function mqttDeviceMetrics(tree: MqttTopicTree): string {
  const figure = (field: string) => {
    const text = tree.dtuField(field);
    return text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  };
  const uptime = figure('uptime');
  const inverters: PrometheusInverter[] = tree.inverterSerials().flatMap((serial) => {
    const live = tree.inverter(serial);
    if (!live) return [];
    return [
      {
        serial,
        name: live.name,
        // The DTU's uptime when the packet came: its uptime now less the packet's age.
        lastUpdate: uptime - live.data_age,
        limitRelative: live.limit_relative,
        limitAbsolute: live.limit_absolute,
        channels: { AC: live.AC, DC: live.DC, INV: live.INV },
        strings: [],
      },
    ];
  });
  return formatPrometheusMetrics(
    {
      hostname: tree.dtuField('hostname') ?? '',
      firmwareVersion: '',
      configVersion: '',
      chipModel: '',
      mac: '',
      uptimeSeconds: uptime,
      heapSize: figure('heap/size'),
      freeHeap: figure('heap/free'),
      biggestHeapBlock: figure('heap/maxalloc'),
      heapMinFree: figure('heap/minfree'),
      wifiRssi: figure('rssi'),
      bssid: tree.dtuField('bssid') ?? '',
    },
    inverters,
  );
}

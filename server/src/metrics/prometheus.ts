import type { ChannelFile } from '@heliodtu/contract/config-file';
import {
  AC_FIELDS,
  DC_FIELDS,
  type AcChannel,
  type DcChannel,
  type InvChannel,
} from '@heliodtu/contract/live-data';
import type { ValueObject } from '@heliodtu/contract/value';

/** The DTU's own figures for the fixed block of GET /api/prometheus/metrics (integrations §6.2). */
export interface PrometheusDtu {
  hostname: string;
  /** Firmware version string (`id` label), e.g. v24.11.7. */
  firmwareVersion: string;
  /** Config format version (`version` label), e.g. 0.1.29. */
  configVersion: string;
  chipModel: string;
  mac: string;
  uptimeSeconds: number;
  heapSize: number;
  freeHeap: number;
  biggestHeapBlock: number;
  heapMinFree: number;
  /** dBm; 0 when not on Wi-Fi. */
  wifiRssi: number;
  /** Empty when not associated. */
  bssid: string;
}

/** The channel groups of one inverter's last packet, as the live-data full object has them. */
export interface PrometheusChannels {
  AC: Record<string, AcChannel>;
  DC: Record<string, DcChannel>;
  INV: Record<string, InvChannel>;
}

/** One inverter of the DTU's list, in list order (its index is the `unit` label). */
export interface PrometheusInverter {
  serial: string;
  name: string;
  /** DTU uptime in seconds when the last live-data packet arrived; 0 before the first. */
  lastUpdate: number;
  /** Percent, as the live data has it; printed as a fraction. */
  limitRelative: number;
  /** W; -1 while the max power is unknown (then the metric is left out). */
  limitAbsolute: number;
  /** Null until the first packet since boot: then no channel metrics at all. */
  channels: PrometheusChannels | null;
  /** The configured strings (name, max_power in Wp, yield_total_offset in kWh). */
  strings: readonly ChannelFile[];
}

// Label values are quoted; the firmware inserts names raw, which breaks the format on a
// quote or backslash. Escaping changes nothing for ordinary names.
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

type Labels = readonly (readonly [string, string])[];

const sample = (name: string, labels: Labels, value: string) =>
  labels.length === 0
    ? `${name} ${value}`
    : `${name}{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}} ${value}`;

const header = (name: string, help: string, type: 'gauge' | 'counter') => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
];

const fixed = (value: number, decimals: number) =>
  Number.isFinite(value) ? value.toFixed(decimals) : 'NaN';

/** A field value with the field's own decimals, as MQTT and the live data print it. */
const valueText = (value: ValueObject | undefined) =>
  value === undefined || value.v === null ? 'NaN' : fixed(value.v, value.d);

const integer = (value: number) => fixed(Math.trunc(value), 0);

/** Metric name of a live-data field key: `Power DC` becomes `PowerDC`. */
const metricOf = (field: string) => `opendtu_${field.replace(/ /g, '')}`;

const byChannelNumber = <T>(group: Record<string, T>) =>
  Object.entries(group).sort(([a], [b]) => Number(a) - Number(b));

/** Lines of the fixed DTU block, in table order. */
function dtuBlock(dtu: PrometheusDtu): string[] {
  const plain = (name: string, help: string, type: 'gauge' | 'counter', value: number) => [
    ...header(name, help, type),
    sample(name, [], integer(value)),
  ];
  return [
    ...header('opendtu_build', 'Build info', 'gauge'),
    sample(
      'opendtu_build',
      [
        ['name', dtu.hostname],
        ['id', dtu.firmwareVersion],
        ['version', dtu.configVersion],
      ],
      '1',
    ),
    ...header('opendtu_platform', 'Platform info', 'gauge'),
    sample(
      'opendtu_platform',
      [
        ['arch', dtu.chipModel],
        ['mac', dtu.mac],
      ],
      '1',
    ),
    ...plain('opendtu_uptime', 'Uptime in seconds', 'counter', dtu.uptimeSeconds),
    ...plain('opendtu_heap_size', 'System memory size', 'gauge', dtu.heapSize),
    ...plain('opendtu_free_heap_size', 'System free memory', 'gauge', dtu.freeHeap),
    ...plain(
      'opendtu_biggest_heap_block',
      'Biggest free heap block',
      'gauge',
      dtu.biggestHeapBlock,
    ),
    ...plain('opendtu_heap_min_free', 'Minimum free memory since boot', 'gauge', dtu.heapMinFree),
    ...plain('wifi_rssi', 'WiFi RSSI', 'gauge', dtu.wifiRssi),
    ...header('wifi_station', 'WiFi Station info', 'gauge'),
    sample('wifi_station', [['bssid', dtu.bssid]], '1'),
  ];
}

/** Lines of one inverter; HELP/TYPE only for the first (index 0), as the device prints them. */
function inverterLines(inverter: PrometheusInverter, index: number): string[] {
  const first = index === 0;
  const base: Labels = [
    ['serial', inverter.serial],
    ['unit', String(index)],
    ['name', inverter.name],
  ];
  const lines: string[] = [];
  const emit = (name: string, help: string | null, labels: Labels, value: string) => {
    if (help !== null) lines.push(...header(name, help, 'gauge'));
    lines.push(sample(name, labels, value));
  };
  const helpIf = (wanted: boolean, help: string) => (wanted ? help : null);

  emit(
    'opendtu_last_update',
    helpIf(first, 'last update from inverter in s'),
    base,
    integer(inverter.lastUpdate),
  );
  emit(
    'opendtu_inverter_limit_relative',
    helpIf(first, 'current relative limit of the inverter'),
    base,
    fixed(inverter.limitRelative / 100, 6),
  );
  if (inverter.limitAbsolute >= 0) {
    // The device's HELP text says "relative" here too; dashboards match it byte for byte.
    emit(
      'opendtu_inverter_limit_absolute',
      helpIf(first, 'current relative limit of the inverter'),
      base,
      fixed(inverter.limitAbsolute, 6),
    );
  }
  const channels = inverter.channels;
  if (channels === null) return lines;

  const field = (type: string, channel: string, key: string, value: ValueObject | undefined) => {
    const unit = (AC_FIELDS as Record<string, { u: string } | undefined>)[key]?.u;
    // Field metrics get HELP/TYPE only where inverter 0 prints its AC channel 0.
    const help = first && type === 'AC' && channel === '0' && unit !== undefined;
    emit(
      metricOf(key),
      help ? `in ${unit}` : null,
      [...base, ['type', type], ['channel', channel]],
      valueText(value),
    );
  };

  for (const [channel, ac] of byChannelNumber(channels.AC)) {
    for (const key of Object.keys(AC_FIELDS) as (keyof AcChannel)[]) {
      field('AC', channel, key, ac[key]);
    }
  }
  for (const [channel, dc] of byChannelNumber(channels.DC)) {
    const string = inverter.strings[Number(channel)];
    const panel: Labels = [...base, ['channel', channel]];
    const firstPanel = first && channel === '0';
    emit(
      'opendtu_PanelInfo',
      helpIf(firstPanel, 'panel information'),
      [...panel, ['panelname', dc.name.u]],
      '1',
    );
    emit(
      'opendtu_MaxPower',
      helpIf(firstPanel, 'panel maximum output power'),
      panel,
      integer(string?.max_power ?? dc.Irradiation?.max ?? 0),
    );
    emit(
      'opendtu_YieldTotalOffset',
      helpIf(firstPanel, 'panel yield offset (for used inverters)'),
      panel,
      fixed(string?.yield_total_offset ?? 0, 6),
    );
    for (const key of ['Power', 'Voltage', 'Current', 'YieldDay', 'YieldTotal'] as const) {
      field('DC', channel, key, dc[key]);
    }
    // Irradiation is always printed for DC: 0 when the string has no Wp configured.
    const irradiation = dc.Irradiation ?? {
      v: 0,
      u: DC_FIELDS.Irradiation.u,
      d: DC_FIELDS.Irradiation.d,
    };
    field('DC', channel, 'Irradiation', irradiation);
  }
  for (const [channel, inv] of byChannelNumber(channels.INV)) {
    for (const key of [
      'Power DC',
      'YieldDay',
      'YieldTotal',
      'Temperature',
      'Efficiency',
    ] as const) {
      field('INV', channel, key, inv[key]);
    }
  }
  return lines;
}

/**
 * The text of GET /api/prometheus/metrics (integrations §6): exposition format 0.0.4 with the
 * device's names, labels, HELP texts, decimals and ordering, including its quirks.
 */
export function formatPrometheusMetrics(
  dtu: PrometheusDtu,
  inverters: readonly PrometheusInverter[],
): string {
  const lines = [...dtuBlock(dtu), ...inverters.flatMap(inverterLines)];
  return `${lines.join('\n')}\n`;
}

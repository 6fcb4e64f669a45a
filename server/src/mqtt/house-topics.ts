import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import type { MqttFileConfig, MqttMessage } from './publish-topics.js';

/**
 * The house's topics (issue 35) under the gateway's topic prefix, as pure data: the grid meter
 * under `gridmeter/…`, export control under `exportcontrol/…`, and the `…/set` topics export
 * control listens on. Payloads are plain numbers as OpenDTU's topics are (W and Wh with one
 * decimal, booleans 1/0); QoS 0 and the configured retain flag (integrations §1.2).
 */

export const HOUSE_TOPICS = {
  gridPower: 'gridmeter/power',
  /** `gridmeter/phase/<n>/power`, n = 1…3. */
  phasePower: (n: number) => `gridmeter/phase/${n}/power`,
  importWh: 'gridmeter/import_wh',
  exportWh: 'gridmeter/export_wh',
  consumption: 'gridmeter/consumption',
  state: 'gridmeter/state',
  todayProductionWh: 'gridmeter/today/production_wh',
  todayImportWh: 'gridmeter/today/import_wh',
  todayExportWh: 'gridmeter/today/export_wh',
  todayConsumptionWh: 'gridmeter/today/consumption_wh',
  todaySelfConsumption: 'gridmeter/today/self_consumption',
  controlEnabled: 'exportcontrol/enabled',
  controlTarget: 'exportcontrol/target',
  controlState: 'exportcontrol/state',
  controlLimit: 'exportcontrol/limit',
  controlEnabledSet: 'exportcontrol/enabled/set',
  controlTargetSet: 'exportcontrol/target/set',
} as const;

const one = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

function messageOf(mqtt: MqttFileConfig) {
  return (subtopic: string, payload: string): MqttMessage => ({
    topic: `${mqtt.topic}${subtopic}`,
    payload,
    retain: mqtt.retain,
    qos: 0,
  });
}

/**
 * The meter's messages: the state and the registers always; power, phases and consumption only
 * with a usable reading (nothing stale is published as if it were now); today's figures once
 * the meter has them.
 */
export function gridMeterMessages(
  mqtt: MqttFileConfig,
  status: GridMeterStatus,
  energy: { readonly import_wh: number; readonly export_wh: number },
): MqttMessage[] {
  const m = messageOf(mqtt);
  const T = HOUSE_TOPICS;
  const out = [m(T.state, status.state)];
  if (status.power_w !== null) {
    out.push(m(T.gridPower, one(status.power_w)));
    status.phases_w.forEach((w, i) => out.push(m(T.phasePower(i + 1), one(w))));
  }
  if (status.consumption_w !== null) out.push(m(T.consumption, one(status.consumption_w)));
  out.push(m(T.importWh, one(energy.import_wh)), m(T.exportWh, one(energy.export_wh)));
  const today = status.today;
  if (today) {
    out.push(
      m(T.todayProductionWh, one(today.production_wh)),
      m(T.todayImportWh, one(today.import_wh)),
      m(T.todayExportWh, one(today.export_wh)),
      m(T.todayConsumptionWh, one(today.consumption_wh)),
    );
    if (today.self_consumption_pct !== null) {
      out.push(m(T.todaySelfConsumption, one(today.self_consumption_pct)));
    }
  }
  return out;
}

/** Export control's messages; the limit sum only while control governs. */
export function exportControlMessages(
  mqtt: MqttFileConfig,
  status: ExportControlStatus,
): MqttMessage[] {
  const m = messageOf(mqtt);
  const T = HOUSE_TOPICS;
  const out = [
    m(T.controlEnabled, status.enabled ? '1' : '0'),
    m(T.controlTarget, String(Math.round(status.target_w))),
    m(T.controlState, status.state),
  ];
  if (status.limit_w !== null) out.push(m(T.controlLimit, String(Math.round(status.limit_w))));
  return out;
}

/** `enabled/set`: 1/0, on/off, true/false (any case, spaces trimmed); null for anything else. */
export function parseEnabled(payload: string): boolean | null {
  const text = payload.trim().toLowerCase();
  if (['1', 'on', 'true'].includes(text)) return true;
  if (['0', 'off', 'false'].includes(text)) return false;
  return null;
}

/** `target/set`: a whole number of W (a decimal is rounded); null when it is not a number. */
export function parseTarget(payload: string): number | null {
  const text = payload.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text));
}

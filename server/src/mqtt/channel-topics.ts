import {
  formatNumber,
  formatValue,
  messageMaker,
  topicSerial,
  type InverterPublishState,
  type MqttFileConfig,
  type MqttMessage,
} from './publish-topics.js';

/**
 * The per-channel measurement topics (integrations §2.4) and the bookkeeping of when they are
 * due (§2.5). Split from publish-topics.ts, which holds the topics sent every interval.
 */

/** Channel-0 AC fields: topic name → live-data key, in publish order (integrations §2.4). */
const AC_TOPICS = [
  ['voltage', 'Voltage'],
  ['current', 'Current'],
  ['power', 'Power'],
  ['frequency', 'Frequency'],
  ['powerfactor', 'PowerFactor'],
  ['reactivepower', 'ReactivePower'],
] as const;
const DC_TOPICS = [
  ['voltage', 'Voltage'],
  ['current', 'Current'],
  ['power', 'Power'],
  ['yieldday', 'YieldDay'],
  ['yieldtotal', 'YieldTotal'],
] as const;
const INV_TOPICS = [
  ['powerdc', 'Power DC'],
  ['yieldday', 'YieldDay'],
  ['yieldtotal', 'YieldTotal'],
  ['temperature', 'Temperature'],
  ['efficiency', 'Efficiency'],
] as const;

/** Irradiation of a DC input is published even without max_power, as 0.000 (integrations §2.4). */
const IRRADIATION_DECIMALS = 3;

/**
 * The channel block (integrations §2.4): AC ch 0, DC inputs 1..n (the live data's 0-based keys + 1), then
 * INV ch 0. The caller sends it only when the statistics changed (see ChannelPublishTracker).
 */
export function inverterChannelMessages(
  mqtt: MqttFileConfig,
  state: InverterPublishState,
): MqttMessage[] {
  const m = messageMaker(mqtt);
  const { live } = state;
  const s = topicSerial(live.serial);
  const out: MqttMessage[] = [];
  const ac = live.AC['0'];
  if (ac)
    for (const [topic, key] of AC_TOPICS) out.push(m(`${s}/0/${topic}`, formatValue(ac[key])));
  const dcKeys = Object.keys(live.DC).sort((a, b) => Number(a) - Number(b));
  for (const key of dcKeys) {
    const dc = live.DC[key];
    if (!dc) continue;
    const n = Number(key) + 1;
    out.push(m(`${s}/${n}/name`, dc.name.u));
    for (const [topic, field] of DC_TOPICS)
      out.push(m(`${s}/${n}/${topic}`, formatValue(dc[field])));
    out.push(
      m(`${s}/${n}/irradiation`, formatNumber(dc.Irradiation?.v ?? 0, IRRADIATION_DECIMALS)),
    );
  }
  const inv = live.INV['0'];
  if (inv)
    for (const [topic, key] of INV_TOPICS) out.push(m(`${s}/0/${topic}`, formatValue(inv[key])));
  return out;
}

/**
 * Which inverters owe a channel block (integrations §2.4, §2.5): one that changed (new packet, runtime or
 * midnight zeroing) since its last block. Keyed by serial, not list position (integrations §2.6 quirk 4).
 */
export class ChannelPublishTracker {
  private readonly due = new Set<string>();

  /** The statistics of `serial` changed internally. */
  markChanged(serial: string): void {
    this.due.add(topicSerial(serial));
  }

  /** Whether a block is owed; taking it clears the mark. */
  take(serial: string): boolean {
    return this.due.delete(topicSerial(serial));
  }

  forget(serial: string): void {
    this.due.delete(topicSerial(serial));
  }
}

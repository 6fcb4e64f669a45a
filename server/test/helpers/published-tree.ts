import type { MqttClient } from 'mqtt';

/** One inverter of a published tree: its serial (hex, lower case as OpenDTU writes it) and name. */
export interface PublishedInverter {
  serial: string;
  name: string;
}

/**
 * Publishes, retained, the part of OpenDTU's topic tree (integrations §2) that tells what a
 * device is: its host name, IP and status, the totals, and per inverter its name, reachability and AC
 * power. Enough to find a device by its topics without a gateway process; the topic shapes are
 * the ones the MQTT tests hold our own gateway to.
 */
export async function publishRetainedTree(
  client: MqttClient,
  prefix: string,
  dtu: { hostname: string; ip?: string },
  inverters: PublishedInverter[],
): Promise<void> {
  const topics: [string, string][] = [
    ['dtu/hostname', dtu.hostname],
    ['dtu/status', 'online'],
    ['dtu/uptime', '1200'],
  ];
  if (dtu.ip !== undefined) topics.push(['dtu/ip', dtu.ip]);
  // The totals: their first level is a hex word, like a serial.
  topics.push(['ac/power', '246.8'], ['ac/yieldday', '1200'], ['dc/power', '260.1']);
  for (const { serial, name } of inverters) {
    topics.push([`${serial}/name`, name]);
    topics.push([`${serial}/status/reachable`, '1']);
    topics.push([`${serial}/status/producing`, '1']);
    topics.push([`${serial}/status/last_update`, '1750500000']);
    topics.push([`${serial}/0/power`, '123.4']);
    topics.push([`${serial}/1/power`, '61.7']);
  }
  for (const [topic, payload] of topics) {
    await client.publishAsync(`${prefix}${topic}`, payload, { retain: true, qos: 1 });
  }
}

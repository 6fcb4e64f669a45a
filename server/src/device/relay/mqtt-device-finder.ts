import { connect } from 'mqtt';
import { brokerTlsOptions } from './broker-trust.js';
import type { DeviceProblem } from './device-problem.js';
import type { DeviceTarget } from './device-target.js';
import { brokerConnectionProblem } from './mqtt-broker-problem.js';

/** How long the Devices screen's test waits for a broker and the device's topics. */
export const MQTT_FIND_WAIT_MS = 5000;
/**
 * Once the device's host name came, this long without a new topic ends the wait: OpenDTU
 * retains most of its tree, so the broker sends it at once after the subscription.
 */
const QUIET_MS = 400;
/** An inverter's topics start with its serial: hex, lower case (integrations §2.3). */
const SERIAL_TOPIC = /^[0-9a-f]{1,16}$/;
/** The totals' topics (`ac/power`, `dc/power`…) start with words that are hex too. */
const TOTAL_TOPICS = new Set(['ac', 'dc']);

export type MqttFindResult =
  | { ok: true; hostname: string; inverters: number; message: string }
  | ({ ok: false } & DeviceProblem);

/**
 * The Devices screen's "Test connection" for a device known by its topics (issue 37): a
 * client of its own (never the shared broker connections, which must not see a login that
 * may be wrong), subscribed to `<base topic>#` for at most `waitMs`, then closed. It says
 * what it found, the DTU's host name and how many inverters published (distinct serials), or
 * why not: the broker not reachable, the login refused, nothing under that base topic.
 */
export async function findMqttDevice(
  target: DeviceTarget,
  { waitMs = MQTT_FIND_WAIT_MS, ownCa }: { waitMs?: number; ownCa?: readonly string[] } = {},
): Promise<MqttFindResult> {
  const mqtt = target.mqtt();
  if (!mqtt) throw new Error(`device ${target.id} is not an MQTT device`);
  const { broker, prefix, username, password } = mqtt;
  const where = target.baseUrl;
  const client = connect(broker, {
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    // One attempt: a test that retries would hide the reason it failed.
    reconnectPeriod: 0,
    connectTimeout: waitMs,
    clean: true,
    // The same trust as the device's own connection will have (DTU_MQTT_CA_FILE).
    ...brokerTlsOptions(broker, ownCa),
  });
  let hostname: string | undefined;
  let heard = false;
  let everConnected = false;
  const serials = new Set<string>();
  const outcome = await new Promise<'found' | 'silent' | DeviceProblem>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const deadline = setTimeout(
      () => resolve(client.connected ? 'silent' : timeoutProblem()),
      waitMs,
    );
    const settle = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => resolve('found'), QUIET_MS);
    };
    const timeoutProblem = (): DeviceProblem => ({
      code: 'timeout',
      message: `the broker ${broker} did not answer within ${Math.round(waitMs / 1000)} s`,
    });
    client.on('connect', () => {
      everConnected = true;
      client.subscribe(`${prefix}#`, { qos: 0 });
    });
    client.on('message', (topic, payload) => {
      if (!topic.startsWith(prefix)) return;
      heard = true;
      const [head, second] = topic.slice(prefix.length).split('/');
      if (head === 'dtu' && second === 'hostname') hostname = payload.toString('utf8');
      // `cmd/…` is what others send an inverter, never a sign that it is there.
      else if (head && second && second !== 'cmd' && isSerial(head)) serials.add(head);
      if (hostname !== undefined) settle();
    });
    client.on('error', (error) =>
      resolve(brokerProblem(broker, error, target.hasPassword, everConnected)),
    );
    client.on('close', () =>
      resolve({ code: 'connection-lost', message: `the broker ${broker} closed the connection` }),
    );
    // Whatever ends the wait ends the timers too.
    client.once('end', () => {
      clearTimeout(deadline);
      clearTimeout(quiet);
    });
  });
  await client.endAsync(true);
  if (
    outcome === 'found' ||
    (outcome === 'silent' && heard && (hostname !== undefined || serials.size > 0))
  ) {
    const name = hostname ?? '';
    const count = serials.size;
    return {
      ok: true,
      hostname: name,
      inverters: count,
      message:
        `an OpenDTU${name ? ` "${name}"` : ''} by its topics at ${where} ` +
        `with ${count} inverter${count === 1 ? '' : 's'}`,
    };
  }
  if (outcome === 'silent') {
    return {
      ok: false,
      code: 'not-opendtu',
      message: heard
        ? `the topics under ${prefix} on ${broker} are not an OpenDTU's (no dtu/hostname, no inverter)`
        : `nothing is published under the base topic ${prefix} on ${broker} (check the DTU's MQTT base topic)`,
    };
  }
  return { ok: false, ...outcome };
}

const isSerial = (head: string) => SERIAL_TOPIC.test(head) && !TOTAL_TOPICS.has(head);

/** Why the broker connection failed, in words an owner acts on (never the login). */
function brokerProblem(
  broker: string,
  error: Error,
  hasPassword: boolean,
  connected: boolean,
): DeviceProblem {
  return brokerConnectionProblem(error, {
    broker,
    hasPassword,
    loginAdvice: 'wrong user name or password',
    connected,
    otherwise: {
      code: 'unreachable',
      message: `the broker ${broker} cannot be reached (${error.message})`,
    },
  });
}

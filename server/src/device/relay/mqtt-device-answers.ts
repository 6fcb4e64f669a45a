import type { RelayResult } from './device-relay.js';
import type { MqttDeviceLink } from './mqtt-device-link.js';
import { mqttDeviceMetrics } from './mqtt-device-metrics.js';

const LIVE_DATA_STATUS = '/api/livedata/status';
const PROMETHEUS_METRICS = '/api/prometheus/metrics';
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The REST side of a device known only by its topics, in the place of the HTTP relay: the
 * live data is answered from the topic tree in the device's own shapes; while the device is
 * away the answer is the failure the route turns into the last answer, aged; its metrics come
 * from the tree too (integrations §6). Nothing else of
 * its API is reachable over MQTT, which the answer says in plain words.
 */
export class MqttDeviceAnswers {
  constructor(
    private readonly deviceId: string,
    private readonly link: MqttDeviceLink,
  ) {}

  forward(method: string, pathAndQuery: string): Promise<RelayResult> {
    return Promise.resolve(this.answer(method, pathAndQuery));
  }

  cachedGet(pathAndQuery: string): Promise<RelayResult> {
    return this.forward('GET', pathAndQuery);
  }

  /** Nothing waits in line: the answers are the companion's own. */
  async inTurn<T>(task: () => Promise<T>): Promise<T | null> {
    return task();
  }

  close(): void {}

  private answer(method: string, pathAndQuery: string): RelayResult {
    const [path = '', query = ''] = pathAndQuery.split('?');
    if (method === 'GET' && path === LIVE_DATA_STATUS) {
      const problem = this.link.problem;
      if (problem) return { ok: false, status: 503, problem };
      if (this.link.state !== 'connected') {
        return {
          ok: false,
          status: 503,
          problem: {
            code: 'timeout',
            message: `device ${this.deviceId}: nothing published under its base topic yet`,
          },
        };
      }
      const inv = new URLSearchParams(query).get('inv') ?? undefined;
      const status = this.link.tree.status(inv?.toLowerCase());
      return {
        ok: true,
        status: 200,
        headers: JSON_TYPE,
        body: Buffer.from(JSON.stringify(status)),
      };
    }
    if (method === 'GET' && path === PROMETHEUS_METRICS && this.link.state === 'connected') {
      const text = mqttDeviceMetrics(this.link.tree);
      const headers = { 'content-type': 'text/plain; charset=utf-8' };
      return { ok: true, status: 200, headers, body: Buffer.from(text) };
    }
    const body = {
      type: 'warning',
      message:
        `Device ${this.deviceId} is known only by its MQTT topics: ` +
        'its settings and commands are on the device itself',
    };
    return { ok: true, status: 501, headers: JSON_TYPE, body: Buffer.from(JSON.stringify(body)) };
  }
}

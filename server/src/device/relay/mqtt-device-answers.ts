import type { Readable } from 'node:stream';
import { apiResult } from '../../plugins/api-result.js';
import type { ForwardInit, RelayResult } from './device-relay.js';
import { MqttDeviceCommands, type CommandAnswer } from './mqtt-device-commands.js';
import type { MqttDeviceLink } from './mqtt-device-link.js';
import { mqttDeviceMetrics } from './mqtt-device-metrics.js';

const LIVE_DATA_STATUS = '/api/livedata/status';
const PROMETHEUS_METRICS = '/api/prometheus/metrics';
const LIMIT_STATUS = '/api/limit/status';
const LIMIT_CONFIG = '/api/limit/config';
const POWER_STATUS = '/api/power/status';
const POWER_CONFIG = '/api/power/config';
/** A command body is a small form; anything longer is not one. */
const COMMAND_BODY_MAX = 4096;
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The REST side of a device known only by its topics, in the place of the HTTP relay: the
 * live data is answered from the topic tree in the device's own shapes; while the device is
 * away the answer is the failure the route turns into the last answer, aged; its metrics come
 * from the tree too (integrations §6); limits and power go to its command topics
 * (MqttDeviceCommands). Nothing else of its API is reachable over MQTT, which the answer says
 * in plain words.
 */
export class MqttDeviceAnswers {
  readonly commands: MqttDeviceCommands;

  constructor(
    private readonly deviceId: string,
    private readonly link: MqttDeviceLink,
    confirmMs?: number,
  ) {
    this.commands = new MqttDeviceCommands(link, confirmMs);
  }

  async forward(
    method: string,
    pathAndQuery: string,
    init: ForwardInit = {},
  ): Promise<RelayResult> {
    const path = pathAndQuery.split('?')[0] ?? '';
    if (method === 'POST' && (path === LIMIT_CONFIG || path === POWER_CONFIG)) {
      const body = await readBody(init.body);
      const answer =
        path === LIMIT_CONFIG
          ? await this.commands.limitConfig(body, init.contentType)
          : await this.commands.powerConfig(body, init.contentType);
      return this.commandResult(answer);
    }
    return this.answer(method, pathAndQuery);
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
    if (method === 'GET' && (path === LIMIT_STATUS || path === POWER_STATUS)) {
      const status =
        path === LIMIT_STATUS ? this.commands.limitStatus() : this.commands.powerStatus();
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
        'its settings can only be changed on the device itself',
    };
    return { ok: true, status: 501, headers: JSON_TYPE, body: Buffer.from(JSON.stringify(body)) };
  }

  private commandResult(answer: CommandAnswer): RelayResult {
    if (answer.kind === 'away') {
      const message = `device ${this.deviceId}: the command was not sent: ${answer.message}`;
      return { ok: false, status: 503, problem: { code: 'connection-lost', message } };
    }
    const result = apiResult(answer.code, answer.param);
    return { ok: true, status: 200, headers: JSON_TYPE, body: Buffer.from(JSON.stringify(result)) };
  }
}

/** The form a browser posted, read whole (a command is a few dozen bytes). */
async function readBody(body: Readable | undefined): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > COMMAND_BODY_MAX) break;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

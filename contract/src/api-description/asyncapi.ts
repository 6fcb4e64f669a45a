import { ADMIN_USERNAME } from '../limits.js';
import { FIRMWARE_VERSION } from '../system.js';
import {
  CONSOLE_CHUNK_MAX_BYTES,
  CONSOLE_SOCKET_PATH,
  KEEP_ALIVE_TEXT,
  LIVE_DATA_SOCKET_PATH,
  LIVE_PUSH_MAX_INTERVAL_MS,
  LiveDataMessageSchema,
  SOCKET_AUTH_QUERY_PARAM,
} from '../ws.js';
import { ComponentSet, type JsonSchema } from './json-schema.js';
import { MQTT_TOPICS, TOPIC_PARAMETERS } from './mqtt-topics.js';

/**
 * The AsyncAPI 3 document: the two WebSockets (payloads from contract/src/ws.ts) and the MQTT
 * topic tree with Home Assistant discovery (mqtt-topics.ts). Written from the gateway's side:
 * `send` is what it publishes, `receive` what it acts on.
 */

const serverRef = (name: string) => ({ $ref: `#/servers/${name}` });
const channelId = (address: string) =>
  address
    .replace(/[{}]/g, '')
    .split('/')
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part[0]?.toUpperCase() + part.slice(1)))
    .join('');

function socketChannels(components: ComponentSet): Record<string, JsonSchema> {
  const keepAlive = {
    name: 'keepAlive',
    title: 'Keep-alive',
    summary: `The text "${KEEP_ALIVE_TEXT}" a client may send; ignored.`,
    contentType: 'text/plain',
    payload: { type: 'string', const: KEEP_ALIVE_TEXT },
  };
  const common = {
    servers: [serverRef('gateway')],
    'x-heliodtu-transport': 'ws',
    bindings: {
      ws: {
        method: 'GET',
        query: {
          type: 'object',
          properties: {
            [SOCKET_AUTH_QUERY_PARAM]: {
              type: 'string',
              description: 'base64 of admin:password, for browsers that cannot send a header.',
            },
          },
        },
      },
    },
  };
  return {
    livedata: {
      ...common,
      address: LIVE_DATA_SOCKET_PATH,
      title: 'Live data',
      description: `Live data: one inverter per message (its full object with totals and hints), on every new reading and at least every ${LIVE_PUSH_MAX_INTERVAL_MS / 1000} s per inverter.`,
      messages: {
        liveData: {
          name: 'liveData',
          title: 'Live data of one inverter',
          contentType: 'application/json',
          payload: components.ref(LiveDataMessageSchema, 'output', 'LiveDataMessage'),
        },
        keepAlive,
      },
    },
    console: {
      ...common,
      address: CONSOLE_SOCKET_PATH,
      title: 'Console',
      description: `The gateway's log as text frames of at most ${CONSOLE_CHUNK_MAX_BYTES} bytes (lines end in \\n). v24.11.7 sends plain text lines; v26.3.30 ESP-IDF lines, a level letter (E, W, I, D, V), the uptime in ms and the module: \`I (123456) core: text\`. On a companion: the device's own console frames as the device sent them, with the companion's lines between them, each starting with "[companion] ".`,
      messages: {
        consoleText: {
          name: 'consoleText',
          title: 'Log text',
          contentType: 'text/plain',
          payload: { type: 'string', maxLength: CONSOLE_CHUNK_MAX_BYTES },
        },
        keepAlive,
      },
    },
  };
}

function mqttChannels(components: ComponentSet): Record<string, JsonSchema> {
  const channels: Record<string, JsonSchema> = {};
  for (const topic of MQTT_TOPICS) {
    const names = [...topic.address.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const parameters = Object.fromEntries(
      names.map((name) => {
        const p = TOPIC_PARAMETERS[name];
        return [
          name,
          {
            description: p?.description ?? name,
            ...(p?.values ? { enum: [...p.values] } : {}),
            ...(p?.examples ? { examples: [...p.examples] } : {}),
          },
        ];
      }),
    );
    const payload =
      'json' in topic.payload
        ? components.ref(topic.payload.json, 'output', topic.payload.name)
        : { type: 'string', description: topic.payload.text };
    channels[channelId(topic.address)] = {
      address: topic.address,
      title: topic.title,
      description: topic.description,
      servers: [serverRef('broker')],
      'x-heliodtu-transport': 'mqtt',
      parameters,
      messages: {
        message: {
          name: 'message',
          contentType: 'json' in topic.payload ? 'application/json' : 'text/plain',
          payload,
        },
      },
    };
  }
  return channels;
}

/** The AsyncAPI 3.1 document of the sockets and the MQTT topic tree. */
export function buildAsyncApiDocument({ version = FIRMWARE_VERSION } = {}): JsonSchema {
  const components = new ComponentSet();
  const channels = { ...socketChannels(components), ...mqttChannels(components) };
  const operations: Record<string, JsonSchema> = {};
  for (const [id, channel] of Object.entries(channels)) {
    const messages = Object.keys(channel['messages'] as object);
    const topic = MQTT_TOPICS.find((t) => channelId(t.address) === id);
    const sent = messages.filter((m) => m !== 'keepAlive');
    const action = topic?.action ?? 'send';
    operations[`${action}${id[0]?.toUpperCase()}${id.slice(1)}`] = {
      action,
      title: String(channel['title'] ?? channel['description']),
      channel: { $ref: `#/channels/${id}` },
      messages: sent.map((m) => ({ $ref: `#/channels/${id}/messages/${m}` })),
      // QoS 0 both ways; retain follows the settings (on by default).
      ...(topic ? { bindings: { mqtt: { qos: 0, retain: action === 'send' } } } : {}),
    };
  }
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'HelioDTU gateway sockets and MQTT',
      version,
      description: `WebSockets on the gateway's HTTP port follow the read-only guard: open while allow_readonly is on, else the admin credentials are needed (Basic header on the upgrade, or \`?${SOCKET_AUTH_QUERY_PARAM}=<base64 of admin:password>\`). A v26.3.30 gateway (SIM_FIRMWARE) asks for Digest instead, as current OpenDTU does: the upgrade without credentials gets 401 with \`WWW-Authenticate: Digest realm="live websocket"\` (\`"console websocket"\` on /console), \`qop="auth"\`, MD5 and a nonce valid for a minute; Basic is refused there, and the \`${SOCKET_AUTH_QUERY_PARAM}\` parameter (a HelioDTU extension for browsers) still works and, when present, alone decides. MQTT: the gateway is a client of your broker (MQTT 3.1.1, QoS 0, retain as configured); topics sit under the configured base topic. Home Assistant discovery configs sit under the discovery prefix.`,
    },
    defaultContentType: 'application/json',
    servers: {
      gateway: {
        host: '{host}',
        protocol: 'ws',
        description: "The gateway's HTTP port.",
        variables: { host: { default: 'opendtu.local', description: 'Gateway host[:port].' } },
        security: [
          { $ref: '#/components/securitySchemes/basicAuth' },
          { $ref: '#/components/securitySchemes/digestAuth' },
        ],
      },
      broker: {
        host: '{host}',
        protocol: 'mqtt',
        protocolVersion: '3.1.1',
        description:
          "Your MQTT broker (MQTT settings). A companion leaves its devices' MQTT to them: its house topics (`heliodtu/gridmeter/…`, `heliodtu/exportcontrol/…`, the `…/set` topics, will `heliodtu/status`) and their Home Assistant discovery (`homeassistant/`) go to the broker of the Power control settings.",
        variables: { host: { default: 'broker.local:1883', description: 'Broker host:port.' } },
      },
    },
    channels,
    operations,
    components: {
      schemas: components.toComponents(),
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: `User \`${ADMIN_USERNAME}\` and the admin password; only needed when allow_readonly is off. OpenDTU v24.11.7.`,
        },
        digestAuth: {
          type: 'http',
          scheme: 'digest',
          description: `User \`${ADMIN_USERNAME}\` and the admin password, MD5 with qop=auth; only needed when allow_readonly is off. OpenDTU v26.3.30.`,
        },
      },
    },
  };
}

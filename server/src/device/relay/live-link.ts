import { LIVE_DATA_SOCKET_PATH } from '@heliodtu/contract/ws';
import type { ReconnectPolicy } from '../../reconnect-policy.js';
import { SocketLink } from './socket-link.js';
import type { DeviceTarget } from './device-target.js';

export {
  LINK_CONNECT_TIMEOUT_MS,
  LINK_PING_INTERVAL_MS,
  type LinkAway,
  type LinkBack,
  type LinkConnected,
  type LinkState,
} from './socket-link.js';

export interface LiveLinkOptions {
  target: DeviceTarget;
  /** One console line per change of state (never one per retry). */
  log?: (line: string) => void;
  reconnect?: ReconnectPolicy;
  connectTimeoutMs?: number;
  pingIntervalMs?: number;
  portWatchMs?: number;
  /** The host clock (epoch ms); Date.now by default. */
  now?: () => number;
}

export interface LinkMessage {
  deviceId: string;
  /** The frame as the device sent it: relayed unchanged later. */
  text: string;
  /** The same, parsed: always a JSON object (other frames are dropped and said once). */
  data: Record<string, unknown>;
}

/**
 * The one /livedata socket to one OpenDTU device: a SocketLink whose text frames are parsed
 * into `message` events, JSON objects only.
 */
export class LiveLink extends SocketLink<{ message: [LinkMessage] }> {
  constructor(options: LiveLinkOptions) {
    super({ ...options, path: LIVE_DATA_SOCKET_PATH, label: 'live data' });
    let saidBadFrame = false;
    this.on('frame', ({ deviceId, text, binary }) => {
      const data = binary ? undefined : parseObject(text);
      if (data) {
        const message: LinkMessage = { deviceId, text, data };
        this.emitSafely('message', message);
      } else if (!saidBadFrame) {
        saidBadFrame = true;
        this.log(`Device ${deviceId}: ignoring a live frame that is not a JSON object`);
      }
    });
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      return data as Record<string, unknown>;
    }
  } catch {
    // not JSON: said once by the caller
  }
  return undefined;
}

import type { ReconnectPolicy } from '../../reconnect-policy.js';
import type { DeviceProblem } from './device-problem.js';
import type { DeviceTarget } from './device-target.js';

/** How a SocketLink (socket-link.ts) is set up, the states it is in and the events it emits. */

export interface SocketLinkOptions {
  target: DeviceTarget;
  /** The device's socket path: "/livedata", "/console". */
  path: string;
  /** What the socket carries, for the console lines: "live data", "console". */
  label: string;
  /** One console line per change of state (never one per retry), and odd frames said once. */
  log?: (line: string) => void;
  /**
   * Whether away/back and the first connection get a line. Off for a link beside another to
   * the same device, which already says when the device goes and comes back.
   */
  stateLines?: boolean;
  reconnect?: ReconnectPolicy;
  connectTimeoutMs?: number;
  pingIntervalMs?: number;
  portWatchMs?: number;
  /** The host clock (epoch ms) for the away and back times; Date.now unless a test passes a fake one. */
  now?: () => number;
}

export type LinkState = 'idle' | 'connecting' | 'connected' | 'away' | 'stopped';

export interface LinkConnected {
  deviceId: string;
  url: string;
}
export interface LinkFrame {
  deviceId: string;
  /** The frame as the device sent it (a binary one as its bytes read as UTF-8). */
  text: string;
  binary: boolean;
}
export interface LinkAway {
  deviceId: string;
  /** Epoch ms of the first failure; the same on every `away` of one outage. */
  since: number;
  reason: DeviceProblem;
}
export interface LinkBack {
  deviceId: string;
  /** When it went away. */
  since: number;
  awayMs: number;
}

export interface SocketLinkEvents {
  /** The socket is open (first time and after every outage). */
  connected: [LinkConnected];
  frame: [LinkFrame];
  /** The link is down: once when it goes, again only when the reason changes. */
  away: [LinkAway];
  /** Open again after an `away`, right after its `connected`. */
  back: [LinkBack];
}

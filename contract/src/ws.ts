import { z } from 'zod';
import { HintsSchema, LiveInverterFullSchema, LiveTotalSchema } from './live-data.js';

/**
 * The two sockets, wire-contract §4.2. Both are server → client text frames; whatever a client
 * sends (the keep-alive `ping`) is ignored.
 */

export const LIVE_DATA_SOCKET_PATH = '/livedata';
export const CONSOLE_SOCKET_PATH = '/console';

/** The text the web interface sends as keep-alive (every 59 s on /livedata, 5 s on /console). */
export const KEEP_ALIVE_TEXT = 'ping';

/** The server pushes each inverter at least this often, and on every new reading. */
export const LIVE_PUSH_MAX_INTERVAL_MS = 10_000;
/** The device's sender task runs once a second. */
export const LIVE_SEND_TICK_MS = 1_000;

/** A console frame carries at most this many bytes of log text. */
export const CONSOLE_CHUNK_MAX_BYTES = 500;

/**
 * One /livedata message: the top level of `/api/livedata/status`, with exactly one full
 * inverter object. The web interface merges it into its state by `serial`.
 */
export const LiveDataMessageSchema = z.object({
  inverters: z.array(LiveInverterFullSchema).length(1),
  total: LiveTotalSchema,
  hints: HintsSchema,
});
export type LiveDataMessage = z.infer<typeof LiveDataMessageSchema>;

/** `{}` tells the web interface to close the socket and reconnect later; our server never sends it. */
export const RECONNECT_MESSAGE = '{}';

//-- Socket authentication (our fix of wire-contract §2: the firmware's socket guard is ineffective)

/**
 * Who may open a socket. Both /livedata and /console follow the read-only guard: open while
 * `allow_readonly` is true, otherwise the admin credentials are required, given either way:
 * - an `Authorization: Basic <base64 of admin:password>` header on the upgrade request (what the
 *   `ws` library makes of `ws://admin:pass@host/livedata`, e.g. the ioBroker adapter), or
 * - the query parameter `auth=<base64 of admin:password>` (the stored login's `authdata`,
 *   percent-encoded), because browsers can set no header on a WebSocket and may drop userinfo.
 * A v26 gateway (current firmware, domain/firmware-generation.ts SOCKET_AUTH_SCHEME) asks for
 * Digest instead, as the device does, and refuses Basic; the `auth` parameter still works there
 * and, when present, alone decides (server routes/sockets/socket-auth.ts).
 * An upgrade without valid credentials is answered 401 before the upgrade. When the security
 * settings change, connected clients that would no longer pass are closed with
 * SOCKET_CLOSE_UNAUTHORIZED. The console gets the same guard as the Info pages it sits with
 * (system, network, MQTT status): nothing secret is ever written to the log.
 */
export const SOCKET_AUTH_QUERY_PARAM = 'auth';

/** Close code for a client whose credentials no longer pass (RFC 6455 1008, policy violation). */
export const SOCKET_CLOSE_UNAUTHORIZED = 1008;

/** A socket URL with the browser-usable credential appended (authdata = base64 of user:password). */
export function withSocketAuth(url: string, authdata: string | undefined): string {
  if (!authdata) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${SOCKET_AUTH_QUERY_PARAM}=${encodeURIComponent(authdata)}`;
}

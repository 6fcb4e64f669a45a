import { open } from 'node:fs/promises';
import { inspect } from 'node:util';
import { ADMIN_USERNAME } from '@heliodtu/contract/limits';
import { digestAuthorization, type DigestChallenge } from '../../auth/digest.js';

/** What the companion needs to reach one OpenDTU device. */
export interface DeviceTargetInput {
  /** Every piece of state is keyed by it, so that a second device is configuration. */
  id: string;
  /**
   * "http://192.168.1.50", "https://dtu.example/opendtu"; a bare host means http://. Or a
   * device known only by its MQTT topics: "mqtt://broker:1883/solar/" (mqtts:// with TLS), the
   * path being the device's base topic.
   */
  url: string;
  /** Default `admin`, the only user OpenDTU has; for a broker none (anonymous) unless given. */
  user?: string;
  /** The device's admin password (or the broker's); empty when the device lets anyone read. */
  password?: string;
}

/** A bad device address or id: the message is safe to print (it never holds a password). */
export class DeviceTargetError extends Error {
  override name = 'DeviceTargetError';
}

const DEVICE_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const HIDDEN = '(hidden)';

/**
 * One device as the companion addresses it. The password lives in a private field and is
 * left out of every serialisation (JSON, util.inspect, console.log, template strings), so
 * that no log line, error or API answer can carry it by accident; only `authorization()` and
 * `digestAuthorization()` hand it out, as the header the device expects.
 */
export class DeviceTarget {
  readonly id: string;
  /** Without a trailing slash and without credentials: safe to print. */
  readonly baseUrl: string;
  readonly user: string;
  /** `http` for a device the companion reaches over HTTP, `mqtt` for one known by its topics. */
  readonly kind: 'http' | 'mqtt';
  readonly #password: string;

  constructor(input: DeviceTargetInput) {
    if (!DEVICE_ID.test(input.id)) {
      throw new DeviceTargetError(
        `device id "${input.id}" must be 1–32 characters: lower-case letters, digits, - and _`,
      );
    }
    this.id = input.id;
    const mqtt = parseMqttAddress(input.url);
    this.kind = mqtt ? 'mqtt' : 'http';
    this.baseUrl = mqtt ? `${mqtt.broker}/${mqtt.prefix}` : parseBaseUrl(input.url);
    this.user = input.user?.trim() || (mqtt ? '' : ADMIN_USERNAME);
    this.#password = input.password ?? '';
  }

  /**
   * For an MQTT device: its broker (`mqtt://host:port`, `mqtts://…`), its base topic
   * (`solar/`) and the broker login; undefined for an HTTP device.
   */
  mqtt(): { broker: string; prefix: string; username?: string; password?: string } | undefined {
    if (this.kind !== 'mqtt') return undefined;
    const at = this.baseUrl.indexOf('/', this.baseUrl.indexOf('://') + 3);
    return {
      broker: this.baseUrl.slice(0, at),
      prefix: this.baseUrl.slice(at + 1),
      ...(this.user ? { username: this.user } : {}),
      ...(this.hasPassword ? { password: this.#password } : {}),
    };
  }

  get hasPassword(): boolean {
    return this.#password !== '';
  }

  /** The Basic `Authorization` header value, or undefined when no password is set. */
  authorization(): string | undefined {
    if (!this.hasPassword) return undefined;
    return `Basic ${Buffer.from(`${this.user}:${this.#password}`).toString('base64')}`;
  }

  /**
   * The Digest `Authorization` header answering `challenge` for one request to `uri` (path and
   * query as sent), or undefined when no password is set: v26 sockets ask for it.
   */
  digestAuthorization(challenge: DigestChallenge, method: string, uri: string): string | undefined {
    if (!this.hasPassword) return undefined;
    return digestAuthorization(challenge, {
      user: this.user,
      password: this.#password,
      method,
      uri,
    });
  }

  /** The device URL of an API path ("/api/system/status"). */
  httpUrl(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** The device's socket URL of a path ("/livedata"): ws:// or wss:// as the base URL is. */
  socketUrl(path: string): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}${path}`;
  }

  toJSON(): Record<string, string> {
    return {
      id: this.id,
      url: this.baseUrl,
      user: this.user,
      password: this.hasPassword ? HIDDEN : '',
    };
  }

  toString(): string {
    return `${this.id} (${this.baseUrl})`;
  }

  [inspect.custom](): string {
    return `DeviceTarget ${inspect(this.toJSON())}`;
  }
}

/** The default ports of a broker without TLS and with it. */
const MQTT_PORTS: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883 };

/**
 * `mqtt://host[:port]/<base topic>` or `mqtts://…`: the broker and the device's base topic
 * (OpenDTU's "Base topic", ending in `/`); undefined when the text is no MQTT address at all.
 */
function parseMqttAddress(text: string): { broker: string; prefix: string } | undefined {
  const trimmed = text.trim();
  if (!/^mqtts?:\/\//i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new DeviceTargetError(
      'the MQTT device address is not valid, e.g. mqtt://192.168.1.10:1883/solar/',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new DeviceTargetError(
      'the MQTT device address must not hold a user or password: give the broker login on its ' +
        'own (DTU_USER and DTU_PASSWORD or DTU_PASSWORD_FILE, per device)',
    );
  }
  if (/[?#]/.test(trimmed)) {
    throw new DeviceTargetError(
      `the MQTT device address ${url.protocol}//${url.host} must have no query or fragment ` +
        '(a # in a base topic is a wildcard, never a topic)',
    );
  }
  let prefix: string;
  try {
    prefix = decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    prefix = '';
  }
  if (prefix === '' || /[+#]/.test(prefix) || prefix.includes('\0') || prefix.startsWith('/')) {
    throw new DeviceTargetError(
      `the MQTT device address ${url.protocol}//${url.host} needs the device's base topic ` +
        'after the broker, without wildcards, e.g. mqtt://broker:1883/solar/',
    );
  }
  const port = url.port || String(MQTT_PORTS[url.protocol.toLowerCase()]);
  // OpenDTU's base topic ends in `/`; one written without it means the same device.
  return {
    broker: `${url.protocol.toLowerCase()}//${url.hostname}:${port}`,
    prefix: prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

function parseBaseUrl(text: string): string {
  const trimmed = text.trim();
  // "192.168.1.50" or "opendtu.local:8080", as owners write it: http:// is meant.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    // The text itself is not echoed: a malformed URL may still hold a password.
    throw new DeviceTargetError('the device URL is not a valid address, e.g. http://192.168.1.50');
  }
  if (url.username !== '' || url.password !== '') {
    throw new DeviceTargetError(
      'the device URL must not hold a user or password: give the password on its own ' +
        '(DTU_PASSWORD or DTU_PASSWORD_FILE)',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DeviceTargetError(
      `the device URL must start with http://, https://, mqtt:// or mqtts://, not ${url.protocol}//`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new DeviceTargetError(`the device URL ${url.origin} must have no query or fragment`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Longer than any OpenDTU password (64 characters): a wrong file, not a password. */
const PASSWORD_FILE_MAX_BYTES = 4096;

/**
 * The password in a file (DTU_PASSWORD_FILE, e.g. a systemd credential): its text without the
 * trailing line break(s) an editor or `echo` adds. Throws a DeviceTargetError naming the file,
 * never its content, when the file is missing, unreadable, empty or far too long.
 */
export async function readPasswordFile(file: string): Promise<string> {
  const where = `DTU_PASSWORD_FILE ${file}`;
  let bytes: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(PASSWORD_FILE_MAX_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new DeviceTargetError(`${where}: ${fileProblem(error)}`);
  }
  if (bytes.length > PASSWORD_FILE_MAX_BYTES) {
    throw new DeviceTargetError(
      `${where} is over ${PASSWORD_FILE_MAX_BYTES} bytes: not a password`,
    );
  }
  const password = bytes.toString('utf8').replace(/[\r\n]+$/, '');
  if (password === '') throw new DeviceTargetError(`${where} is empty`);
  return password;
}

/** Why a file given by its path cannot be read, in a few words (never its content). */
export function fileProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'EISDIR':
      return 'is a folder, not a file';
    default:
      return `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
  }
}

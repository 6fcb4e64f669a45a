import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export interface FailedLoginLimitOptions {
  /** Different wrong credentials a client may send within `windowMs` before it is locked out. */
  maxFailures: number;
  /** How long failures are counted from the first, and how long a lockout lasts. */
  windowMs: number;
  /** Clients remembered at most; the oldest is forgotten first. */
  maxClients: number;
  /** Host clock in ms. */
  now: () => number;
}

interface ClientRecord {
  /** Host time of the first failure counted. */
  since: number;
  failures: number;
  /** Host time until which the client is refused; 0 while it is not locked out. */
  lockedUntil: number;
  /** Digest of the last wrong credential: the same one again is no new guess. */
  lastWrong: string;
}

const digestOf = (credential: string) =>
  createHash('sha256').update(credential, 'utf8').digest('base64');

/**
 * Failed logins per client: enough different wrong passwords within the window lock the client
 * out for a window. A stale login that a page sends with each of its requests counts once, so
 * only guessing locks out. Memory stays bounded: records expire, and past `maxClients` the
 * oldest goes.
 */
export class FailedLoginLimit {
  // Insertion order is the order of `since`, so expired records gather at the front.
  private readonly clients = new Map<string, ClientRecord>();

  constructor(private readonly options: FailedLoginLimitOptions) {}

  /** Clients remembered now (expired ones may still count until they are next looked at). */
  get size(): number {
    return this.clients.size;
  }

  /** Whole seconds until `client` may try again; 0 when it may now. */
  retryAfterSeconds(client: string): number {
    const now = this.options.now();
    const record = this.current(client, now);
    if (!record || record.lockedUntil === 0) return 0;
    return Math.max(1, Math.ceil((record.lockedUntil - now) / 1000));
  }

  /** A wrong `credential` from `client`. */
  failed(client: string, credential: string): void {
    const now = this.options.now();
    let record = this.current(client, now);
    if (!record) {
      this.makeRoom(now);
      record = { since: now, failures: 0, lockedUntil: 0, lastWrong: '' };
      this.clients.set(client, record);
    }
    const digest = digestOf(credential);
    if (record.lockedUntil !== 0 || record.lastWrong === digest) return;
    record.lastWrong = digest;
    record.failures += 1;
    if (record.failures >= this.options.maxFailures)
      record.lockedUntil = now + this.options.windowMs;
  }

  /** A right credential from `client`: its failures are forgotten. */
  succeeded(client: string): void {
    this.clients.delete(client);
  }

  private expiresAt(record: ClientRecord): number {
    return record.lockedUntil || record.since + this.options.windowMs;
  }

  private current(client: string, now: number): ClientRecord | undefined {
    const record = this.clients.get(client);
    if (record && now >= this.expiresAt(record)) {
      this.clients.delete(client);
      return undefined;
    }
    return record;
  }

  private makeRoom(now: number): void {
    for (const [client, record] of this.clients) {
      if (now < this.expiresAt(record)) break;
      this.clients.delete(client);
    }
    while (this.clients.size >= this.options.maxClients) {
      const oldest = this.clients.keys().next().value;
      if (oldest === undefined) break;
      this.clients.delete(oldest);
    }
  }
}

/**
 * The key a client's failures are counted under: its IPv4 address (also when written IPv4-mapped),
 * or the /64 network of an IPv6 address, since one host commonly holds a whole /64.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

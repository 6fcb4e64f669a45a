import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import {
  busyProblem,
  problemFromError,
  problemFromStatus,
  timeoutProblem,
  type DeviceProblem,
} from './device-problem.js';
import type { DeviceTarget } from './device-target.js';

/** A device answer that takes longer (headers or a pause in the body) counts as not coming. */
export const RELAY_TIMEOUT_MS = 10_000;
/** OpenDTU's answers are a few kB; a config backup some more. Bigger is not an OpenDTU answer. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/**
 * Requests to one device at once, and requests waiting for one of those. An ESP32 serves only
 * a handful at a time; a slow device must not make the companion hold an ever longer line of
 * requests (and their browsers) that it will answer late or never.
 */
export interface RelayBound {
  maxInFlight: number;
  maxQueued: number;
}
export const RELAY_BOUND: RelayBound = { maxInFlight: 4, maxQueued: 16 };
/** Answer headers that carry meaning for the interface; the rest is the device's web server's. */
const PASSED_HEADERS = [
  'content-type',
  'content-disposition',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
];

/** The device's answer, to be passed back unchanged. */
export interface RelayAnswer {
  ok: true;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** No usable answer: the status the companion answers with, and why in plain words. */
export interface RelayFailure {
  ok: false;
  /** 502 (bad or refused answer), 503 (device away or busy), 504 (timeout). */
  status: 502 | 503 | 504;
  problem: DeviceProblem;
}

export type RelayResult = RelayAnswer | RelayFailure;

export interface ForwardInit {
  contentType?: string;
  contentLength?: string;
  /** The browser's request body, streamed on unread (form posts, uploads). */
  body?: Readable;
}

interface Cached {
  /** Host ms the answer arrived; undefined while the request runs. */
  at?: number;
  result: Promise<RelayResult>;
}

/**
 * The REST side of the companion for one device: requests go out with the stored
 * credentials, the device's status, body and content type come back unchanged. A device
 * that cannot be reached, refuses the stored password or answers too late gets a failure
 * with one plain message instead. Cached reads share one upstream request per path and query
 * for up to `maxAgeMs`, so many browsers polling cost the device one request per interval.
 */
export class DeviceRelay {
  private readonly agent: HttpAgent;
  private readonly cache = new Map<string, Cached>();
  /** Requests sent and not yet settled. */
  private inFlight = 0;
  /** Requests waiting for one of those to settle, oldest first. */
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly target: DeviceTarget,
    private readonly timeoutMs = RELAY_TIMEOUT_MS,
    private readonly now: () => number = Date.now,
    private readonly bound: RelayBound = RELAY_BOUND,
  ) {
    // One kept-alive connection per request in flight; the bound below does the queueing.
    const secure = target.baseUrl.startsWith('https:');
    this.agent = new (secure ? HttpsAgent : HttpAgent)({
      keepAlive: true,
      maxSockets: bound.maxInFlight,
    });
  }

  /** Requests sent to the device and not answered yet, and requests waiting to be sent. */
  get load(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight, queued: this.waiting.length };
  }

  /**
   * One request to the device: `pathAndQuery` as the browser sent it ("/api/ntp/config").
   * Beyond `maxInFlight` it waits its turn; beyond `maxQueued` waiting too it fails at once
   * with 503 'busy', so a slow device costs the companion a bounded line, never a growing one.
   */
  forward(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    init: ForwardInit = {},
  ): Promise<RelayResult> {
    return this.inTurn(() => this.send(method, pathAndQuery, init)).then(
      (result) => result ?? fail(503, busyProblem(this.target.baseUrl)),
    );
  }

  /**
   * Runs `task` (a request of the companion's own to the device, such as its probe) in the same
   * line as the browsers' requests, so that nothing exceeds the bound; null when the line is full.
   */
  inTurn<T>(task: () => Promise<T>): Promise<T | null> {
    if (this.inFlight < this.bound.maxInFlight) {
      this.inFlight += 1;
      return this.runAndRelease(task);
    }
    if (this.waiting.length >= this.bound.maxQueued) return Promise.resolve(null);
    // The slot of a settled request passes straight to the oldest waiting one (inFlight stays).
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() =>
      this.runAndRelease(task),
    );
  }

  private async runAndRelease<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight -= 1;
    }
  }

  private send(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    init: ForwardInit,
  ): Promise<RelayResult> {
    const url = this.target.httpUrl(pathAndQuery);
    const base = this.target.baseUrl;
    return new Promise<RelayResult>((resolve) => {
      const headers: Record<string, string> = {};
      const authorization = this.target.authorization();
      if (authorization) headers['authorization'] = authorization;
      if (init.contentType) headers['content-type'] = init.contentType;
      if (init.contentLength) headers['content-length'] = init.contentLength;
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      let settled = false;
      const settle = (result: RelayResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const upstream = send(url, { method, headers, agent: this.agent }, (response) => {
        readAll(response).then(
          (body) => {
            const status = response.statusCode ?? 502;
            if (body === null) {
              return settle(
                fail(502, { code: 'not-opendtu', message: `${base} answered over 4 MiB` }),
              );
            }
            // The device refusing the stored password is the companion's problem, not the
            // browser's login: a 401 passed on would ask the owner for the wrong password.
            if (status === 401) {
              return settle(fail(502, problemFromStatus(401, base, this.target.hasPassword)));
            }
            settle({ ok: true, status, headers: passedHeaders(response), body });
          },
          (error: unknown) => settle(fail(503, problemFromError(error, base))),
        );
      });
      upstream.setTimeout(this.timeoutMs, () => {
        settle(fail(504, timeoutProblem(base, this.timeoutMs)));
        upstream.destroy();
      });
      upstream.on('error', (error) => settle(fail(503, problemFromError(error, base))));
      if (init.body) {
        init.body.on('error', () => upstream.destroy());
        init.body.pipe(upstream);
      } else {
        upstream.end();
      }
    });
  }

  /** A GET shared by every caller within `maxAgeMs` of its answer (failures are not kept). */
  cachedGet(pathAndQuery: string, maxAgeMs = 1000): Promise<RelayResult> {
    const cached = this.cache.get(pathAndQuery);
    if (cached && (cached.at === undefined || this.now() - cached.at < maxAgeMs)) {
      return cached.result;
    }
    const entry: Cached = { result: this.forward('GET', pathAndQuery) };
    this.cache.set(pathAndQuery, entry);
    void entry.result.then((result) => {
      if (result.ok && result.status === 200) entry.at = this.now();
      else if (this.cache.get(pathAndQuery) === entry) this.cache.delete(pathAndQuery);
    });
    // Old entries go when their path is asked again; this keeps the map from growing with
    // every query a client makes up.
    if (this.cache.size > 64) {
      for (const [key, other] of this.cache) {
        if (other.at !== undefined && this.now() - other.at >= maxAgeMs) this.cache.delete(key);
      }
    }
    return entry.result;
  }

  close(): void {
    this.cache.clear();
    this.agent.destroy();
  }
}

const fail = (status: RelayFailure['status'], problem: DeviceProblem): RelayFailure => ({
  ok: false,
  status,
  problem,
});

function passedHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** The whole body, or null when it is over the limit. */
function readAll(response: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        response.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', reject);
    response.once('aborted', () =>
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })),
    );
  });
}

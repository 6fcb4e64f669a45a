import WebSocket from 'ws';
import { parseDigestChallenge, type DigestChallenge } from '../../auth/digest.js';
import {
  connectionLostProblem,
  problemFromError,
  problemFromStatus,
  timeoutProblem,
  type DeviceProblem,
} from './device-problem.js';
import type { DeviceTarget } from './device-target.js';

/** How a link signs in, kept between its handshakes. */
export class LinkAuth {
  /** Learnt from the first challenge: later handshakes skip the Basic try. */
  private wantsDigest = false;
  /** The request target of the handshake, which a Digest answer signs. */
  private readonly requestUri: string;

  constructor(
    private readonly target: DeviceTarget,
    url: string,
  ) {
    const { pathname, search } = new URL(url);
    this.requestUri = pathname + search;
  }

  /** The handshake's authorization header: the answer to `challenge`, Basic, or none. */
  authorization(challenge: DigestChallenge | undefined): string | undefined {
    if (challenge) return this.target.digestAuthorization(challenge, 'GET', this.requestUri);
    return this.wantsDigest ? undefined : this.target.authorization();
  }

  /**
   * A 401 gets one more handshake at once: a Digest challenge answered, or Basic again when
   * a device that wanted Digest no longer does. A 401 to that one is a wrong password.
   * Returns the next handshake's challenge (possibly none), or undefined for no retry.
   */
  retryAfter401(
    wwwAuthenticate: string | undefined,
  ): { challenge: DigestChallenge | undefined } | undefined {
    if (!this.target.hasPassword) return undefined;
    const digest = parseDigestChallenge(wwwAuthenticate);
    if (!digest && !this.wantsDigest) return undefined;
    this.wantsDigest = !!digest;
    return { challenge: digest };
  }
}

/** How an attempt ended: one more handshake wanted, or the link is down (why, if known). */
export type AttemptEnd =
  | { again: true; challenge: DigestChallenge | undefined }
  | { again: false; problem: DeviceProblem | undefined };

export interface SocketAttemptOptions {
  target: DeviceTarget;
  url: string;
  auth: LinkAuth;
  /** The device's Digest challenge to answer, if it sent one. */
  challenge: DigestChallenge | undefined;
  /** The second handshake of a try, which gets no third. */
  retry: boolean;
  connectTimeoutMs: number;
  pingIntervalMs: number;
  onOpen: () => void;
  onFrame: (text: string, binary: boolean) => void;
  onEnd: (end: AttemptEnd) => void;
}

/**
 * One handshake and the socket it opens: the connect timeout, the ping that notices a silent
 * drop, and the verdict on how it ended. After detach() it reports nothing more.
 */
export class SocketAttempt {
  readonly socket: WebSocket;
  private connectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private detached = false;

  constructor(options: SocketAttemptOptions) {
    const { target, auth, retry, connectTimeoutMs, pingIntervalMs } = options;
    const headers: Record<string, string> = {};
    const authorization = auth.authorization(options.challenge);
    if (authorization) headers['authorization'] = authorization;
    const socket = new WebSocket(options.url, { headers, followRedirects: false });
    this.socket = socket;
    // What we decided (timeout, refusal) outranks the socket error that our terminate() causes.
    let verdict: DeviceProblem | undefined;
    let error: DeviceProblem | undefined;
    let opened = false;
    let again: { challenge: DigestChallenge | undefined } | undefined;
    const fail = (problem: DeviceProblem) => {
      verdict ??= problem;
      socket.terminate();
    };
    this.connectTimer = setTimeout(
      () => fail(timeoutProblem(target.baseUrl, connectTimeoutMs)),
      connectTimeoutMs,
    );
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      const { statusCode = 0, headers: answer } = response;
      again =
        statusCode === 401 && !retry ? auth.retryAfter401(answer['www-authenticate']) : undefined;
      if (again) return void socket.terminate();
      fail(problemFromStatus(statusCode, target.baseUrl, target.hasPassword, answer.location));
    });
    socket.on('error', (cause) => {
      error ??= problemFromError(cause, target.baseUrl);
    });
    let alive = true;
    socket.on('open', () => {
      if (this.detached) return;
      opened = true;
      this.pingTimer = setInterval(() => {
        if (!alive) return fail(timeoutProblem(target.baseUrl, pingIntervalMs));
        alive = false;
        socket.ping();
      }, pingIntervalMs);
      clearTimeout(this.connectTimer);
      options.onOpen();
    });
    socket.on('pong', () => (alive = true));
    socket.on('message', (data, binary) => {
      alive = true;
      options.onFrame(frameText(data), binary);
    });
    socket.on('close', () => {
      if (this.detached) return;
      this.detach();
      if (again) return options.onEnd({ again: true, challenge: again.challenge });
      // A connection that was up counts as lost, whatever error came with its end.
      const lost = opened ? connectionLostProblem(target.baseUrl) : error;
      options.onEnd({ again: false, problem: verdict ?? lost });
    });
  }

  /** Cancels both timers and silences the attempt; the socket itself is left to the caller. */
  detach(): void {
    this.detached = true;
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
  }
}

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(data).toString();
}

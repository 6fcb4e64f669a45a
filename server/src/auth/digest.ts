import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HTTP Digest access authentication (RFC 7616, MD5 as RFC 2617 has it). OpenDTU v26 asks for it
 * on the socket handshake when read-only access is off (wire-current §2: a 401 with
 * `WWW-Authenticate: Digest ...`); REST stays on Basic. Both ends live here and share one
 * response computation: the companion's socket client answering a device's challenge, and the
 * simulated v26 gateway challenging and checking the answer.
 */

/** The parameters of one Digest challenge that the answer needs. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque: string | undefined;
  /** 'MD5' or 'MD5-sess' (absent in the header means MD5). */
  algorithm: 'MD5' | 'MD5-sess';
  /** 'auth' when the server offers it; undefined for an RFC 2069 challenge without qop. */
  qop: 'auth' | undefined;
}

/**
 * The Digest challenge in a WWW-Authenticate header (or one of several), or undefined when there
 * is none we can answer: no Digest scheme, no realm or nonce, another algorithm (SHA-256), or a
 * qop list without 'auth' (auth-int needs the body, which an upgrade has none of anyway).
 */
export function parseDigestChallenge(
  header: string | readonly string[] | undefined,
): DigestChallenge | undefined {
  const values = typeof header === 'string' ? [header] : (header ?? []);
  for (const value of values) {
    const start = /(?:^|[\s,])Digest\s+/i.exec(value);
    if (!start) continue;
    const params = parseParams(value.slice(start.index + start[0].length));
    const realm = params.get('realm');
    const nonce = params.get('nonce');
    if (realm === undefined || nonce === undefined) continue;
    const algorithmText = (params.get('algorithm') ?? 'MD5').toUpperCase();
    if (algorithmText !== 'MD5' && algorithmText !== 'MD5-SESS') continue;
    const qopList = params.get('qop');
    const offersAuth = qopList?.split(',').some((q) => q.trim().toLowerCase() === 'auth');
    if (qopList !== undefined && !offersAuth) continue;
    return {
      realm,
      nonce,
      opaque: params.get('opaque'),
      algorithm: algorithmText === 'MD5' ? 'MD5' : 'MD5-sess',
      qop: offersAuth ? 'auth' : undefined,
    };
  }
  return undefined;
}

export interface DigestRequest {
  user: string;
  password: string;
  method: string;
  /** The request target as sent: path and query ("/livedata"). */
  uri: string;
  /** The client nonce; a random one when not given (tests give a fixed one). */
  cnonce?: string;
  /** How many requests used this nonce, from 1. */
  nonceCount?: number;
}

/** The `Authorization` header value answering `challenge` for one request. */
export function digestAuthorization(challenge: DigestChallenge, request: DigestRequest): string {
  const cnonce = request.cnonce ?? randomBytes(8).toString('hex');
  const nc = (request.nonceCount ?? 1).toString(16).padStart(8, '0');
  const response = digestResponse({
    user: request.user,
    realm: challenge.realm,
    password: request.password,
    algorithm: challenge.algorithm,
    nonce: challenge.nonce,
    method: request.method,
    uri: request.uri,
    qop: challenge.qop,
    nc,
    cnonce,
  });
  const fields = [
    `username=${quote(request.user)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `algorithm=${challenge.algorithm}`,
    ...(challenge.qop ? [`qop=${challenge.qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
    `response=${quote(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
  ];
  return `Digest ${fields.join(', ')}`;
}

/** What one Digest response is computed from (RFC 7616 section 3.4.1, MD5). */
export interface DigestInputs {
  user: string;
  realm: string;
  password: string;
  algorithm: 'MD5' | 'MD5-sess';
  nonce: string;
  method: string;
  uri: string;
  /** 'auth', or undefined for an RFC 2069 answer (then nc and cnonce are not hashed). */
  qop: 'auth' | undefined;
  /** The nonce count as sent: 8 hex digits. */
  nc: string;
  cnonce: string;
}

/** The `response` value: the same hashing for the answer we send and the one we check. */
export function digestResponse(inputs: DigestInputs): string {
  let ha1 = md5(`${inputs.user}:${inputs.realm}:${inputs.password}`);
  if (inputs.algorithm === 'MD5-sess') ha1 = md5(`${ha1}:${inputs.nonce}:${inputs.cnonce}`);
  const ha2 = md5(`${inputs.method}:${inputs.uri}`);
  return inputs.qop
    ? md5(`${ha1}:${inputs.nonce}:${inputs.nc}:${inputs.cnonce}:${inputs.qop}:${ha2}`)
    : md5(`${ha1}:${inputs.nonce}:${ha2}`);
}

//-- The server side: challenge, nonces, checking an answer

/** The fields of an `Authorization: Digest ...` answer. */
export interface DigestAnswer {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  /** Only 'auth' is accepted; a missing qop (RFC 2069) is not. */
  qop: string;
  nc: string;
  cnonce: string;
  opaque: string | undefined;
  algorithm: string;
}

/** The Digest answer of an Authorization header, or undefined when it is not a complete one. */
export function parseDigestAnswer(header: string | undefined): DigestAnswer | undefined {
  const start = /^\s*Digest\s+/i.exec(header ?? '');
  if (!header || !start) return undefined;
  const params = parseParams(header.slice(start[0].length));
  const required = ['username', 'realm', 'nonce', 'uri', 'response', 'qop', 'nc', 'cnonce'];
  if (required.some((name) => params.get(name) === undefined)) return undefined;
  return {
    username: params.get('username')!,
    realm: params.get('realm')!,
    nonce: params.get('nonce')!,
    uri: params.get('uri')!,
    response: params.get('response')!,
    qop: params.get('qop')!,
    nc: params.get('nc')!,
    cnonce: params.get('cnonce')!,
    opaque: params.get('opaque'),
    algorithm: params.get('algorithm') ?? 'MD5',
  };
}

/** How long a nonce we issued is accepted: a client answers a challenge at once. */
export const DIGEST_NONCE_LIFETIME_MS = 60_000;

/** Bytes of the HMAC kept in a nonce: enough that a forged one is never accepted. */
const NONCE_MAC_BYTES = 16;

export type NonceState = 'fresh' | 'stale' | 'forged';

/**
 * Nonces that need no store: each is the time it was issued plus an HMAC of that time under a
 * secret of this process, so any number of challenges costs no memory, a nonce we did not issue
 * is recognised, and one older than the lifetime is stale. A restart makes the old ones forged,
 * which only costs a client one more challenge. Within its lifetime a captured answer could be
 * replayed, which is less than Basic offers (replayable for ever).
 */
export class DigestNonces {
  private readonly secret: Buffer;
  /** Random per process, returned unchanged by clients (RFC 7616 `opaque`). */
  readonly opaque: string;

  constructor(
    private readonly now: () => number,
    private readonly lifetimeMs = DIGEST_NONCE_LIFETIME_MS,
  ) {
    this.secret = randomBytes(32);
    this.opaque = randomBytes(16).toString('hex');
  }

  issue(): string {
    const issuedAt = Buffer.alloc(8);
    issuedAt.writeBigInt64BE(BigInt(Math.floor(this.now())));
    return Buffer.concat([issuedAt, this.mac(issuedAt)]).toString('base64url');
  }

  check(nonce: string): NonceState {
    const bytes = Buffer.from(nonce, 'base64url');
    if (bytes.length !== 8 + NONCE_MAC_BYTES || bytes.toString('base64url') !== nonce)
      return 'forged';
    const issuedAt = bytes.subarray(0, 8);
    if (!timingSafeEqual(bytes.subarray(8), this.mac(issuedAt))) return 'forged';
    const age = this.now() - Number(issuedAt.readBigInt64BE());
    // A clock stepped back makes an age below zero: still ours, and young.
    return age <= this.lifetimeMs ? 'fresh' : 'stale';
  }

  private mac(issuedAt: Buffer): Buffer {
    return createHmac('sha256', this.secret).update(issuedAt).digest().subarray(0, NONCE_MAC_BYTES);
  }
}

/** The `WWW-Authenticate` value of a challenge; `stale` says the password was right. */
export function digestChallengeHeader(realm: string, nonces: DigestNonces, stale = false): string {
  return (
    `Digest realm=${quote(realm)}, qop="auth", nonce=${quote(nonces.issue())}, ` +
    `opaque=${quote(nonces.opaque)}, algorithm=MD5${stale ? ', stale=true' : ''}`
  );
}

/**
 * What an answer is worth, checked against the admin `password`:
 * - 'accepted': right password, a fresh nonce of ours, for this request;
 * - 'stale': right password but our nonce has expired (answer the new challenge);
 * - 'wrong': a wrong password or user, whatever the nonce: a login attempt to count;
 * - 'unusable': not an answer to our challenge for this request (another realm, opaque, uri or
 *   algorithm, no qop=auth, a bad nc, a nonce we never issued); no password was tested.
 */
export type DigestVerdict = 'accepted' | 'stale' | 'wrong' | 'unusable';

export interface DigestCheck {
  realm: string;
  user: string;
  password: string;
  method: string;
  /** The request target as received: path and query. */
  uri: string;
  nonces: DigestNonces;
}

export function checkDigestAnswer(answer: DigestAnswer, check: DigestCheck): DigestVerdict {
  const usable =
    answer.realm === check.realm &&
    answer.uri === check.uri &&
    answer.qop === 'auth' &&
    answer.algorithm.toUpperCase() === 'MD5' &&
    /^[0-9a-f]{8}$/i.test(answer.nc) &&
    answer.cnonce !== '' &&
    (answer.opaque === undefined || answer.opaque === check.nonces.opaque);
  if (!usable) return 'unusable';
  const nonce = check.nonces.check(answer.nonce);
  const expected = digestResponse({
    user: check.user,
    realm: check.realm,
    password: check.password,
    algorithm: 'MD5',
    nonce: answer.nonce,
    method: check.method,
    uri: check.uri,
    qop: 'auth',
    nc: answer.nc,
    cnonce: answer.cnonce,
  });
  // Both sides hashed again to equal lengths, so the comparison time says nothing.
  const right =
    timingSafeEqual(sha256(answer.response.toLowerCase()), sha256(expected)) &&
    answer.username === check.user;
  if (!right) return 'wrong';
  if (nonce === 'forged') return 'unusable';
  return nonce === 'fresh' ? 'accepted' : 'stale';
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

function quote(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/** `name=token` and `name="quoted, \"string\""` pairs, names lower-cased; stops at a next scheme. */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const pair = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(?:,|$)/y;
  let match: RegExpExecArray | null;
  while ((match = pair.exec(text)) !== null) {
    const name = match[1]!.toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
    if (!params.has(name)) params.set(name, value);
    if (pair.lastIndex >= text.length) break;
  }
  return params;
}

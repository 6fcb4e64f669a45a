import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP Digest access authentication (RFC 7616, MD5 as RFC 2617 has it). OpenDTU v26 asks for it
 * on the socket handshake when read-only access is off (wire-current: a 401 with
 * `WWW-Authenticate: Digest ...`); REST stays on Basic.
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
  let ha1 = md5(`${request.user}:${challenge.realm}:${request.password}`);
  if (challenge.algorithm === 'MD5-sess') ha1 = md5(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = md5(`${request.method}:${request.uri}`);
  const response = challenge.qop
    ? md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`)
    : md5(`${ha1}:${challenge.nonce}:${ha2}`);
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

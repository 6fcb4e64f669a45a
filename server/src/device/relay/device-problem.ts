import type { DeviceProblem } from '@heliodtu/contract/companion';
import type { DeviceProblemCode } from '@heliodtu/contract/device-problem';

/**
 * Why a device cannot be used, in words an owner acts on. The code is stable (the interface
 * translates it, contract/device-problem.ts); the message is English for the start line and the console. Neither
 * ever holds a stack trace or a credential.
 */
export type { DeviceProblem } from '@heliodtu/contract/companion';
export type { DeviceProblemCode } from '@heliodtu/contract/device-problem';

const problem = (code: DeviceProblemCode, message: string): DeviceProblem => ({ code, message });

/** The problem an HTTP status other than 200 (or 101 on a socket) stands for. */
export function problemFromStatus(
  status: number,
  url: string,
  sentPassword: boolean,
  location?: string,
): DeviceProblem {
  if (status === 401) {
    return sentPassword
      ? problem(
          'wrong-password',
          `${url} refused the password (401): check the device's admin password`,
        )
      : problem(
          'password-needed',
          `${url} needs the device's admin password (401: read-only access is off)`,
        );
  }
  if (status === 429 || status >= 500) {
    return problem(
      'device-error',
      `${url} answered ${status}: the device is busy or out of memory`,
    );
  }
  if (status >= 300 && status < 400) {
    const to = location ? ` to ${location}` : '';
    return problem(
      'not-opendtu',
      `${url} redirects${to} (${status}): not an OpenDTU at this address`,
    );
  }
  return problem('not-opendtu', `${url} answered ${status}: not an OpenDTU at this address`);
}

/** A request or socket that did not get an answer in time. */
export function timeoutProblem(url: string, timeoutMs: number): DeviceProblem {
  return problem('timeout', `${url} did not answer within ${formatSeconds(timeoutMs)}`);
}

/** Too many requests to the device still waiting for its answers: this one was not sent. */
export function busyProblem(url: string): DeviceProblem {
  return problem('busy', `${url} is still answering earlier requests; try again in a moment`);
}

/** The problem a network error (node's errno and TLS codes) stands for. */
export function problemFromError(error: unknown, url: string): DeviceProblem {
  const { code = '', message = '' } = error as NodeJS.ErrnoException;
  const host = hostOf(url);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') {
    return problem('dns', `the name ${host} is unknown (DNS): check the device's address`);
  }
  if (code === 'ECONNREFUSED') {
    return problem('refused', `${url} refused the connection: nothing listens on that port`);
  }
  if (code === 'ETIMEDOUT')
    return problem('timeout', `${url} did not answer (connection timed out)`);
  const tls = tlsReason(code, message);
  if (tls) return problem('tls', `TLS with ${url} failed: ${tls}`);
  const network = NETWORK_ERRORS[code] ?? `network error ${code || 'without a code'}`;
  return problem('unreachable', `cannot reach ${url}: ${network}`);
}

/** An open connection that ended without an error of its own. */
export function connectionLostProblem(url: string): DeviceProblem {
  return problem('connection-lost', `the connection to ${url} was lost`);
}

/**
 * Why TLS with a broker failed (an mqtts:// device), or null when the error is not TLS's. A
 * certificate no trusted CA signed is the usual case with an owner's own Mosquitto CA: said so,
 * with where to give that CA. `connected`: whether the broker took this connection (a reset
 * before it did is the handshake's).
 */
export function brokerTlsProblem(
  error: unknown,
  broker: string,
  { connected }: { connected: boolean },
): DeviceProblem | null {
  const { code: rawCode, message = '' } = error as { code?: unknown; message?: string };
  // mqtt.js hands a refused CONNACK over as a number (3: server unavailable): not TLS's.
  const code = typeof rawCode === 'string' ? rawCode : '';
  // Mosquitto drops a TLS hello on a plain listener without a word.
  if (code === 'ECONNRESET' && !connected && broker.startsWith('mqtts:')) {
    return problem(
      'tls',
      `the broker ${broker} closed the connection at the TLS handshake: is that port its TLS ` +
        'listener (usually 8883)?',
    );
  }
  if (UNTRUSTED_CERT_CODES.has(code)) {
    return problem(
      'tls',
      `the broker's certificate is not trusted (${broker}): no CA this companion trusts signed ` +
        "it; give the broker's CA in DTU_MQTT_CA_FILE",
    );
  }
  const tls = tlsReason(code, message, 'mqtt://');
  return tls ? problem('tls', `TLS with the broker ${broker} failed: ${tls}`) : null;
}

/** A certificate chain that ends in no trusted CA (the CA is unknown here, not the certificate wrong). */
const UNTRUSTED_CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

const NETWORK_ERRORS: Record<string, string> = {
  EHOSTUNREACH: 'no route to the host (is the device on and in the network?)',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  ECONNABORTED: 'the connection was aborted',
};

const TLS_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in an untrusted self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is not signed by a trusted authority',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is made out to another name',
};

function tlsReason(code: string, message: string, plainScheme = 'http://'): string | null {
  const known = TLS_CODES[code];
  if (known) return known;
  // A plain HTTP port answering a TLS hello (node 20: EPROTO "… wrong version number").
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(message)) {
    return `the port does not speak TLS (try ${plainScheme})`;
  }
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    const reason = /error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(message)?.[1]?.trim();
    return `the TLS handshake failed (${reason ?? code})`;
  }
  if (code.startsWith('CERT_') || code.startsWith('UNABLE_TO_')) {
    return `its certificate is not accepted (${code})`;
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

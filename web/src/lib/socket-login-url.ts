import { socketUrl } from './base-path';
import { readStoredUser } from './session';

/**
 * The `user:password` pair of a stored login's authdata (base64 of UTF-8), or null when it is
 * damaged or has no colon.
 */
function loginOf(authdata: string): { user: string; password: string } | null {
  try {
    const binary = atob(authdata);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const colon = text.indexOf(':');
    return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
  } catch {
    return null;
  }
}

/**
 * The URL of a socket path ('livedata', 'console') with the stored login given twice: as the
 * `authParam` query parameter, which our gateway reads (browsers set no header on a socket),
 * and as the URL's userinfo (`ws://admin:pass@host/livedata`), from which the browser answers a
 * device's challenge: Basic on OpenDTU v24, Digest on v26 with read-only access off.
 */
export function socketUrlWithLogin(relative: string, authParam: string): string {
  const url = new URL(socketUrl(relative));
  const authdata = readStoredUser()?.authdata;
  if (!authdata) return url.href;
  url.searchParams.set(authParam, authdata);
  const login = loginOf(authdata);
  if (login) {
    // Encoded here: the setters leave '%' as it is, which the browser would then decode.
    url.username = encodeURIComponent(login.user);
    url.password = encodeURIComponent(login.password);
  }
  return url.href;
}

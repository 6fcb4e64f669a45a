import { pickPayloadNumber } from '@heliodtu/contract/domain/json-path';
import { digestAuthorization, parseDigestChallenge } from '../auth/digest.js';

export interface HttpMeterTarget {
  url: string;
  json_path: string;
  auth: 'none' | 'basic' | 'digest';
  username: string;
  password: string;
}

/** One poll's outcome: a number, or why there is none. */
export type HttpMeterAnswer =
  | { kind: 'ok'; power_w: number }
  | { kind: 'no_path'; detail: string }
  | { kind: 'unreachable'; detail: string };

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Reads an HTTP meter once, answering a Digest challenge when the meter sends one. */
export async function readHttpMeter(
  target: HttpMeterTarget,
  timeoutMs: number,
): Promise<HttpMeterAnswer> {
  const url = new URL(target.url);
  const get = (authorization?: string) =>
    fetch(url, {
      headers: authorization ? { authorization } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
  try {
    let answer = await get(
      target.auth === 'basic' ? basic(target.username, target.password) : undefined,
    );
    if (answer.status === 401 && target.auth === 'digest') {
      const challenge = parseDigestChallenge(answer.headers.get('www-authenticate') ?? undefined);
      await answer.arrayBuffer();
      if (!challenge)
        return {
          kind: 'unreachable',
          detail: 'The meter asks for a login it does not offer as Digest.',
        };
      const uri = `${url.pathname}${url.search}`;
      const header = digestAuthorization(challenge, {
        user: target.username,
        password: target.password,
        method: 'GET',
        uri,
      });
      answer = await get(header);
    }
    if (answer.status !== 200) {
      await answer.arrayBuffer();
      return { kind: 'unreachable', detail: `The meter answered HTTP ${answer.status}.` };
    }
    const text = await answer.text();
    const power = pickPayloadNumber(text, target.json_path);
    if (power === null) {
      return { kind: 'no_path', detail: `The answer has no number at ${target.json_path}.` };
    }
    return { kind: 'ok', power_w: power };
  } catch (error) {
    return {
      kind: 'unreachable',
      detail: `The meter does not answer (${(error as Error).message}).`,
    };
  }
}

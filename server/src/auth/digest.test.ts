import { describe, expect, it } from 'vitest';
import {
  checkDigestAnswer,
  digestAuthorization,
  digestChallengeHeader,
  DigestNonces,
  parseDigestAnswer,
  parseDigestChallenge,
} from './digest.js';

// RFC 2617 section 3.5: the worked example, with its published response.
const RFC_2617_HEADER =
  'Digest realm="testrealm@host.com", qop="auth,auth-int", ' +
  'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"';

describe('Digest authentication', () => {
  it('answers the RFC 2617 example with its published response', () => {
    const challenge = parseDigestChallenge(RFC_2617_HEADER);
    expect(challenge).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
      algorithm: 'MD5',
      qop: 'auth',
    });
    const header = digestAuthorization(challenge!, {
      user: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      cnonce: '0a4f113b',
      nonceCount: 1,
    });
    expect(header).toBe(
      'Digest username="Mufasa", realm="testrealm@host.com", ' +
        'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/dir/index.html", algorithm=MD5, ' +
        'qop=auth, nc=00000001, cnonce="0a4f113b", ' +
        'response="6629fae49393a05397450978507c4ef1", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
  });

  it('answers a challenge without qop the RFC 2069 way', () => {
    // MD5(MD5("Mufasa:testrealm@host.com:Circle Of Life"):nonce:MD5("GET:/dir/index.html"))
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093"',
    );
    expect(challenge).toMatchObject({ qop: undefined, opaque: undefined });
    const header = digestAuthorization(challenge!, {
      user: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
    });
    expect(header).toContain('response="670fd8c2df070c60b045671b8b24ff02"');
    expect(header).not.toContain('qop=');
  });

  it('finds the Digest challenge among others and refuses what it cannot answer', () => {
    expect(
      parseDigestChallenge(['Basic realm="x"', 'Digest realm="Login Required", nonce="n1"']),
    ).toMatchObject({ realm: 'Login Required', nonce: 'n1' });
    expect(
      parseDigestChallenge('Basic realm="x", Digest realm="r", nonce="n2", qop=auth'),
    ).toMatchObject({ realm: 'r', nonce: 'n2', qop: 'auth' });
    expect(parseDigestChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseDigestChallenge(undefined)).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="r"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="r", nonce="n", algorithm=SHA-256')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="r", nonce="n", qop="auth-int"')).toBeUndefined();
  });

  it('quotes a realm with quotes and hashes the session variant', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="say \\"hi\\"", nonce="abc", algorithm=MD5-sess, qop="auth"',
    );
    expect(challenge).toMatchObject({ realm: 'say "hi"', algorithm: 'MD5-sess' });
    const plain = digestAuthorization(
      { ...challenge!, algorithm: 'MD5' },
      { user: 'admin', password: 'pw', method: 'GET', uri: '/console', cnonce: 'c' },
    );
    const session = digestAuthorization(challenge!, {
      user: 'admin',
      password: 'pw',
      method: 'GET',
      uri: '/console',
      cnonce: 'c',
    });
    expect(session).toContain('realm="say \\"hi\\""');
    expect(session).toContain('algorithm=MD5-sess');
    const responseOf = (header: string) => /response="([0-9a-f]{32})"/.exec(header)?.[1];
    expect(responseOf(session)).toBeDefined();
    expect(responseOf(session)).not.toBe(responseOf(plain));
  });
});

describe('Digest on our side: nonces and checking an answer', () => {
  it('keeps a nonce fresh for its lifetime, then stale; a changed one is forged', () => {
    const clock = { now: 1_000_000 };
    const nonces = new DigestNonces(() => clock.now, 60_000);
    const nonce = nonces.issue();
    expect(nonces.check(nonce)).toBe('fresh');
    clock.now += 60_000;
    expect(nonces.check(nonce)).toBe('fresh');
    clock.now += 1;
    expect(nonces.check(nonce)).toBe('stale');
    const bytes = Buffer.from(nonce, 'base64url');
    bytes[3] = bytes[3]! ^ 1; // an older or younger time, MAC unchanged
    expect(nonces.check(bytes.toString('base64url'))).toBe('forged');
    expect(nonces.check('not a nonce')).toBe('forged');
    // Another process (a restart) knows another secret.
    expect(new DigestNonces(() => clock.now).check(nonce)).toBe('forged');
  });

  it("accepts the client side's own answer and tells wrong, stale and unusable apart", () => {
    const clock = { now: 5_000 };
    const nonces = new DigestNonces(() => clock.now, 60_000);
    const challenge = parseDigestChallenge(digestChallengeHeader('live websocket', nonces))!;
    expect(challenge).toMatchObject({ realm: 'live websocket', qop: 'auth', algorithm: 'MD5' });
    const answerWith = (password: string, uri = '/livedata') =>
      parseDigestAnswer(
        digestAuthorization(challenge, { user: 'admin', password, method: 'GET', uri }),
      )!;
    const check = {
      realm: 'live websocket',
      user: 'admin',
      password: 'pw',
      method: 'GET',
      uri: '/livedata',
      nonces,
    };
    expect(checkDigestAnswer(answerWith('pw'), check)).toBe('accepted');
    expect(checkDigestAnswer(answerWith('guess'), check)).toBe('wrong');
    expect(checkDigestAnswer(answerWith('pw', '/console'), check)).toBe('unusable');
    expect(checkDigestAnswer({ ...answerWith('pw'), qop: 'auth-int' }, check)).toBe('unusable');
    expect(checkDigestAnswer({ ...answerWith('pw'), opaque: 'other' }, check)).toBe('unusable');
    clock.now += 60_001;
    expect(checkDigestAnswer(answerWith('pw'), check)).toBe('stale');
    expect(checkDigestAnswer(answerWith('guess'), check)).toBe('wrong');
    expect(parseDigestAnswer('Basic YWRtaW46cHc=')).toBeUndefined();
    expect(parseDigestAnswer('Digest username="admin", realm="r"')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { encodeAuthdata, storeUser } from './session';
import { socketUrlWithLogin } from './socket-login-url';

describe('socketUrlWithLogin', () => {
  it('is the bare socket URL without a stored login', () => {
    expect(socketUrlWithLogin('livedata', 'auth')).toBe(`ws://${window.location.host}/livedata`);
  });

  it('gives the login as the parameter and as userinfo the browser decodes back exactly', () => {
    const password = 'p@ss:wörd/?#% ü';
    const authdata = encodeAuthdata('admin', password);
    storeUser({ authdata });
    const url = new URL(socketUrlWithLogin('console', 'auth'));
    expect(url.searchParams.get('auth')).toBe(authdata);
    expect(decodeURIComponent(url.username)).toBe('admin');
    expect(decodeURIComponent(url.password)).toBe(password);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(
      `ws://${window.location.host}/console`,
    );
  });

  it('leaves the userinfo out of a damaged login, keeping the parameter', () => {
    for (const authdata of ['%%%', btoa('no-colon'), btoa('\xff\xfe:x')]) {
      storeUser({ authdata });
      const url = new URL(socketUrlWithLogin('livedata', 'auth'));
      expect([url.username, url.password]).toEqual(['', '']);
      expect(url.searchParams.get('auth')).toBe(authdata);
    }
  });
});

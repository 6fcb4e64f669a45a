import { afterEach, describe, expect, it } from 'vitest';
import { hasGridProfile } from '@heliodtu/contract/grid-profile';
import {
  LIVE_DATA_SOCKET_PATH,
  SOCKET_AUTH_QUERY_PARAM,
  withSocketAuth,
} from '@heliodtu/contract/ws';
import { storeUser } from '@/lib/session';
import { hasProfileBytes } from './dialogs/grid-profile-dialog';
import { LIVE_SOCKET_PATH, liveSocketUrl, SOCKET_AUTH_PARAM } from './use-live-socket';

const AUTHDATA = btoa('admin:pa+ss/wörd?'.replace('ö', 'o'));

function withBase(href: string) {
  const base = document.querySelector('base')!;
  const previous = base.href;
  base.href = href;
  return () => (base.href = previous);
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('the live socket URL', () => {
  it('repeats the contract facts exactly', () => {
    expect(`/${LIVE_SOCKET_PATH}`).toBe(LIVE_DATA_SOCKET_PATH);
    expect(SOCKET_AUTH_PARAM).toBe(SOCKET_AUTH_QUERY_PARAM);
  });

  it('is ws: beside the page, without credentials when logged out', () => {
    expect(liveSocketUrl()).toBe('ws://localhost:3000/livedata');
  });

  it('carries the stored credentials as the contract builds them', () => {
    storeUser({ authdata: AUTHDATA });
    // The contract's `auth` parameter, and the same login as userinfo for a device's challenge.
    expect(liveSocketUrl()).toBe(
      withSocketAuth('ws://admin:pa%2Bss%2Fword%3F@localhost:3000/livedata', AUTHDATA),
    );
  });

  it('works under a reverse proxy sub-path and over https', () => {
    restore = withBase('https://example.org/dtu/');
    expect(liveSocketUrl()).toBe('wss://example.org/dtu/livedata');
  });
});

describe('grid profile validity', () => {
  it.each([[[]], [[0, 0, 0]], [[0, 1]], [[255]], [[10, 0, 32]]])(
    '%j agrees with the contract',
    (raw) => {
      expect(hasProfileBytes(raw)).toBe(hasGridProfile(raw));
    },
  );
});

import { describe, expect, it } from 'vitest';
import { CONSOLE_SOCKET_PATH, SOCKET_AUTH_QUERY_PARAM } from '@heliodtu/contract/ws';
import { storeUser } from '@/lib/session';
import { CONSOLE_AUTH_PARAM, CONSOLE_PATH, consoleSocketUrl } from './use-console-socket';

describe('consoleSocketUrl', () => {
  it('repeats the contract facts (not imported: zod stays out of the bundle)', () => {
    expect(`/${CONSOLE_PATH}`).toBe(CONSOLE_SOCKET_PATH);
    expect(CONSOLE_AUTH_PARAM).toBe(SOCKET_AUTH_QUERY_PARAM);
  });

  it('is ws:// relative to the interface root, with the stored login as ?auth= and userinfo', () => {
    expect(consoleSocketUrl()).toBe(`ws://${window.location.host}/console`);
    storeUser({ code: 10002, authdata: 'YWRtaW46eA==' });
    expect(consoleSocketUrl()).toBe(
      `ws://admin:x@${window.location.host}/console?auth=YWRtaW46eA%3D%3D`,
    );
  });
});

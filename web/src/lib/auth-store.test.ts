import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { currentPath, goTo } from '@/testing/location';
import { InvalidCredentialsError, useAuthStore } from './auth-store';
import { encodeAuthdata, readStoredUser } from './session';

describe('auth store (spec §4, §7)', () => {
  it('logs in with GET api/security/authenticate and stores the answer with authdata', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('*/api/security/authenticate', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({
          type: 'success',
          message: 'Authentication successful!',
          code: 10002,
        });
      }),
    );
    await useAuthStore.getState().login('admin', 'pässwörd');
    const authdata = encodeAuthdata('admin', 'pässwörd');
    expect(authorization).toBe(`Basic ${authdata}`);
    expect(readStoredUser()).toEqual({
      type: 'success',
      message: 'Authentication successful!',
      code: 10002,
      authdata,
    });
    expect(useAuthStore.getState().isLoggedIn).toBe(true);
  });

  it('rejects with invalid credentials on a 401, stores nothing and stays on the page', async () => {
    goTo('/login');
    server.use(
      http.get('*/api/security/authenticate', () => new HttpResponse(null, { status: 401 })),
    );
    await expect(useAuthStore.getState().login('admin', 'wrong')).rejects.toBeInstanceOf(
      InvalidCredentialsError,
    );
    expect(readStoredUser()).toBeNull();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(currentPath()).toBe('/login');
  });

  it('logs out: clears the record and goes to the live view', async () => {
    server.use(http.get('*/api/security/authenticate', () => HttpResponse.json({ code: 10002 })));
    await useAuthStore.getState().login('admin', 'openDTU42');
    goTo('/settings/mqtt');
    useAuthStore.getState().logout();
    expect(readStoredUser()).toBeNull();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(currentPath()).toBe('/');
  });

  it('encodes UTF-8 credentials as base64', () => {
    expect(encodeAuthdata('admin', 'openDTU42')).toBe('YWRtaW46b3BlbkRUVTQy');
    expect(atob(encodeAuthdata('a', 'ü'))).toBe('a:\u00c3\u00bc');
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { currentPath, goTo } from '@/testing/location';
import { ApiError, apiGet, apiPost } from './api-client';
import { useGatewayReach } from './gateway-reach';
import { readStoredUser, storeUser } from './session';

describe('api client', () => {
  it('sends X-Requested-With, and Basic auth only when a user is stored', async () => {
    const seen: (string | null)[][] = [];
    server.use(
      http.get('*/api/ntp/status', ({ request }) => {
        seen.push([request.headers.get('x-requested-with'), request.headers.get('authorization')]);
        return HttpResponse.json({ ok: 1 });
      }),
    );
    await apiGet('api/ntp/status');
    storeUser({ authdata: 'YWRtaW46c2VjcmV0', code: 10002 });
    await apiGet('api/ntp/status');
    expect(seen).toEqual([
      ['XMLHttpRequest', null],
      ['XMLHttpRequest', 'Basic YWRtaW46c2VjcmV0'],
    ]);
  });

  it('resolves relative to the page base and adds the query', async () => {
    let url = '';
    server.use(
      http.get('*/api/eventlog/status', ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );
    await apiGet('api/eventlog/status', {
      query: { inv: '116180123456', locale: 'de', x: undefined },
    });
    expect(url).toBe('http://localhost:3000/api/eventlog/status?inv=116180123456&locale=de');
  });

  it('reads the body as text: JSON when present, undefined when empty', async () => {
    server.use(
      http.get('*/api/a', () => HttpResponse.text('{"v": 1}')),
      http.get('*/api/b', () => new HttpResponse(null, { status: 200 })),
    );
    expect(await apiGet('api/a')).toEqual({ v: 1 });
    expect(await apiGet('api/b')).toBeUndefined();
  });

  it('posts the data as the one form field "data"', async () => {
    let received: unknown;
    server.use(
      http.post('*/api/maintenance/reboot', async ({ request }) => {
        received = JSON.parse(String((await request.formData()).get('data')));
        return HttpResponse.json({ type: 'success', code: 6001 });
      }),
    );
    expect(await apiPost('api/maintenance/reboot', { reboot: true })).toEqual({
      type: 'success',
      code: 6001,
    });
    expect(received).toEqual({ reboot: true });
  });

  it('on 401 clears the user and goes to /login with returnUrl, even when silent', async () => {
    goTo('/settings/ntp?tab=2');
    storeUser({ authdata: 'd3Jvbmc=' });
    server.use(http.get('*/api/ntp/config', () => new HttpResponse(null, { status: 401 })));
    const error = await apiGet('api/ntp/config', { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(readStoredUser()).toBeNull();
    expect(currentPath()).toBe('/login?returnUrl=%2Fsettings%2Fntp%3Ftab%3D2');
  });

  it('sends other failures to /error with status and message', async () => {
    goTo('/info/system');
    server.use(
      http.get('*/api/system/status', () =>
        HttpResponse.json({ message: 'Out of memory' }, { status: 500 }),
      ),
    );
    await expect(apiGet('api/system/status')).rejects.toMatchObject({
      status: 500,
      message: 'Out of memory',
    });
    expect(currentPath()).toBe('/error?status=500&message=Out+of+memory');
  });

  it('uses the status text without a JSON message, and stays put when silent', async () => {
    goTo('/about');
    server.use(
      http.get('*/api/i18n/languages', () =>
        HttpResponse.text('nope', { status: 404, statusText: 'Not Found' }),
      ),
    );
    await expect(apiGet('api/i18n/languages', { silent: true })).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
    });
    expect(currentPath()).toBe('/about');
  });

  it('treats a network failure as status 0 and an HTML answer as an error', async () => {
    goTo('/');
    server.use(
      http.get('*/api/down', () => HttpResponse.error()),
      http.get('*/api/html', () => HttpResponse.html('<!doctype html><p>SPA</p>')),
    );
    await expect(apiGet('api/down', { silent: true })).rejects.toMatchObject({ status: 0 });
    await expect(apiGet('api/html')).rejects.toMatchObject({ status: 200 });
    expect(currentPath()).toMatch(/^\/error\?status=200&message=Unexpected/);
  });

  it('tells every notice whether the gateway answered (gateway-reach)', async () => {
    const reach = () => useGatewayReach.getState().unreachable;
    server.use(
      http.get('*/api/down', () => HttpResponse.error()),
      http.get('*/api/proxy', () => new HttpResponse('Bad gateway', { status: 502 })),
      http.get('*/api/broken', () => new HttpResponse('{}', { status: 500 })),
      http.get('*/api/locked', () => new HttpResponse(null, { status: 401 })),
      http.get('*/api/fine', () => HttpResponse.json({})),
    );
    await apiGet('api/down', { silent: true }).catch(() => undefined);
    expect(reach()).toBe(true);
    await apiGet('api/fine');
    expect(reach()).toBe(false);
    await apiGet('api/proxy', { silent: true }).catch(() => undefined);
    expect(reach()).toBe(true);
    // An error or a login demand is an answer all the same.
    await apiGet('api/broken', { silent: true }).catch(() => undefined);
    expect(reach()).toBe(false);
    await apiGet('api/down', { silent: true }).catch(() => undefined);
    await apiGet('api/locked', { silent: true }).catch(() => undefined);
    expect(reach()).toBe(false);
  });

  it("reads a companion's failure for its device as an answer, with the device problem", async () => {
    const reach = () => useGatewayReach.getState().unreachable;
    const deviceAway = (status: number, problem: string) => () =>
      HttpResponse.json(
        {
          type: 'danger',
          message: 'http://10.0.0.9 refused the connection',
          device: 'dtu',
          problem,
        },
        { status, headers: { 'X-HelioDTU-Device-Problem': problem } },
      );
    server.use(
      http.get('*/api/down', () => HttpResponse.error()),
      http.get('*/api/away', deviceAway(503, 'refused')),
      http.get('*/api/password', deviceAway(502, 'wrong-password')),
      http.get('*/api/newer', deviceAway(504, 'some-new-code')),
    );
    await apiGet('api/down', { silent: true }).catch(() => undefined);
    expect(reach()).toBe(true);
    const away = await apiGet('api/away', { silent: true }).catch((error: unknown) => error);
    // The companion is there: the shell must not say the gateway is away.
    expect(reach()).toBe(false);
    expect(away).toBeInstanceOf(ApiError);
    expect(away).toMatchObject({
      status: 503,
      deviceProblem: 'refused',
      message: 'http://10.0.0.9 refused the connection',
    });
    await apiGet('api/down', { silent: true }).catch(() => undefined);
    await expect(apiGet('api/password', { silent: true })).rejects.toMatchObject({
      status: 502,
      deviceProblem: 'wrong-password',
    });
    expect(reach()).toBe(false);
    // A code this build does not know: still an answer, said by the companion's message.
    await apiGet('api/down', { silent: true }).catch(() => undefined);
    const newer = await apiGet('api/newer', { silent: true }).catch((error: unknown) => error);
    expect(reach()).toBe(false);
    expect(newer).toMatchObject({ status: 504, deviceProblem: undefined });
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { currentPath, goTo } from '@/testing/location';
import { storeUser, readStoredUser } from './session';
import { upload } from './upload';

const body = () => {
  const form = new FormData();
  form.append('config', new Blob(['{"cfg":{}}']), 'config');
  return form;
};

describe('upload', () => {
  it('resolves with the body on 200, with credentials and the query', async () => {
    storeUser({ authdata: 'YWRtaW46eA==' });
    let seen = '';
    server.use(
      http.post('*/api/file/upload', ({ request }) => {
        seen = `${new URL(request.url).search} ${request.headers.get('authorization')}`;
        return HttpResponse.text('OK');
      }),
    );
    const progress: number[] = [];
    await expect(
      upload('api/file/upload', body(), {
        query: { file: 'config.json' },
        onProgress: (p) => progress.push(p),
      }),
    ).resolves.toBe('OK');
    expect(seen).toBe('?file=config.json Basic YWRtaW46eA==');
    expect(progress.at(-1)).toBe(100);
  });

  it('rejects a 500 with the body text as the message (spec §7)', async () => {
    server.use(
      http.post('*/api/firmware/update', () => HttpResponse.text('FAIL', { status: 500 })),
    );
    await expect(upload('api/firmware/update', body())).rejects.toMatchObject({
      status: 500,
      message: 'FAIL',
    });
  });

  it('rejects other statuses with the HTTP error text', async () => {
    server.use(
      http.post('*/api/firmware/update', () =>
        HttpResponse.text('x', { status: 413, statusText: 'Payload Too Large' }),
      ),
    );
    await expect(upload('api/firmware/update', body())).rejects.toMatchObject({
      status: 413,
      message: '[HTTP ERROR] Payload Too Large',
    });
  });

  it('applies the 401 policy', async () => {
    goTo('/firmware/upgrade');
    storeUser({ authdata: 'd3Jvbmc=' });
    server.use(http.post('*/api/firmware/update', () => new HttpResponse(null, { status: 401 })));
    await expect(upload('api/firmware/update', body())).rejects.toMatchObject({ status: 401 });
    expect(readStoredUser()).toBeNull();
    expect(currentPath()).toBe('/login?returnUrl=%2Ffirmware%2Fupgrade');
  });
});

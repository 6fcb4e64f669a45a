import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { checkVersion } from './version-check';

const COMPARE = 'https://api.github.com/repos/tbnobody/OpenDTU/compare/:range';

function answer(body: object, init?: ResponseInit) {
  const seen: string[] = [];
  server.use(
    http.get(COMPARE, ({ params }) => {
      seen.push(String(params['range']));
      return HttpResponse.json(body, init);
    }),
  );
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('checkVersion (spec §1, §4)', () => {
  it('asks for the build hash against HEAD and reports a newer version with its link', async () => {
    const seen = answer({
      total_commits: 12,
      html_url: 'https://github.com/tbnobody/OpenDTU/compare/abc1234...HEAD',
    });
    await expect(checkVersion('v24.11.7-3-gabc1234')).resolves.toEqual({
      status: 'new-version',
      commits: 12,
      url: 'https://github.com/tbnobody/OpenDTU/compare/abc1234...HEAD',
    });
    expect(seen).toEqual(['abc1234...HEAD']);
  });

  it('reports up to date when nothing is ahead', async () => {
    answer({ total_commits: 0, html_url: 'https://github.com/x' });
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'up-to-date' });
  });

  it('ends as error on a network failure, a refusal or an odd answer', async () => {
    server.use(http.get(COMPARE, () => HttpResponse.error()));
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'error' });
    answer({ message: 'rate limited' }, { status: 403 });
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'error' });
    answer({ total_commits: 'many' });
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'error' });
    answer({ total_commits: 3, html_url: 'https://evil.example/' });
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'error' });
  });

  it('sends nothing while the browser is offline', async () => {
    const seen = answer({ total_commits: 0 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(checkVersion('v24.11.7')).resolves.toEqual({ status: 'error' });
    expect(seen).toEqual([]);
    vi.restoreAllMocks();
  });

  it('gives up after the timeout when the host never answers', async () => {
    server.use(http.get(COMPARE, () => new Promise<never>(() => undefined)));
    await expect(checkVersion('v24.11.7', { timeoutMs: 50 })).resolves.toEqual({
      status: 'error',
    });
  });
});

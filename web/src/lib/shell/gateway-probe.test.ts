import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { entryOf, probeGateway } from './gateway-probe';

const page = (entry: string) =>
  `<!doctype html><html><head><script>var x=1</script>` +
  `<script type="module" crossorigin src="${entry}"></script>` +
  `<link rel="modulepreload" href="./assets/other-AAAA1111.js"></head><body></body></html>`;

/** What the browser loaded: this page's own entry script. */
let ours: HTMLScriptElement;
beforeEach(() => {
  ours = document.createElement('script');
  ours.type = 'module';
  ours.setAttribute('src', './assets/index-OLDBUILD.js');
  document.head.append(ours);
});
afterEach(() => ours.remove());

describe('entryOf', () => {
  it('names the module script of an index.html', () => {
    const html = new DOMParser().parseFromString(page('./assets/index-Ab12Cd34.js'), 'text/html');
    expect(entryOf(html)).toBe('./assets/index-Ab12Cd34.js');
  });

  it('is null for a page without one', () => {
    const html = new DOMParser().parseFromString('<p>Bad gateway</p>', 'text/html');
    expect(entryOf(html)).toBeNull();
  });
});

describe('probeGateway', () => {
  it('asks for index.html past the caches and finds the same build', async () => {
    let asked: Request | undefined;
    server.use(
      http.get('*/index.html', ({ request }) => {
        asked = request;
        return new HttpResponse(page('./assets/index-OLDBUILD.js'), {
          headers: { 'Content-Type': 'text/html' },
        });
      }),
    );
    await expect(probeGateway()).resolves.toBe('same');
    expect(new URL(asked!.url).search).toBe('?shell');
    expect(asked!.cache).toBe('no-store');
  });

  it('finds a new build when the gateway names another entry', async () => {
    server.use(
      http.get('*/index.html', () =>
        HttpResponse.text(page('./assets/index-NEWBUILD.js'), {
          headers: { 'Content-Type': 'text/html' },
        }),
      ),
    );
    await expect(probeGateway()).resolves.toBe('new');
  });

  it('counts a failed request and an error answer as unreachable', async () => {
    server.use(http.get('*/index.html', () => HttpResponse.error()));
    await expect(probeGateway()).resolves.toBe('unreachable');
    server.use(http.get('*/index.html', () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(probeGateway()).resolves.toBe('unreachable');
  });

  it('does not claim a new build from an answer that is no interface page', async () => {
    server.use(http.get('*/index.html', () => HttpResponse.text('<p>Maintenance</p>')));
    await expect(probeGateway()).resolves.toBe('same');
  });
});

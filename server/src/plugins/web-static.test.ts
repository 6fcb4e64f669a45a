import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { rawGet, tempDist } from '../../test/helpers/web-dist.js';

const INDEX = '<!doctype html><html><head><title>HelioDTU test</title></head><body></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('web-static: the normal build', () => {
  const files = {
    'index.html': INDEX,
    'assets/index-AbC123xy.js': APP_JS,
    'favicon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    '.vite/manifest.json': '{"secret":true}',
  };

  it('serves index.html at / with an ETag, Cache-Control and a 304 on If-None-Match', async () => {
    const gw = await buildTestGateway({ webDist: await tempDist(files) });
    const first = await gw.request('GET', '/', { auth: null });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.headers.get('cache-control')).toBe('public, must-revalidate');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await first.text()).toBe(INDEX);
    const again = await gw.request('GET', '/', { auth: null, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers index.html for unmatched paths and methods, /api ones included', async () => {
    const gw = await buildTestGateway({ webDist: await tempDist(files) });
    for (const [method, url] of [
      ['GET', '/settings/network'],
      ['GET', '/api/does/not/exist'],
      ['POST', '/anything'],
      ['GET', '/assets/missing.js'],
    ] as const) {
      const response = await gw.request(method, url, { auth: null });
      expect(response.status, `${method} ${url}`).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable, gzipped when the client accepts it', async () => {
    const gw = await buildTestGateway({ webDist: await tempDist(files) });
    const plain = await rawGet(`${gw.url}/assets/index-AbC123xy.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    const gzipped = await rawGet(`${gw.url}/assets/index-AbC123xy.js`, {
      'accept-encoding': 'gzip, deflate',
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toBe('Accept-Encoding');
    expect(gzipped.headers['etag']).not.toBe(plain.headers['etag']);
    expect(gunzipSync(gzipped.body).toString()).toBe(APP_JS);
    expect(gzipped.body.length).toBeLessThan(APP_JS.length / 10);
  });

  it('never serves files outside the dist folder or hidden files', async () => {
    const dist = await tempDist(files);
    await writeFile(path.join(path.dirname(dist), 'outside-secret.txt'), 'secret');
    onTestFinished(() => rm(path.join(path.dirname(dist), 'outside-secret.txt'), { force: true }));
    const gw = await buildTestGateway({ webDist: dist });
    for (const url of [
      '/../outside-secret.txt',
      '/%2e%2e/outside-secret.txt',
      '/assets/..%2f..%2foutside-secret.txt',
      '/.vite/manifest.json',
    ]) {
      const response = await rawGet(gw.url + url);
      expect(response.body.toString(), url).toBe(INDEX);
    }
    // A malformed escape is refused by the router and does not stop the server.
    expect((await rawGet(`${gw.url}/%E0%A4%A`)).status).toBe(400);
    expect((await rawGet(`${gw.url}/`)).body.toString()).toBe(INDEX);
  });

  it('picks up a rebuild while running', async () => {
    const dist = await tempDist(files);
    const gw = await buildTestGateway({ webDist: dist });
    expect(await (await gw.request('GET', '/', { auth: null })).text()).toBe(INDEX);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><p>rebuilt, longer</p>');
    expect(await (await gw.request('GET', '/', { auth: null })).text()).toContain('rebuilt');
  });

  it('serves the service worker and the manifest with no-cache, so a new build is found', async () => {
    const gw = await buildTestGateway({
      webDist: await tempDist({
        ...files,
        'sw.js': 'self.addEventListener("fetch", () => {});',
        'site.webmanifest': '{"name":"HelioDTU"}',
      }),
    });
    for (const file of ['/sw.js', '/site.webmanifest']) {
      const answer = await gw.request('GET', file, { auth: null });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control'), file).toBe('no-cache');
      expect(answer.headers.get('etag'), file).toMatch(/^"[0-9a-f]{32}"$/);
    }
    expect((await gw.request('GET', '/sw.js', { auth: null })).headers.get('content-type')).toMatch(
      /^text\/javascript/,
    );
  });

  it('leaves the API routes alone', async () => {
    const gw = await buildTestGateway({ webDist: await tempDist(files) });
    expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({
      code: 6002,
    });
  });
});

describe('web-static: the firmware layout', () => {
  it('serves index.html.gz and js/app.js.gz with Content-Encoding gzip', async () => {
    const dist = await tempDist({
      'index.html.gz': gzipSync(INDEX),
      'js/app.js.gz': gzipSync(APP_JS),
      'favicon.ico': Buffer.from([0, 0, 1, 0]),
      'site.webmanifest': '{"name":"HelioDTU"}',
    });
    const gw = await buildTestGateway({ webDist: dist });
    const app = await rawGet(`${gw.url}/js/app.js`, { 'accept-encoding': 'gzip' });
    expect(app.status).toBe(200);
    expect(app.headers['content-type']).toMatch(/^text\/javascript/);
    expect(app.headers['content-encoding']).toBe('gzip');
    expect(app.headers['cache-control']).toBe('public, must-revalidate');
    expect(gunzipSync(app.body).toString()).toBe(APP_JS);
    for (const url of ['/', '/info/system', '/api/nothing']) {
      const page = await rawGet(gw.url + url, { 'accept-encoding': 'gzip' });
      expect(page.headers['content-encoding'], url).toBe('gzip');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(gunzipSync(page.body).toString()).toBe(INDEX);
    }
    const manifest = await rawGet(`${gw.url}/site.webmanifest`);
    expect(manifest.headers['content-type']).toBe('application/json');
    expect(manifest.body.toString()).toBe('{"name":"HelioDTU"}');
    expect((await rawGet(`${gw.url}/favicon.ico`)).headers['content-type']).toBe('image/x-icon');
  });

  it('unpacks for a client that does not accept gzip', async () => {
    const dist = await tempDist({ 'index.html.gz': gzipSync(INDEX) });
    const gw = await buildTestGateway({ webDist: dist });
    const page = await rawGet(`${gw.url}/login`);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString()).toBe(INDEX);
  });
});

describe('web-static: no build', () => {
  it('answers a short page that says how to build the interface', async () => {
    const gw = await buildTestGateway();
    for (const url of ['/', '/settings/ntp', '/api/unknown']) {
      const response = await gw.request('GET', url, { auth: null });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('npm run build');
    }
    // The API still answers.
    expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({
      code: 6002,
    });
  });
});

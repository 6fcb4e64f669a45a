import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { rawGet, tempDist } from '../../test/helpers/web-dist.js';
import { acceptedEncodings } from './web-static.js';

// Issue 13: the build's precompressed name.br / name.gz, chosen by Accept-Encoding.
const INDEX = `<!doctype html><html><head><title>HelioDTU</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
const APP_JS = `console.log(${JSON.stringify('y'.repeat(4000))});`;
const JS = 'assets/index-AbC123xy.js';

/** index.html and one script, each with its .br and .gz beside it, as the build writes them. */
function precompressedDist(): Promise<string> {
  const files: Record<string, string | Buffer> = {};
  for (const [name, body] of [
    ['index.html', INDEX],
    [JS, APP_JS],
  ] as const) {
    files[name] = body;
    files[`${name}.br`] = brotliCompressSync(body);
    files[`${name}.gz`] = gzipSync(body);
  }
  return tempDist(files);
}

describe('web-static: encodings and revalidation', () => {
  it('serves brotli when accepted, gzip otherwise, identity when neither', async () => {
    const gw = await buildTestGateway({ webDist: await precompressedDist() });
    for (const url of ['/', `/${JS}`]) {
      const expected = url === '/' ? INDEX : APP_JS;
      const br = await rawGet(gw.url + url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.body).toString()).toBe(expected);
      const gz = await rawGet(gw.url + url, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gz.headers['vary']).toBe('Accept-Encoding');
      expect(gunzipSync(gz.body).toString()).toBe(expected);
      const refused = await rawGet(gw.url + url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(refused.headers['content-encoding'], url).toBe('gzip');
      const plain = await rawGet(gw.url + url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['vary']).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(expected);
      expect(new Set([br, gz, plain].map((r) => r.headers['etag'])).size).toBe(3);
    }
  });

  it('answers a revalidation of index.html with 304, per encoding', async () => {
    const gw = await buildTestGateway({ webDist: await precompressedDist() });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await rawGet(`${gw.url}/`, { 'accept-encoding': encoding });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('public, must-revalidate');
      const etag = String(first.headers['etag']);
      const again = await rawGet(`${gw.url}/`, {
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect(again.status, encoding).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['vary']).toBe('Accept-Encoding');
      const stale = await rawGet(`${gw.url}/`, {
        'accept-encoding': encoding,
        'if-none-match': '"0123"',
      });
      expect(stale.status).toBe(200);
    }
  });

  it('tells the page on index.html whether reading needs a login (allow_readonly)', async () => {
    const gw = await buildTestGateway({ webDist: await precompressedDist() });
    const open = await rawGet(`${gw.url}/`);
    expect(open.headers['set-cookie']).toEqual(['heliodtu-readonly=on; Path=/; SameSite=Strict']);
    expect((await rawGet(`${gw.url}/${JS}`)).headers['set-cookie']).toBeUndefined();
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    const closed = await rawGet(`${gw.url}/info/system`);
    expect(closed.headers['set-cookie']).toEqual([
      'heliodtu-readonly=off; Path=/; SameSite=Strict',
    ]);
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
  });
});

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { parsePosixTz } from '../device/posix-tz.js';

describe('GET /zones.json', () => {
  it('serves IANA name → POSIX TZ, gzipped, without credentials', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('GET', '/zones.json', {
      auth: null,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, must-revalidate');
    // fetch decodes gzip itself; the body is the JSON document.
    const zones = (await response.json()) as Record<string, string>;
    expect(zones['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
    expect(zones['America/New_York']).toBe('EST5EDT,M3.2.0,M11.1.0');
    expect(zones['Asia/Kolkata']).toBe('IST-5:30');
    expect(zones['Etc/UTC']).toBe('UTC0');
    const names = Object.keys(zones);
    expect(names.length).toBeGreaterThan(300);
    expect(names).toEqual([...names].sort());
    // No variants or aliases outside the geographic areas.
    expect(names.filter((n) => /^(posix|right|US|Brazil)\/|^[^/]+$|Etc\/Zulu/.test(n))).toEqual([]);
    // Every entry is a POSIX string our own parser understands.
    expect(names.filter((n) => parsePosixTz(zones[n]!) === null)).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const gw = await buildTestGateway();
    const first = await gw.request('GET', '/zones.json', { auth: null });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await gw.request('GET', '/zones.json', {
      auth: null,
      headers: { 'if-none-match': etag! },
    });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    const stale = await gw.request('GET', '/zones.json', {
      auth: null,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
  });

  it('sends plain JSON to a client that does not take gzip', async () => {
    const gw = await buildTestGateway();
    // Raw bytes, so we see exactly what was sent: compare with the gzip variant.
    const plain = await fetch(`${gw.url}/zones.json`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(JSON.parse(text)['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
    const refused = await fetch(`${gw.url}/zones.json`, {
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    await refused.arrayBuffer();
    const { request } = await import('node:http');
    const gzipped = await new Promise<Buffer>((resolve, reject) => {
      const req = request(
        `${gw.url}/zones.json`,
        { headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(gunzipSync(gzipped).toString()).toBe(text);
  });
});

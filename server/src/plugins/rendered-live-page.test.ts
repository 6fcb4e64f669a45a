import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDataFullStatus } from '@heliodtu/contract/live-data';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { rawGet } from '../../test/helpers/web-dist.js';
import { cookieValue, pickLanguage, pickTheme } from './rendered-live-page.js';

// Issue 26: `/` rendered on the gateway by the web build's real server entry, built here once
// (vite build --ssr, a few seconds) into a folder of its own beside a minimal index.html.
const WEB = path.resolve(import.meta.dirname, '../../../web');
const INDEX =
  '<!doctype html><html lang="en" data-bs-theme="light"><head><title>HelioDTU</title></head>' +
  '<body><div id="root"></div><script type="module" src="./assets/index-AbC123xy.js"></script></body></html>';

let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'heliodtu-ssr-'));
  execFileSync(
    process.execPath,
    [
      path.resolve(WEB, '../node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/ssr/render-live.tsx',
      '--logLevel',
      'error',
    ],
    {
      cwd: WEB,
      // Vitest runs with NODE_ENV=test; the gateway gets production builds.
      env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: webDist },
      stdio: 'pipe',
    },
  );
  await writeFile(path.join(webDist, 'index.html'), INDEX);
}, 120_000);
afterAll(() => rm(webDist, { recursive: true, force: true }));

const demo = () => buildTestGateway({ webDist, simFleet: 'demo', simStart: '2025-06-21T12:00:00' });

/** Every inverter's full live object as the simulator holds it now. */
function fleetNow(gw: TestGateway): LiveDataFullStatus['inverters'] {
  return gw.app.device
    .inverterSerials()
    .flatMap((serial) => gw.app.device.liveData(serial).inverters);
}

/**
 * GET / with the fleet read just before and after: repeated until nothing changed in between,
 * so the page was rendered from exactly that data.
 */
async function pageWithFleet(gw: TestGateway, headers: Record<string, string>) {
  for (;;) {
    const before = JSON.stringify(fleetNow(gw));
    const answer = await gw.request('GET', '/', { auth: null, headers });
    const html = await answer.text();
    if (JSON.stringify(fleetNow(gw)) === before) {
      return { answer, html, fleet: JSON.parse(before) as LiveDataFullStatus['inverters'] };
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text of the element with a data-testid after the given inverter's name button. */
function tilePowerAfter(html: string, name: string): string | undefined {
  const at = html.indexOf(`>${escapeHtml(name)}</button>`);
  if (at < 0) return undefined;
  return /data-testid="tile-power">([^<]*)</.exec(html.slice(at))?.[1];
}

describe('the live page rendered on the gateway (issue 26)', () => {
  it('shows every inverter with its power of that moment, in German for Accept-Language de', async () => {
    const gw = await demo();
    const { answer, html, fleet } = await pageWithFleet(gw, {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
    });
    expect(answer.status).toBe(200);
    expect(html).toMatch(/<html[^>]* lang="de"[^>]* data-live-rendered>/);
    expect(html).toContain('<h1 class="h3 mb-0">Live-Daten</h1>');
    expect(fleet.length).toBeGreaterThan(1);
    for (const inverter of fleet) {
      const power = inverter.AC['0']!.Power!;
      const german = new Intl.NumberFormat('de', {
        minimumFractionDigits: power.d,
        maximumFractionDigits: power.d,
      }).format(power.v ?? Number.NaN);
      expect(tilePowerAfter(html, inverter.name), inverter.name).toBe(`${german} W`);
    }
  });

  it('is never stored: Cache-Control no-store, no ETag, and If-None-Match gets the page anew', async () => {
    const gw = await demo();
    const first = await gw.request('GET', '/', { auth: null });
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('etag')).toBeNull();
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);
    expect(first.headers.get('set-cookie')).toMatch(/^heliodtu-readonly=on;/);
    const again = await gw.request('GET', '/', { auth: null, headers: { 'if-none-match': '"x"' } });
    expect(again.status).toBe(200);
    // Other files keep their ETag and 304.
    const index = await gw.request('GET', '/settings/ntp', { auth: null });
    const etag = index.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const notModified = await gw.request('GET', '/settings/ntp', {
      auth: null,
      headers: { 'if-none-match': etag! },
    });
    expect(notModified.status).toBe(304);
  });

  it('comes compressed with brotli when the browser takes it', async () => {
    const gw = await demo();
    const raw = await rawGet(`${gw.url}/`, { 'accept-encoding': 'br, gzip' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(raw.body).toString()).toContain('data-live-rendered');
  });

  it('carries a live state script that a name with </script> cannot end', async () => {
    const gw = await demo();
    // The longest a name may be (31): enough to try ending the script and starting markup.
    const name = '</script><!--<b>x</b>';
    const { inverter } = (await gw.get('/api/inverter/list')) as { inverter: { serial: string }[] };
    expect(await gw.post('/api/inverter/edit', { ...inverter[0], name })).toMatchObject({
      type: 'success',
    });
    const html = await (await gw.request('GET', '/', { auth: null })).text();
    const state =
      /<script type="application\/json" id="heliodtu-rendered-live">([\s\S]*?)<\/script>/.exec(
        html,
      );
    expect(state).not.toBeNull();
    expect(state![1]).not.toMatch(/<\/script|<!--/i);
    const parsed = JSON.parse(state![1]!) as { live: LiveDataFullStatus };
    expect(parsed.live.inverters.map((i) => i.name)).toContain(name);
    // In the markup the name is text.
    expect(html).toContain(escapeHtml(name));
    expect(html).not.toContain('<b>x</b>');
  });

  it('renders nothing live while reading needs a login', async () => {
    const gw = await demo();
    const security = (await gw.get('/api/security/config')) as Record<string, unknown>;
    expect(
      await gw.post('/api/security/config', { ...security, allow_readonly: false }),
    ).toMatchObject({
      type: 'success',
    });
    const answer = await gw.request('GET', '/', { auth: null });
    const html = await answer.text();
    expect(html).toBe(INDEX);
    for (const inverter of fleetNow(gw)) expect(html).not.toContain(inverter.name);
    expect(answer.headers.get('set-cookie')).toMatch(/^heliodtu-readonly=off;/);
    expect(answer.headers.get('etag')).not.toBeNull();
  });

  it('keeps /index.html and requests for anything but a document as built (the app shell)', async () => {
    const gw = await demo();
    // What the service worker precaches: never live data.
    expect(await (await gw.request('GET', '/index.html', { auth: null })).text()).toBe(INDEX);
    const fetched = await gw.request('GET', '/?__WB_REVISION__=1', {
      auth: null,
      headers: { 'sec-fetch-dest': 'empty' },
    });
    expect(await fetched.text()).toBe(INDEX);
    const visit = await gw.request('GET', '/', {
      auth: null,
      headers: { 'sec-fetch-dest': 'document' },
    });
    expect(await visit.text()).toContain('data-live-rendered');
  });

  it('serves index.html as built when the build has no render module', async () => {
    const plain = await mkdtemp(path.join(tmpdir(), 'heliodtu-plain-'));
    await writeFile(path.join(plain, 'index.html'), INDEX);
    const gw = await buildTestGateway({ webDist: plain, simFleet: 'demo' });
    expect(await (await gw.request('GET', '/', { auth: null })).text()).toBe(INDEX);
    await rm(plain, { recursive: true, force: true });
  });
});

describe('language and theme of the rendered page', () => {
  const languages = ['en', 'de', 'fr'];

  it('takes the stored choice first, then the browser language by its prefix, else English', () => {
    expect(
      pickLanguage({ cookie: 'a=1; heliodtu-locale=fr', 'accept-language': 'de-DE' }, languages),
    ).toBe('fr');
    expect(pickLanguage({ 'accept-language': 'de-AT,en;q=0.5' }, languages)).toBe('de');
    expect(pickLanguage({ 'accept-language': 'en;q=0.3, fr-CH;q=0.9' }, languages)).toBe('fr');
    expect(pickLanguage({ 'accept-language': 'nl-NL' }, languages)).toBe('en');
    expect(pickLanguage({ cookie: 'heliodtu-locale=nl' }, languages)).toBe('en');
    expect(pickLanguage({}, languages)).toBe('en');
  });

  it('takes light or dark from the cookie, nothing for auto or garbage', () => {
    expect(pickTheme('heliodtu-theme=dark')).toBe('dark');
    expect(pickTheme('heliodtu-theme=light; x=y')).toBe('light');
    expect(pickTheme('heliodtu-theme=auto')).toBeUndefined();
    expect(pickTheme('heliodtu-theme="><script>')).toBeUndefined();
    expect(cookieValue('a=%E0%A4%A', 'a')).toBeUndefined();
  });

  it('renders in the theme of the cookie', async () => {
    const gw = await demo();
    const html = await (
      await gw.request('GET', '/', { auth: null, headers: { cookie: 'heliodtu-theme=dark' } })
    ).text();
    expect(html).toMatch(/<html[^>]* data-bs-theme="dark"/);
  });
});

import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LanguageListSchema, LanguagePackSchema } from '@heliodtu/contract/i18n';
import {
  ADMIN_AUTH,
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';

const GERMAN = JSON.stringify({
  meta: { code: 'de', name: 'Deutsch' },
  display: { offline: 'Offline' },
  webapp: { menu: { LiveView: 'Live-Ansicht' } },
});

/** A gateway booted with language packs (valid, broken and look-alikes) in its data dir. */
async function withPacks(): Promise<TestGateway> {
  const gw = await buildTestGateway();
  const files: Record<string, string> = {
    'de.lang.json': GERMAN,
    'pack.lang.json': '\uFEFF{"meta":{"code":"xx","name":"Xish"},"webapp":{}}',
    'dup.lang.json': '{"meta":{"code":"de","name":"Second German"}}',
    'broken.lang.json': '{"meta":',
    'nameless.lang.json': '{"meta":{"code":"nn","name":""}}',
    'array.lang.json': '[{"meta":{"code":"ar","name":"Array"}}]',
    'other.json': '{"meta":{"code":"ot","name":"Other"}}',
    '.hidden.lang.json': '{"meta":{"code":"hi","name":"Hidden"}}',
  };
  for (const [name, content] of Object.entries(files)) {
    await writeFile(path.join(gw.dataDir, name), content);
  }
  return gw.reboot();
}

const languages = async (gw: TestGateway, auth?: string | null) => {
  const response = await gw.request('GET', '/api/i18n/languages', {
    ...(auth === undefined ? {} : { auth }),
  });
  expect(response.status).toBe(200);
  return LanguageListSchema.parse(await response.json());
};

describe('GET /api/i18n/languages', () => {
  it('is empty without packs', async () => {
    const gw = await buildTestGateway();
    expect(await languages(gw)).toEqual([]);
  });

  it('lists packs with a code and a name found at boot; the first file wins a code', async () => {
    const gw = await withPacks();
    expect(await languages(gw)).toEqual([
      { code: 'de', name: 'Deutsch' },
      { code: 'xx', name: 'Xish' },
    ]);
  });

  it('is refreshed only at boot, as after the restart of a restore', async () => {
    const gw = await buildTestGateway();
    const form = new FormData();
    form.append('config', new Blob([GERMAN]), 'config');
    const upload = await gw.request('POST', '/api/file/upload?file=pack.lang.json', {
      body: form,
    });
    expect(upload.status).toBe(200);
    expect(await languages(gw)).toEqual([]);
    const next = await gw.reboot();
    expect(await languages(next)).toEqual([{ code: 'de', name: 'Deutsch' }]);
  });
});

describe('GET /api/i18n/language', () => {
  it('sends the whole pack file with an MD5 ETag and revalidation', async () => {
    const gw = await withPacks();
    const response = await gw.request('GET', '/api/i18n/language?code=de', { auth: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, must-revalidate');
    const md5 = createHash('md5').update(GERMAN).digest('hex');
    expect(response.headers.get('etag')).toBe(`"${md5}"`);
    const text = await response.text();
    expect(text).toBe(GERMAN);
    expect(LanguagePackSchema.parse(JSON.parse(text)).meta.code).toBe('de');
  });

  it('leaves out the byte order mark of a pack on disk, and its ETag covers what is sent', async () => {
    const gw = await withPacks();
    const response = await gw.app.inject({ method: 'GET', url: '/api/i18n/language?code=xx' });
    expect(response.statusCode).toBe(200);
    const sent = response.rawPayload;
    expect(sent.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    expect(JSON.parse(sent.toString('utf8'))).toEqual({
      meta: { code: 'xx', name: 'Xish' },
      webapp: {},
    });
    const md5 = createHash('md5').update(sent).digest('hex');
    expect(response.headers['etag']).toBe(`"${md5}"`);
  });

  it('serves a pack restored with a byte order mark without it', async () => {
    const gw = await buildTestGateway();
    const form = new FormData();
    form.append('config', new Blob([`\uFEFF${GERMAN}`]), 'config');
    const upload = await gw.app.inject({
      method: 'POST',
      url: '/api/file/upload?file=de.lang.json',
      headers: { authorization: ADMIN_AUTH },
      payload: form,
    });
    expect([upload.statusCode, upload.body]).toEqual([200, 'OK']);
    expect(await readFile(path.join(gw.dataDir, 'de.lang.json'), 'utf8')).toBe(GERMAN);
    const next = await gw.reboot();
    const response = await next.app.inject({ method: 'GET', url: '/api/i18n/language?code=de' });
    expect([response.statusCode, response.body]).toEqual([200, GERMAN]);
  });

  it('answers 304 with no body when If-None-Match matches, 200 otherwise', async () => {
    const gw = await withPacks();
    const first = await gw.request('GET', '/api/i18n/language?code=xx');
    const etag = first.headers.get('etag') ?? '';
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await gw.request('GET', '/api/i18n/language?code=xx', {
        headers: { 'if-none-match': header },
      });
      expect([header, again.status, await again.text()]).toEqual([header, 304, '']);
      expect(again.headers.get('etag')).toBe(etag);
    }
    const stale = await gw.request('GET', '/api/i18n/language?code=xx', {
      headers: { 'if-none-match': '"0123"' },
    });
    expect(stale.status).toBe(200);
  });

  it.each([
    ['no code', ''],
    ['an empty code', '?code='],
    ['an unknown code', '?code=fr'],
    ['a pack without a name', '?code=nn'],
    ['a hidden pack', '?code=hi'],
    ['two codes', '?code=de&code=xx'],
  ])('answers 404 empty for %s', async (_name, query) => {
    const gw = await withPacks();
    const response = await gw.request('GET', `/api/i18n/language${query}`);
    expect([response.status, await response.text()]).toEqual([404, '']);
  });

  it('answers 404 when the pack file went away after boot', async () => {
    const gw = await withPacks();
    await rm(path.join(gw.dataDir, 'de.lang.json'));
    expect((await gw.request('GET', '/api/i18n/language?code=de')).status).toBe(404);
  });

  it.each([true, false])('is open to everyone (allow_readonly %s)', async (readonly) => {
    const gw = await withPacks();
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = readonly;
    });
    for (const auth of [null, basicAuth('wrong')]) {
      expect(await languages(gw, auth)).toHaveLength(2);
      const pack = await gw.request('GET', '/api/i18n/language?code=de', { auth });
      expect(pack.status).toBe(200);
    }
  });
});

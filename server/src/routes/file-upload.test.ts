import { request as httpRequest } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { FILE_UPLOAD_MAX_BYTES } from '@heliodtu/contract/limits';
import { UPLOAD_ERRORS } from '../store/file-store.js';
import {
  ADMIN_AUTH,
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';

/** Multipart upload as the interface sends it: one file part named `config`. */
function upload(gw: TestGateway, query: string, content: string | Buffer, auth?: string | null) {
  const form = new FormData();
  form.append('config', new Blob([content]), 'config');
  return gw.request('POST', `/api/file/upload${query}`, {
    body: form,
    ...(auth === undefined ? {} : { auth }),
  });
}

const dataFile = (gw: TestGateway, name: string) =>
  readFile(path.join(gw.dataDir, name), 'utf8').catch(() => null);

const restoredConfig = () => {
  const config = defaultConfigFile();
  config.ntp.server = 'restored.example';
  // A string's orientation (issue 23, a HelioDTU extension) comes back with the backup.
  const slot = config.inverters[0];
  if (slot) {
    slot.serial = 0x114182952590;
    slot.channel[0] = {
      name: 'East',
      max_power: 400,
      yield_total_offset: 0,
      azimuth: 95,
      tilt: 25,
    };
  }
  return JSON.stringify(config);
};

describe('POST /api/file/upload', () => {
  it('writes config.json, answers 200 OK and restarts; the next boot uses it', async () => {
    const gw = await buildTestGateway();
    const content = restoredConfig();
    const response = await upload(gw, '?file=config.json', content);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('OK');
    expect(await dataFile(gw, 'config.json')).toBe(content);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(gw.restarts).toEqual(['Configuration restored']);
    const next = await gw.reboot();
    expect(next.app.store.config.ntp.server).toBe('restored.example');
    expect(next.app.store.config.inverters[0]?.channel[0]).toMatchObject({ azimuth: 95, tilt: 25 });
  });

  it('answers with Connection: close', async () => {
    const gw = await buildTestGateway();
    const body = `--b\r\nContent-Disposition: form-data; name="config"; filename="config"\r\n\r\nx\r\n--b--\r\n`;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = httpRequest(
        `${gw.url}/api/file/upload?file=notes.txt`,
        {
          method: 'POST',
          headers: { authorization: ADMIN_AUTH, 'content-type': 'multipart/form-data; boundary=b' },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, connection: res.headers.connection });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(headers).toEqual({ status: 200, connection: 'close' });
  });

  const pack = '{"meta":{"code":"xx","name":"Xish"},"webapp":{}}';
  it.each([
    ['pin_mapping.json', '[{"name":"Board","nrf24":{}}]'],
    // A pack is stored without its byte order mark; /api/i18n/language sends it as stored.
    ['pack.lang.json', `\uFEFF${pack}`, pack],
    ['notes.txt', 'anything at all, not even JSON'],
    ['config.json', `\uFEFF${restoredConfig()}`],
  ])('accepts %s', async (name, content, stored = content) => {
    const gw = await buildTestGateway();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const response = await upload(gw, `?file=${name}`, content);
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    expect(await dataFile(gw, name)).toBe(stored);
    expect(restart).toHaveBeenCalledWith('Configuration restored');
  });

  it.each([
    ['config.json', 'not json', 'Invalid JSON'],
    ['config.json', '{"wifi":{}}', 'Invalid JSON content: config.json needs an object "cfg"'],
    ['config.json', '[{"cfg":{}}]', 'Invalid JSON content'],
    ['config.json', '{"cfg":1}', 'Invalid JSON content'],
    ['pin_mapping.json', '{"name":"Board"}', 'Invalid JSON content: pin_mapping.json needs'],
    ['pin_mapping.json', '[]', 'Invalid JSON content'],
    ['pin_mapping.json', '[{"name":5}]', 'Invalid JSON content'],
    ['pack.lang.json', '{"webapp":{}}', 'Invalid JSON content: a language pack needs'],
    ['pack.lang.json', '{"meta":{"code":"","name":"X"}}', 'Invalid JSON content'],
    ['pack.lang.json', '{"meta":{"code":"xx"}}', 'Invalid JSON content'],
    ['de.lang.json', '[{"meta":{"code":"de","name":"D"}}]', 'Invalid JSON content'],
    ['pack.lang.json', '{"meta":', 'Invalid JSON'],
  ])(
    'refuses %s with content %j: 500 with the reason, nothing written',
    async (name, content, reason) => {
      const gw = await buildTestGateway();
      const restart = vi.spyOn(gw.app.system, 'restart');
      const before = await dataFile(gw, name);
      const response = await upload(gw, `?file=${name}`, content);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain(reason);
      expect(await dataFile(gw, name)).toBe(before);
      expect(restart).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['without a file query', '', UPLOAD_ERRORS.noTarget],
    ['with an empty name', '?file=', UPLOAD_ERRORS.unsafeTarget],
    ['with a path', '?file=..%2Fescape.json', UPLOAD_ERRORS.unsafeTarget],
    ['with a backslash', '?file=..%5Cescape.json', UPLOAD_ERRORS.unsafeTarget],
    ['into the state folder', '?file=.heliodtu%2Fchip-id', UPLOAD_ERRORS.unsafeTarget],
    ['as a hidden file', '?file=.profile', UPLOAD_ERRORS.unsafeTarget],
    ['as a temp file', '?file=config.json.1.tmp', UPLOAD_ERRORS.unsafeTarget],
    ['with a NUL', '?file=a%00.json', UPLOAD_ERRORS.unsafeTarget],
    ['with two names', '?file=a.json&file=b.json', UPLOAD_ERRORS.unsafeTarget],
  ])('refuses an upload %s and writes nothing', async (_name, query, reason) => {
    const gw = await buildTestGateway();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const before = await readdir(gw.dataDir);
    const stateBefore = await readFile(path.join(gw.dataDir, '.heliodtu', 'chip-id'), 'utf8');
    const response = await upload(gw, query, '{"cfg":{}}');
    expect([response.status, await response.text()]).toEqual([500, reason]);
    expect(await readdir(gw.dataDir)).toEqual(before);
    expect(await readdir(path.dirname(gw.dataDir))).not.toContain('escape.json');
    expect(await readFile(path.join(gw.dataDir, '.heliodtu', 'chip-id'), 'utf8')).toBe(stateBefore);
    expect(restart).not.toHaveBeenCalled();
  });

  it('accepts FILE_UPLOAD_MAX_BYTES and refuses one byte more with "File too large"', async () => {
    const gw = await buildTestGateway();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const fits = Buffer.alloc(FILE_UPLOAD_MAX_BYTES, 0x61);
    expect((await upload(gw, '?file=big.bin', fits)).status).toBe(200);
    restart.mockClear();
    const tooLarge = Buffer.alloc(FILE_UPLOAD_MAX_BYTES + 1, 0x62);
    const response = await upload(gw, '?file=big.bin', tooLarge);
    expect([response.status, await response.text()]).toEqual([500, 'File too large']);
    expect((await readFile(path.join(gw.dataDir, 'big.bin'))).equals(fits)).toBe(true);
    expect(restart).not.toHaveBeenCalled();
  });

  it('refuses a multipart body without a file part, and a body that is not multipart', async () => {
    const gw = await buildTestGateway();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const form = new FormData();
    form.append('config', '{"cfg":{}}');
    const noFile = await gw.request('POST', '/api/file/upload?file=config.json', { body: form });
    expect([noFile.status, await noFile.text()]).toEqual([500, 'No file in the upload']);
    const plain = await gw.request('POST', '/api/file/upload?file=config.json', {
      body: '{"cfg":{}}',
      headers: { 'content-type': 'application/json' },
    });
    expect([plain.status, await plain.text()]).toEqual([500, 'Upload must be multipart/form-data']);
    expect(restart).not.toHaveBeenCalled();
  });

  it.each([true, false])('needs the admin password (allow_readonly %s)', async (readonly) => {
    const gw = await buildTestGateway();
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = readonly;
    });
    const restart = vi.spyOn(gw.app.system, 'restart');
    const before = await dataFile(gw, 'config.json');
    for (const auth of [null, basicAuth('wrong')]) {
      const response = await upload(gw, '?file=config.json', restoredConfig(), auth);
      expect([response.status, await response.text()]).toEqual([401, '']);
    }
    expect(await dataFile(gw, 'config.json')).toBe(before);
    expect(restart).not.toHaveBeenCalled();
    expect((await upload(gw, '?file=config.json', restoredConfig())).status).toBe(200);
  });
});

describe('after a restore', () => {
  it('refuses config saves until the restart, so the restored file stays', async () => {
    const gw = await buildTestGateway();
    const restored = JSON.stringify({
      cfg: { version: 72960, save_count: 7 },
      ntp: { server: 'restored.example' },
    });
    const form = new FormData();
    form.append('config', new Blob([restored]), 'config');
    const upload = await gw.request('POST', '/api/file/upload?file=config.json', { body: form });
    expect(upload.status).toBe(200);
    const save = await gw.post('/api/maintenance/reboot', { reboot: false });
    expect(save).toMatchObject({ code: 6002 });
    const ntpSave = await gw.post('/api/ntp/config', {
      ntp_server: 'memory.example',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      latitude: 48,
      longitude: 11,
      sunsettype: 1,
    });
    expect(ntpSave).toMatchObject({ code: 1006 });
    const onDisk = JSON.parse(await readFile(path.join(gw.dataDir, 'config.json'), 'utf8')) as {
      ntp: { server: string };
    };
    expect(onDisk.ntp.server).toBe('restored.example');
  });
});

import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import { FileListResponseSchema } from '@heliodtu/contract/files';
import {
  basicAuth,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';

const listFiles = async (gw: TestGateway) =>
  FileListResponseSchema.parse(await gw.get('/api/file/list'));

/** A gateway with a few extra files, hidden state and clutter beside config.json. */
async function withFiles(): Promise<TestGateway> {
  const gw = await buildTestGateway();
  await writeFile(path.join(gw.dataDir, 'pin_mapping.json'), '[{"name":"Board"}]');
  await writeFile(path.join(gw.dataDir, 'pack.lang.json'), '{"meta":{"code":"xx","name":"X"}}');
  await writeFile(path.join(gw.dataDir, 'notes.txt'), 'hello');
  await writeFile(path.join(gw.dataDir, '.hidden'), 'secret');
  await writeFile(path.join(gw.dataDir, 'config.json.123.4.tmp'), 'half');
  await mkdir(path.join(gw.dataDir, 'folder'));
  return gw;
}

/** A file beside the data dir, reachable only by escaping it. */
async function outsideFile(gw: TestGateway): Promise<string> {
  const file = `${gw.dataDir}-outside.json`;
  await writeFile(file, '{"outside":true}');
  onTestFinished(() => rm(file, { force: true }));
  return path.basename(file);
}

describe('GET /api/file/list', () => {
  it('holds config.json alone on a fresh gateway', async () => {
    const gw = await buildTestGateway();
    expect((await listFiles(gw)).map((f) => f.name)).toEqual(['config.json']);
  });

  it('lists regular top-level files with their sizes, without hidden, temp files or folders', async () => {
    const gw = await withFiles();
    const files = await listFiles(gw);
    expect(files.map((f) => f.name)).toEqual([
      'config.json',
      'notes.txt',
      'pack.lang.json',
      'pin_mapping.json',
    ]);
    const config = files.find((f) => f.name === 'config.json');
    expect(config?.size).toBe((await stat(path.join(gw.dataDir, 'config.json'))).size);
    expect(files.find((f) => f.name === 'notes.txt')?.size).toBe(5);
  });
});

describe('GET /api/file/get', () => {
  it('downloads config.json by default as a JSON attachment', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('GET', '/api/file/get');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="config.json"');
    expect(await response.text()).toBe(
      await readFile(path.join(gw.dataDir, 'config.json'), 'utf8'),
    );
  });

  it('downloads a named file with a type from its extension', async () => {
    const gw = await withFiles();
    const text = await gw.request('GET', '/api/file/get?file=notes.txt');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe('hello');
    const pins = await gw.request('GET', '/api/file/get?file=pin_mapping.json');
    expect(pins.headers.get('content-disposition')).toBe('attachment; filename="pin_mapping.json"');
    expect(await pins.json()).toEqual([{ name: 'Board' }]);
  });

  it('answers 404 with an empty body for a missing file', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('GET', '/api/file/get?file=missing.json');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it('never leaves the data dir: traversal, absolute, hidden, folders and links are 404', async () => {
    const gw = await withFiles();
    const outside = await outsideFile(gw);
    await symlink(path.join(path.dirname(gw.dataDir), outside), path.join(gw.dataDir, 'link.json'));
    const names = [
      `../${outside}`,
      `..%2F${outside}`,
      `..%5C${outside}`,
      `%2F${encodeURIComponent(path.join(path.dirname(gw.dataDir), outside).slice(1))}`,
      '..',
      '.hidden',
      '.heliodtu%2Fchip-id',
      'config.json%00.txt',
      'config.json.123.4.tmp',
      'folder',
      'link.json',
      '',
    ];
    for (const name of names) {
      const response = await gw.request('GET', `/api/file/get?file=${name}`);
      expect([name, response.status, await response.text()]).toEqual([name, 404, '']);
    }
  });
});

describe('POST /api/file/delete', () => {
  it('deletes a file with 3003 and does not restart', async () => {
    const gw = await withFiles();
    const restart = vi.spyOn(gw.app.system, 'restart');
    expect(await gw.post('/api/file/delete', { file: 'notes.txt' })).toEqual({
      type: 'success',
      message: 'File deleted',
      code: 3003,
    });
    expect((await listFiles(gw)).map((f) => f.name)).not.toContain('notes.txt');
    expect(restart).not.toHaveBeenCalled();
  });

  it('answers 404 empty for a missing file or a name outside the data dir', async () => {
    const gw = await withFiles();
    const outside = await outsideFile(gw);
    const before = await listFiles(gw);
    for (const file of ['missing.json', `../${outside}`, '.hidden', 'folder', '/etc/hostname']) {
      const response = await gw.request('POST', '/api/file/delete', { data: { file } });
      expect([file, response.status, await response.text()]).toEqual([file, 404, '']);
    }
    expect(await listFiles(gw)).toEqual(before);
    await readFile(path.join(path.dirname(gw.dataDir), outside));
    await readFile(path.join(gw.dataDir, '.hidden'));
  });

  it.each([
    ['file as a number', { data: { file: 1 } }, 1005],
    ['no file', { data: {} }, 1005],
    ['unparsable JSON', { data: '{file' }, 1004],
    ['no data field', { body: new URLSearchParams({ other: '1' }) }, 1002],
  ])('answers %s with %i and deletes nothing', async (_name, init, code) => {
    const gw = await withFiles();
    const before = await listFiles(gw);
    const response = await gw.request('POST', '/api/file/delete', init);
    expect(ApiResultSchema.parse(await response.json())).toMatchObject({ type: 'warning', code });
    expect(await listFiles(gw)).toEqual(before);
  });
});

describe('POST /api/file/delete_all', () => {
  it('answers 3001 for delete:false and changes nothing', async () => {
    const gw = await withFiles();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const before = await listFiles(gw);
    expect(await gw.post('/api/file/delete_all', { delete: false })).toEqual({
      type: 'warning',
      message: 'Not deleted anything!',
      code: 3001,
    });
    expect(await listFiles(gw)).toEqual(before);
    expect(restart).not.toHaveBeenCalled();
  });

  it('answers 3002, keeps pin_mapping.json and internal state, and restarts', async () => {
    const gw = await withFiles();
    expect(await gw.post('/api/file/delete_all', { delete: true })).toEqual({
      type: 'success',
      message: 'Configuration resettet. Rebooting now...',
      code: 3002,
    });
    expect((await listFiles(gw)).map((f) => f.name)).toEqual(['pin_mapping.json']);
    expect(await readdir(path.join(gw.dataDir, '.heliodtu'))).toContain('chip-id');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(gw.restarts).toEqual(['Factory reset']);
  });

  it.each([
    ['delete as a string', { delete: 'true' }],
    ['delete as a number', { delete: 1 }],
    ['no delete', {}],
  ])('answers %s with 1005 and deletes nothing', async (_name, data) => {
    const gw = await withFiles();
    const restart = vi.spyOn(gw.app.system, 'restart');
    const before = await listFiles(gw);
    expect(await gw.post('/api/file/delete_all', data)).toMatchObject({ code: 1005 });
    expect(await listFiles(gw)).toEqual(before);
    expect(restart).not.toHaveBeenCalled();
  });
});

describe('file management auth', () => {
  const requests: [method: 'GET' | 'POST', urlPath: string, data?: unknown][] = [
    ['GET', '/api/file/list'],
    ['GET', '/api/file/get'],
    ['POST', '/api/file/delete', { file: 'notes.txt' }],
    ['POST', '/api/file/delete_all', { delete: true }],
  ];

  it.each([true, false])('needs the admin password (allow_readonly %s)', async (readonly) => {
    const gw = await withFiles();
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = readonly;
    });
    const restart = vi.spyOn(gw.app.system, 'restart');
    const before = await listFiles(gw);
    for (const [method, urlPath, data] of requests) {
      const init = data === undefined ? {} : { data };
      const anonymous = await gw.request(method, urlPath, { ...init, auth: null });
      const wrong = await gw.request(method, urlPath, { ...init, auth: basicAuth('openDTU43') });
      expect([urlPath, anonymous.status, wrong.status]).toEqual([urlPath, 401, 401]);
      expect(await anonymous.text()).toBe('');
    }
    expect(await listFiles(gw)).toEqual(before);
    expect(restart).not.toHaveBeenCalled();
    for (const [method, urlPath, data] of requests) {
      const response = await gw.request(method, urlPath, data === undefined ? {} : { data });
      expect([urlPath, response.status]).toEqual([urlPath, 200]);
    }
  });
});

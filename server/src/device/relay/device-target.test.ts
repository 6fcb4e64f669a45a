import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format, inspect } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DeviceTarget, DeviceTargetError, readPasswordFile } from './device-target.js';

const SECRET = 'Sup3r-Secret!';
const TOKEN = Buffer.from(`admin:${SECRET}`).toString('base64');

const target = (url = 'http://192.168.1.50', password = SECRET) =>
  new DeviceTarget({ id: 'dtu', url, password });

/** The error a function throws, as the caller would print it. */
function thrown(run: () => unknown): DeviceTargetError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DeviceTargetError);
    return error as DeviceTargetError;
  }
  throw new Error('nothing thrown');
}

describe('DeviceTarget', () => {
  it('keeps the password out of every way an object gets printed or serialised', () => {
    const dtu = target();
    const printed = [
      JSON.stringify(dtu),
      JSON.stringify({ devices: [dtu] }),
      inspect(dtu),
      inspect(dtu, { showHidden: true, depth: 5 }),
      format('%o %O %j %s', dtu, dtu, dtu, dtu),
      String(dtu),
      `${dtu}`,
      JSON.stringify({ ...dtu }),
      JSON.stringify(Object.getOwnPropertyDescriptors(dtu)),
      JSON.stringify(structuredClone({ ...dtu })),
    ];
    for (const text of printed) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TOKEN);
    }
    expect(JSON.parse(JSON.stringify(dtu))).toEqual({
      id: 'dtu',
      url: 'http://192.168.1.50',
      user: 'admin',
      password: '(hidden)',
    });
    expect(inspect(dtu)).toContain("url: 'http://192.168.1.50'");
    // The one way out: the header the device checks.
    expect(dtu.authorization()).toBe(`Basic ${TOKEN}`);
  });

  it('sends no Authorization without a password, and says so', () => {
    const open = new DeviceTarget({ id: 'dtu', url: 'http://192.168.1.50' });
    expect(open.authorization()).toBeUndefined();
    expect(open.hasPassword).toBe(false);
    expect(open.toJSON()['password']).toBe('');
  });

  it('takes a user other than admin for the header', () => {
    const dtu = new DeviceTarget({ id: 'dtu', url: 'x.example', user: 'root', password: 'pw' });
    expect(dtu.authorization()).toBe(`Basic ${Buffer.from('root:pw').toString('base64')}`);
    expect(dtu.user).toBe('root');
  });

  it.each([
    ['192.168.1.50', 'http://192.168.1.50'],
    ['opendtu.local:8080', 'http://opendtu.local:8080'],
    ['http://192.168.1.50/', 'http://192.168.1.50'],
    ['HTTPS://Dtu.Example/opendtu/', 'https://dtu.example/opendtu'],
    ['  http://[fd00::50]:81  ', 'http://[fd00::50]:81'],
  ])('reads the address %s as %s', (url, base) => {
    expect(target(url).baseUrl).toBe(base);
  });

  it('builds the API and socket URLs from the base', () => {
    expect(target('https://dtu.example/opendtu').httpUrl('/api/system/status')).toBe(
      'https://dtu.example/opendtu/api/system/status',
    );
    expect(target('https://dtu.example/opendtu').socketUrl('/livedata')).toBe(
      'wss://dtu.example/opendtu/livedata',
    );
    expect(target('192.168.1.50').socketUrl('/livedata')).toBe('ws://192.168.1.50/livedata');
  });

  it.each([
    ['ftp://192.168.1.50', /must start with http:\/\/, https:\/\//],
    ['http://', /not a valid address/],
    ['http://192.168.1.50/?x=1', /no query or fragment/],
    ['http://192.168.1.50/#top', /no query or fragment/],
  ])('refuses %s with a clear message', (url, message) => {
    expect(thrown(() => target(url)).message).toMatch(message);
  });

  it('refuses credentials in the URL without repeating them', () => {
    for (const url of [
      `http://admin:${SECRET}@192.168.1.50`,
      `http://admin:${encodeURIComponent(SECRET)}@192.168.1.50`,
      `http://${SECRET}@192.168.1.50`,
    ]) {
      const error = thrown(() => target(url, ''));
      expect(error.message).toMatch(/must not hold a user or password/);
      expect(error.message).not.toContain(SECRET);
      expect(error.message).not.toContain(encodeURIComponent(SECRET));
      expect(inspect(error)).not.toContain(SECRET);
    }
    // Malformed and holding a password: not echoed either.
    expect(thrown(() => target(`http://admin:${SECRET}@[::1`, '')).message).not.toContain(SECRET);
  });

  it('refuses an id that cannot key files and topics', () => {
    for (const id of ['', 'DTU', 'a b', 'x'.repeat(33), '../etc']) {
      expect(() => new DeviceTarget({ id, url: '192.168.1.50' })).toThrow(/device id/);
    }
    expect(new DeviceTarget({ id: 'roof-east_2', url: '192.168.1.50' }).id).toBe('roof-east_2');
  });
});

describe('readPasswordFile (DTU_PASSWORD_FILE)', () => {
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-password-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it.each([
    [`${SECRET}\n`, SECRET],
    [`${SECRET}\r\n`, SECRET],
    [`${SECRET}\n\n`, SECRET],
    [SECRET, SECRET],
    [' spaced pass \n', ' spaced pass '],
  ])('reads %j as %j: the trailing line break goes, nothing else', async (content, password) => {
    const file = path.join(await tempDir(), 'password');
    await writeFile(file, content);
    expect(await readPasswordFile(file)).toBe(password);
  });

  it('names the file and the problem, never the content', async () => {
    const dir = await tempDir();
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '\n');
    const huge = path.join(dir, 'huge');
    await writeFile(huge, `${SECRET}${'x'.repeat(5000)}`);
    const folder = path.join(dir, 'folder');
    await mkdir(folder);
    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing'), /missing: no such file$/],
      [folder, /folder: is a folder, not a file$/],
      [path.join(empty, 'below-a-file'), /cannot be read \(ENOTDIR\)$/],
      [empty, /empty is empty$/],
      [huge, /huge is over 4096 bytes: not a password$/],
    ];
    for (const [file, message] of cases) {
      const error = await readPasswordFile(file).then(
        () => new Error('read'),
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(DeviceTargetError);
      expect(error.message).toMatch(/^DTU_PASSWORD_FILE /);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(SECRET);
      expect(error.stack ?? '').not.toContain(SECRET);
    }
  });
});

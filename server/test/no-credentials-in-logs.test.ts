import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { basicAuth, testOptions } from './helpers/build-test-app.js';

/**
 * Wire-contract §2: no credential in any log line. The gateway boots as main.ts
 * boots it (logger on, console lines echoed to stdout) while stdout, stderr and the console
 * methods are recorded; passwords and their Basic tokens must appear nowhere but config.json.
 */

const OLD_PASSWORD = 'openDTU42';
const NEW_PASSWORD = 'N3w-S3cret-Pass';
const WRONG_PASSWORD = 'Wr0ng-Guess!';
const REJECTED_PASSWORD = `Rejected-${'k'.repeat(60)}`; // 69 characters: refused with 10001

const token = (password: string, user = 'admin') =>
  Buffer.from(`${user}:${password}`).toString('base64');

/** Every form in which a secret could leak. */
const SECRETS = [OLD_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, REJECTED_PASSWORD].flatMap((pw) => [
  pw,
  token(pw),
  encodeURIComponent(token(pw)),
  token(pw, 'root'),
  Buffer.from(pw).toString('base64'),
]);

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesBelow(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Opens a socket and closes it at once; resolves with 101 or the refusal's status. */
function knock(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('error', reject);
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => {
      ws.off('error', reject);
      ws.on('error', () => undefined);
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('credentials in logs', () => {
  it('never writes a password or its Basic token to the console log, stdout/stderr or data files', async () => {
    const printed: string[] = [];
    const record = (stream: NodeJS.WriteStream) => {
      const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        printed.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
        return original(chunk, ...rest);
      });
    };
    record(process.stdout);
    record(process.stderr);
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
    }

    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-creds-'));
    const app = await buildApp({ options: testOptions(dataDir), logger: true });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const call = (method: string, urlPath: string, auth?: string, data?: unknown) => {
        const headers: Record<string, string> = auth ? { authorization: auth } : {};
        const init: RequestInit = { method, headers };
        if (data !== undefined) {
          const form = new FormData();
          form.append('data', JSON.stringify(data));
          init.body = form;
        }
        return fetch(url + urlPath, init).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });
      };
      const ws = url.replace(/^http/, 'ws');

      // Right and wrong credentials on guarded reads, a save and an unknown path.
      for (const password of [OLD_PASSWORD, WRONG_PASSWORD]) {
        const expected = password === OLD_PASSWORD ? 200 : 401;
        expect(await call('GET', '/api/security/authenticate', basicAuth(password))).toBe(expected);
        expect(await call('GET', '/api/network/config', basicAuth(password))).toBe(expected);
        expect(await call('GET', '/api/system/status', basicAuth(password))).toBe(200);
        expect(
          await call('POST', '/api/maintenance/reboot', basicAuth(password), { reboot: false }),
        ).toBe(expected);
        expect(await call('GET', '/api/security/authenticate', basicAuth(password, 'root'))).toBe(
          401,
        );
        await call(
          'GET',
          `/api/no/such/path?auth=${encodeURIComponent(token(password))}`,
          basicAuth(password),
        );
      }
      // A refused new password, then the real change.
      expect(
        await call('POST', '/api/security/config', basicAuth(OLD_PASSWORD), {
          password: REJECTED_PASSWORD,
          allow_readonly: false,
        }),
      ).toBe(200);
      expect(
        await call('POST', '/api/security/config', basicAuth(OLD_PASSWORD), {
          password: NEW_PASSWORD,
          allow_readonly: false,
        }),
      ).toBe(200);
      expect(app.store.config.security.password).toBe(NEW_PASSWORD);
      // The old password is now the wrong one; sockets get credentials by header and by query.
      for (const password of [NEW_PASSWORD, OLD_PASSWORD, WRONG_PASSWORD]) {
        const expected = password === NEW_PASSWORD ? 200 : 401;
        expect(await call('GET', '/api/security/authenticate', basicAuth(password))).toBe(expected);
        expect(await call('GET', '/api/system/status', basicAuth(password))).toBe(expected);
        expect(await call('GET', '/api/security/config', basicAuth(password))).toBe(expected);
        const status = expected === 200 ? 101 : 401;
        expect(await knock(`${ws}/console`, { authorization: basicAuth(password) })).toBe(status);
        expect(await knock(`${ws}/console?auth=${encodeURIComponent(token(password))}`)).toBe(
          status,
        );
      }
    } finally {
      await app.close();
    }

    const log = app.consoleLog.backlog().join('');
    const output = printed.join('');
    // The recording works: the save's console line went to the log and to stdout.
    expect(log).toContain('Security settings saved');
    expect(output).toContain('Security settings saved');
    const otherFiles = (await filesBelow(dataDir)).filter(
      (file) => path.basename(file) !== 'config.json',
    );
    expect(otherFiles.length).toBeGreaterThan(0);
    const contents = await Promise.all(otherFiles.map((file) => readFile(file, 'utf8')));
    for (const secret of SECRETS) {
      expect(log, 'console log').not.toContain(secret);
      expect(output, 'stdout/stderr/console').not.toContain(secret);
      contents.forEach((content, index) =>
        expect(content, otherFiles[index]).not.toContain(secret),
      );
    }
    await rm(dataDir, { recursive: true, force: true });
  });
});

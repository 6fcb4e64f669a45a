import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';
import { STATE_DIR } from '../store/chip-id.js';
import { FIRMWARE_ERRORS } from '../firmware/image-check.js';
import {
  ADMIN_AUTH,
  buildTestGateway,
  type TestGateway,
} from '../../test/helpers/build-test-app.js';

/** An ESP32-looking image: magic byte 0xE9, then a deterministic pseudo-random body. */
function esp32Image(size = 64 * 1024, seed = 7): Buffer {
  const image = Buffer.alloc(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    image[i] = state >> 16;
  }
  image[0] = 0xe9;
  return image;
}

const md5 = (content: Buffer) => createHash('md5').update(content).digest('hex');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UploadInit {
  md5?: string | null;
  md5After?: boolean;
  filename?: string;
  auth?: string | null;
}

/** The interface's upload: the MD5 field, then the file part `firmware`. */
function upload(gw: TestGateway, content: Buffer, init: UploadInit = {}) {
  const form = new FormData();
  const hash = init.md5 === undefined ? md5(content) : init.md5;
  if (hash !== null && !init.md5After) form.append('MD5', hash);
  form.append('firmware', new Blob([content]), init.filename ?? 'firmware.bin');
  if (hash !== null && init.md5After) form.append('MD5', hash);
  return gw.request('POST', '/api/firmware/update', {
    body: form,
    ...(init.auth === undefined ? {} : { auth: init.auth }),
  });
}

const stateFiles = async (gw: TestGateway) =>
  (await readdir(path.join(gw.dataDir, STATE_DIR)).catch(() => [] as string[])).filter((name) =>
    name.startsWith('firmware'),
  );

const flashed = (gw: TestGateway) =>
  readFile(path.join(gw.dataDir, STATE_DIR, 'firmware.bin')).catch(() => null);

/** Refused: 500 with the reason, nothing stored, no restart, and the gateway still serving. */
async function expectRefused(gw: TestGateway, send: () => Promise<Response>, reason: string) {
  const restart = vi.spyOn(gw.app.system, 'restart');
  const response = await send();
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.text()).toBe(reason);
  expect(await stateFiles(gw)).toEqual([]);
  expect(restart).not.toHaveBeenCalled();
  expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({ code: 6002 });
}

describe('POST /api/firmware/update', () => {
  it('accepts a .bin image: 200 OK, stores it, then restarts', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image();
    const response = await upload(gw, image);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.text()).toBe('OK');
    expect(await flashed(gw)).toEqual(image);
    expect(await stateFiles(gw)).toEqual(['firmware.bin']);
    await wait(1100);
    expect(gw.restarts).toEqual(['Firmware update']);
  });

  it('accepts a .bin.gz image and stores it unpacked', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image(300 * 1024);
    const packed = gzipSync(image);
    const response = await upload(gw, packed, { filename: 'opendtu.bin.gz' });
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    expect(await flashed(gw)).toEqual(image);
    await wait(1100);
    expect(gw.restarts).toEqual(['Firmware update']);
  });

  it('takes the kind from the content when the file is named `firmware`, as the interface sends it', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image(10_000, 3);
    const response = await upload(gw, gzipSync(image), { filename: 'firmware' });
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    expect(await flashed(gw)).toEqual(image);
    const plain = esp32Image(20_000, 4);
    const second = await upload(gw, plain, { filename: 'firmware' });
    expect([second.status, await second.text()]).toEqual([200, 'OK']);
    expect(await flashed(gw)).toEqual(plain); // only the last image is kept
    expect(await stateFiles(gw)).toEqual(['firmware.bin']);
  });

  it('accepts an image of exactly the OTA slot size', async () => {
    const gw = await buildTestGateway();
    const response = await upload(gw, esp32Image(FIRMWARE_MAX_BYTES));
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
  });

  it.each([
    ['a wrong MD5', { md5: md5(Buffer.from('other')) }, FIRMWARE_ERRORS.md5Mismatch],
    ['no MD5', { md5: null }, FIRMWARE_ERRORS.md5Missing],
    ['the MD5 after the file part', { md5After: true }, FIRMWARE_ERRORS.md5Missing],
    ['a short MD5', { md5: 'abc123' }, FIRMWARE_ERRORS.md5Invalid],
    ['an upper-case MD5', { md5: 'A'.repeat(32) }, FIRMWARE_ERRORS.md5Invalid],
    ['a .hex file', { filename: 'firmware.hex' }, FIRMWARE_ERRORS.wrongExtension],
    ['a .bin.zip file', { filename: 'opendtu.bin.zip' }, FIRMWARE_ERRORS.wrongExtension],
  ])('refuses %s', async (_name, init: UploadInit, reason) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, () => upload(gw, esp32Image(), init), reason);
  });

  it('refuses an image without the ESP32 magic byte', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image();
    image[0] = 0x7f;
    await expectRefused(gw, () => upload(gw, image), FIRMWARE_ERRORS.notEsp32);
  });

  it('refuses a .bin.gz whose unpacked image lacks the magic byte', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image();
    image[0] = 0x00;
    const send = () => upload(gw, gzipSync(image), { filename: 'x.bin.gz' });
    await expectRefused(gw, send, FIRMWARE_ERRORS.notEsp32);
  });

  it('refuses a .bin.gz that is not gzip data', async () => {
    const gw = await buildTestGateway();
    const send = () => upload(gw, esp32Image(), { filename: 'x.bin.gz' });
    await expectRefused(gw, send, FIRMWARE_ERRORS.badGzip);
  });

  it('refuses an empty file', async () => {
    const gw = await buildTestGateway();
    await expectRefused(gw, () => upload(gw, Buffer.alloc(0)), FIRMWARE_ERRORS.notEsp32);
  });

  it('refuses an image one byte larger than the OTA slot', async () => {
    const gw = await buildTestGateway();
    const send = () => upload(gw, esp32Image(FIRMWARE_MAX_BYTES + 1));
    await expectRefused(gw, send, FIRMWARE_ERRORS.tooLarge);
  });

  it('refuses a .bin.gz that unpacks to more than the OTA slot', async () => {
    const gw = await buildTestGateway();
    const huge = Buffer.alloc(FIRMWARE_MAX_BYTES + 4096);
    huge[0] = 0xe9;
    const send = () => upload(gw, gzipSync(huge), { filename: 'bomb.bin.gz' });
    await expectRefused(gw, send, FIRMWARE_ERRORS.tooLarge);
  });

  it('refuses a body that is not multipart and one without a file', async () => {
    const gw = await buildTestGateway();
    const raw = () => gw.request('POST', '/api/firmware/update', { body: 'MD5=x' });
    await expectRefused(gw, raw, FIRMWARE_ERRORS.notMultipart);
    const form = new FormData();
    form.append('MD5', md5(Buffer.from('x')));
    const noFile = () => gw.request('POST', '/api/firmware/update', { body: form });
    await expectRefused(gw, noFile, FIRMWARE_ERRORS.noFile);
  });

  it('answers an upload whose body ends mid-file with "Upload incomplete"', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image();
    const head =
      `--b\r\nContent-Disposition: form-data; name="MD5"\r\n\r\n${md5(image)}\r\n` +
      `--b\r\nContent-Disposition: form-data; name="firmware"; filename="firmware.bin"\r\n\r\n`;
    const answer = await new Promise<{ status: number | undefined; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${gw.url}/api/firmware/update`,
          {
            method: 'POST',
            headers: {
              authorization: ADMIN_AUTH,
              'content-type': 'multipart/form-data; boundary=b',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          },
        );
        req.on('error', reject);
        req.write(head);
        req.end(image.subarray(0, 30_000)); // chunked body ends cleanly, without the closing boundary
      },
    );
    expect(answer).toEqual({ status: 500, body: FIRMWARE_ERRORS.incomplete });
    expect(await stateFiles(gw)).toEqual([]);
    await wait(1100);
    expect(gw.restarts).toEqual([]);
  });

  it('survives a client that drops the connection mid-upload', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image(500_000);
    const head =
      `--b\r\nContent-Disposition: form-data; name="MD5"\r\n\r\n${md5(image)}\r\n` +
      `--b\r\nContent-Disposition: form-data; name="firmware"; filename="firmware.bin"\r\n\r\n`;
    const tail = '\r\n--b--\r\n';
    const { port } = new URL(gw.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/firmware/update HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: ${ADMIN_AUTH}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        `Content-Length: ${head.length + image.length + tail.length}\r\n\r\n${head}`,
    );
    socket.write(image.subarray(0, 200_000));
    await wait(200);
    // The image streams into a temp file while it arrives...
    expect((await stateFiles(gw))[0]).toMatch(/^firmware-.*\.upload$/);
    socket.destroy();
    await wait(300);
    expect(await stateFiles(gw)).toEqual([]);
    // Still serving, and a complete upload afterwards goes through.
    const response = await upload(gw, image);
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    expect(await flashed(gw)).toEqual(image);
  });

  it('aborted fetch uploads leave nothing behind', async () => {
    const gw = await buildTestGateway();
    const image = esp32Image(1_000_000);
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      async start(stream) {
        const head =
          `--b\r\nContent-Disposition: form-data; name="MD5"\r\n\r\n${md5(image)}\r\n` +
          `--b\r\nContent-Disposition: form-data; name="firmware"; filename="a.bin"\r\n\r\n`;
        stream.enqueue(new TextEncoder().encode(head));
        stream.enqueue(image.subarray(0, 100_000));
        await wait(150);
        controller.abort();
      },
    });
    const sent = fetch(`${gw.url}/api/firmware/update`, {
      method: 'POST',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'multipart/form-data; boundary=b' },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit);
    await expect(sent).rejects.toThrow();
    await wait(300);
    expect(await stateFiles(gw)).toEqual([]);
    expect(gw.restarts).toEqual([]);
    expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({
      code: 6002,
    });
  });

  it('requires the admin password', async () => {
    const gw = await buildTestGateway();
    const response = await upload(gw, esp32Image(), { auth: null });
    expect(response.status).toBe(401);
    expect(await flashed(gw)).toBeNull();
    await wait(1100);
    expect(gw.restarts).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  FIRMWARE_ERRORS,
  GZIP_MAGIC,
  ImageCheck,
  UploadMeter,
  imageKindOf,
  reasonOf,
  uploadLimitOf,
  type ImageKind,
} from './image-check.js';

/** The flashed image: the last accepted firmware, inside the gateway's state folder. */
export const FIRMWARE_IMAGE = 'firmware.bin';

const MD5_PATTERN = /^[0-9a-f]{32}$/;

/** One part of a multipart body, as @fastify/multipart hands them out (structurally). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: AsyncIterable<Buffer> & { truncated?: boolean };
    };

export type FirmwareOutcome = { ok: true; bytes: number } | { ok: false; reason: string };

type ImageResult = { temp: string; bytes: number } | { reason: string };

/** Read a file part to its end without using it, so the client still gets the answer. */
async function drain(file: AsyncIterable<Buffer>): Promise<void> {
  for await (const _chunk of file) {
    // discarded
  }
}

/** Builds the pipeline once the first byte is known, then feeds it from the part. */
async function streamImage(
  file: AsyncIterable<Buffer>,
  announced: ImageKind | 'by-content',
  temp: string,
): Promise<{ failure: string } | { md5: string; bytes: number }> {
  let input: PassThrough | undefined;
  let meter: UploadMeter | undefined;
  let image: ImageCheck | undefined;
  let done: Promise<string | null> | undefined;
  let sink: WriteStream | undefined;
  // The temp file is complete, or can be removed for good, only once its stream closed.
  const settle = async () => {
    const failure = await done;
    const stream = sink;
    // A plain listener: once() would reject on the 'error' that precedes 'close'.
    if (stream && !stream.closed)
      await new Promise<void>((resolve) => stream.once('close', () => resolve()));
    return failure ?? null;
  };
  try {
    for await (const chunk of file) {
      if (chunk.length === 0) continue;
      if (input === undefined) {
        const kind =
          announced !== 'by-content' ? announced : chunk[0] === GZIP_MAGIC ? 'bin.gz' : 'bin';
        input = new PassThrough();
        meter = new UploadMeter(uploadLimitOf(kind));
        image = new ImageCheck();
        const stages: Transform[] =
          kind === 'bin.gz' ? [meter, createGunzip(), image] : [meter, image];
        sink = createWriteStream(temp, { mode: 0o600 });
        done = pipeline([input, ...stages, sink]).then(
          () => null,
          (error: unknown) => reasonOf(error),
        );
      }
      // Refused already: read the rest anyway, so the answer reaches the client.
      if (input.destroyed) continue;
      if (!input.write(chunk)) {
        await Promise.race([once(input, 'drain').catch(() => undefined), done]);
      }
    }
  } catch (error) {
    // The part broke off: tear the pipeline down and wait for the file stream to close, so
    // the caller's removal of the temp file is final.
    input?.destroy(error as Error);
    await settle();
    throw error;
  }
  if (input === undefined || done === undefined || meter === undefined || image === undefined) {
    return { failure: FIRMWARE_ERRORS.notEsp32 }; // empty file
  }
  input.end();
  const failure = await settle();
  if (failure !== null) return { failure };
  return { md5: meter.md5(), bytes: image.bytes };
}

/** Check and store the file part; on any refusal nothing is left behind. */
async function receiveImage(
  part: Extract<UploadPart, { type: 'file' }>,
  md5: string | undefined,
  stateDir: string,
): Promise<ImageResult> {
  const kind = imageKindOf(part.filename);
  const early =
    md5 === undefined
      ? FIRMWARE_ERRORS.md5Missing
      : !MD5_PATTERN.test(md5)
        ? FIRMWARE_ERRORS.md5Invalid
        : kind === null
          ? FIRMWARE_ERRORS.wrongExtension
          : null;
  if (early !== null || kind === null) {
    await drain(part.file);
    return { reason: early ?? FIRMWARE_ERRORS.wrongExtension };
  }
  if (
    !(await mkdir(stateDir, { recursive: true }).then(
      () => true,
      () => false,
    ))
  ) {
    await drain(part.file);
    return { reason: FIRMWARE_ERRORS.storeFailed };
  }
  const temp = path.join(stateDir, `firmware-${randomUUID()}.upload`);
  try {
    const result = await streamImage(part.file, kind, temp);
    if (part.file.truncated) return await discard(temp, FIRMWARE_ERRORS.tooLarge);
    if ('failure' in result) return await discard(temp, result.failure);
    if (result.md5 !== md5) return await discard(temp, FIRMWARE_ERRORS.md5Mismatch);
    return { temp, bytes: result.bytes };
  } catch (error) {
    // The part's stream broke: the client went away or the body ended mid-part.
    await rm(temp, { force: true });
    throw error;
  }
}

async function discard(temp: string, reason: string): Promise<{ reason: string }> {
  await rm(temp, { force: true });
  return { reason };
}

function reasonOfMultipartError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return FIRMWARE_ERRORS.tooLarge;
  if (code === 'FST_FILES_LIMIT') return FIRMWARE_ERRORS.oneFile;
  return FIRMWARE_ERRORS.incomplete;
}

/**
 * POST /api/firmware/update body, wire-contract §4.13 done right: the `MD5` field must come
 * before the file; the file is checked while it streams into a temp file of `stateDir`, which
 * becomes `firmware.bin` only when the whole body arrived and every check passed.
 */
export async function receiveFirmware(
  parts: AsyncIterable<UploadPart>,
  stateDir: string,
): Promise<FirmwareOutcome> {
  let md5: string | undefined;
  let result: ImageResult | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'MD5' && md5 === undefined) md5 = String(part.value);
        continue;
      }
      if (result !== undefined) {
        await drain(part.file);
        continue;
      }
      result = await receiveImage(part, md5, stateDir);
    }
  } catch (error) {
    if (result !== undefined && 'temp' in result) await rm(result.temp, { force: true });
    return { ok: false, reason: reasonOfMultipartError(error) };
  }
  if (result === undefined) return { ok: false, reason: FIRMWARE_ERRORS.noFile };
  if ('reason' in result) return { ok: false, reason: result.reason };
  try {
    // Keep only the last image: the rename replaces the previous one atomically.
    await rename(result.temp, path.join(stateDir, FIRMWARE_IMAGE));
  } catch {
    await rm(result.temp, { force: true });
    return { ok: false, reason: FIRMWARE_ERRORS.storeFailed };
  }
  return { ok: true, bytes: result.bytes };
}

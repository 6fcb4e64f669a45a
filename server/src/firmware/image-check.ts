import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FIRMWARE_GZ_MAX_BYTES, FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';

/** First byte of every ESP32 application image (esp_image_header_t.magic). */
export const ESP_IMAGE_MAGIC = 0xe9;
/** First byte of a gzip member (RFC 1952). */
export const GZIP_MAGIC = 0x1f;

/** The reasons a firmware upload is refused; the interface shows the text verbatim (spec §7). */
export const FIRMWARE_ERRORS = {
  notMultipart: 'Upload must be multipart/form-data',
  md5Missing: 'MD5 parameter missing',
  md5Invalid: 'MD5 parameter invalid',
  md5Mismatch: 'MD5 mismatch',
  wrongExtension: 'Not a .bin or .bin.gz file',
  notEsp32: 'Not an ESP32 image (magic byte)',
  badGzip: 'Not a valid gzip file',
  tooLarge: 'Firmware too large',
  noFile: 'No firmware file in the upload',
  oneFile: 'Only one firmware file per upload',
  incomplete: 'Upload incomplete',
  storeFailed: 'Could not store the firmware',
} as const;

export type ImageKind = 'bin' | 'bin.gz';

/** A refusal whose message is one of FIRMWARE_ERRORS. */
export class FirmwareRejected extends Error {}

/**
 * The kind of image a file name announces. The OpenDTU interface always names the part's
 * file `firmware` (wire-contract §4.13), so that name alone leaves the kind to the content;
 * any other name must end in .bin or .bin.gz.
 */
export function imageKindOf(filename: string): ImageKind | 'by-content' | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.bin.gz')) return 'bin.gz';
  if (name.endsWith('.bin')) return 'bin';
  if (name === 'firmware') return 'by-content';
  return null;
}

/** Upload size limit of an image kind, in uploaded (possibly compressed) bytes. */
export const uploadLimitOf = (kind: ImageKind) =>
  kind === 'bin.gz' ? FIRMWARE_GZ_MAX_BYTES : FIRMWARE_MAX_BYTES;

/** Hashes and counts the uploaded bytes as they pass; refuses more than `limit`. */
export class UploadMeter extends Transform {
  private readonly hash: Hash = createHash('md5');
  bytes = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new FirmwareRejected(FIRMWARE_ERRORS.tooLarge));
    this.hash.update(chunk);
    done(null, chunk);
  }

  /** Lowercase hex MD5 of everything that passed; call once, after the stream ended. */
  md5(): string {
    return this.hash.digest('hex');
  }
}

/**
 * The image as it will be flashed (after gunzip for .bin.gz): it starts with the ESP32
 * magic byte and fits in the OTA slot. Refuses on the first byte, not at the end.
 */
export class ImageCheck extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (chunk.length === 0) return done();
    if (this.bytes === 0 && chunk[0] !== ESP_IMAGE_MAGIC) {
      return done(new FirmwareRejected(FIRMWARE_ERRORS.notEsp32));
    }
    this.bytes += chunk.length;
    if (this.bytes > FIRMWARE_MAX_BYTES) {
      return done(new FirmwareRejected(FIRMWARE_ERRORS.tooLarge));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.bytes === 0 ? new FirmwareRejected(FIRMWARE_ERRORS.notEsp32) : null);
  }
}

/** The user-facing reason for an error raised inside the image pipeline. */
export function reasonOf(error: unknown): string {
  if (error instanceof FirmwareRejected) return error.message;
  const code = (error as { code?: unknown }).code;
  // zlib reports bad or cut-off gzip data as Z_DATA_ERROR / Z_BUF_ERROR.
  if (typeof code === 'string' && code.startsWith('Z_')) return FIRMWARE_ERRORS.badGzip;
  return FIRMWARE_ERRORS.storeFailed;
}

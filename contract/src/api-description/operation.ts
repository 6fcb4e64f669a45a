import type { z } from 'zod';
import { ApiCode, ApiCodeCompanion, ApiCodeV26, type ApiCodeName } from '../codes.js';

/**
 * One REST operation as the API description states it. The catalogues (opendtu-operations.ts,
 * heliodtu-operations.ts) hold one such entry per "METHOD /path"; the OpenAPI document, the
 * reference page and the server's drift checks are all generated from them, and the shapes
 * come from the contract's zod schemas, never from a second hand-written copy.
 */

/** Who may call: wire-contract §2.1 (readonly = public while allow_readonly is on). */
export type Guard = 'none' | 'readonly' | 'admin';

/** A status other than 200 that the operation answers. */
export interface StatusDoc {
  description: string;
  /** JSON body of that status; none = empty body (or `text` below). */
  schema?: z.ZodType;
  /** A text/plain body, described in words. */
  text?: string;
}

/** A body that is not JSON (downloads, metrics, uploads). */
export interface RawBody {
  /** Media type of the 200 answer, e.g. 'text/plain', 'application/octet-stream'. */
  type: string;
  description: string;
}

export interface Operation {
  /** The API area: the tag, and the one name shared by contract, server route and web feature. */
  area: string;
  summary: string;
  description?: string;
  guard: Guard;
  /** URL query parameters, one property each. */
  query?: z.ZodObject;
  /** JSON sent in the form field `data` (wire-contract §1.1). */
  data?: z.ZodType;
  /** JSON answer of 200; defaults to the contract's response schema of the key. */
  response?: z.ZodType;
  /**
   * Result codes the envelope answer carries (besides 1002–1005 for a `data` POST, which are
   * added by the generator). The server tests fail on any other code.
   */
  codes?: readonly number[];
  /** A multipart upload instead of `data`: the part names, described. */
  upload?: Readonly<Record<string, string>>;
  /** A 200 answer that is not JSON. */
  raw?: RawBody;
  /** Further statuses, e.g. 404. 401 follows from the guard, 500 (1007) from JSON answers. */
  statuses?: Readonly<Partial<Record<number, StatusDoc>>>;
  /** A HelioDTU extension, not part of OpenDTU's API. */
  extension?: boolean;
  /** Served only by current firmware (v26.3.30); a v24.11.7 device answers it like any unknown path. */
  currentFirmwareOnly?: boolean;
}

/** "METHOD /path" → operation; the key format of contract/src/endpoints.ts. */
export type OperationCatalogue = Readonly<Record<string, Operation>>;

/**
 * Every result code of an area (names starting with `prefix`), its `…Base` left out, those
 * only current firmware sends (ApiCodeV26) included.
 */
export function codesOf(prefix: string): number[] {
  const all: Readonly<Record<ApiCodeName, number>> = {
    ...ApiCode,
    ...ApiCodeV26,
    ...ApiCodeCompanion,
  };
  return (Object.keys(all) as ApiCodeName[])
    .filter((name) => name.startsWith(prefix) && !name.endsWith('Base'))
    .map((name) => all[name])
    .sort((a, b) => a - b);
}

/** What a POST that stores settings answers besides its own codes: saved, write failed. */
export const SAVE_CODES: readonly number[] = [ApiCode.GenericSuccess, ApiCode.GenericWriteFailed];

/** What every `data` POST may answer before its own checks (wire-contract §4, common parser). */
export const DATA_CODES: readonly number[] = [
  ApiCode.GenericNoValueFound,
  ApiCode.GenericDataTooLarge,
  ApiCode.GenericParseError,
  ApiCode.GenericValueMissing,
];

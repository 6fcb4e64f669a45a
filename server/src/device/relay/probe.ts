import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import {
  firmwareGeneration,
  releaseTagOf,
  type FirmwareGeneration,
} from '@heliodtu/contract/domain/firmware-generation';
import {
  problemFromError,
  problemFromStatus,
  timeoutProblem,
  type DeviceProblem,
} from './device-problem.js';
import type { DeviceTarget } from './device-target.js';

export const SYSTEM_STATUS_PATH = '/api/system/status';
/** A device on weak Wi-Fi takes a second or two; a minute-long wait helps nobody at start. */
export const PROBE_TIMEOUT_MS = 5000;
/** OpenDTU's system status is about 2 kB; a bigger answer is some other web page. */
const MAX_BODY_BYTES = 256 * 1024;

/** The device answered as an OpenDTU. */
export interface DeviceFound {
  ok: true;
  deviceId: string;
  url: string;
  hostname: string;
  /** As the device sends it: a release tag ("v24.11.7") or a build's commit. */
  gitHash: string;
  /** The release tag in git_hash, null for a build named by its commit alone. */
  version: string | null;
  pioenv: string;
  generation: FirmwareGeneration;
  /** One line for the start line: what was found where. */
  message: string;
}

export interface DeviceNotUsable extends DeviceProblem {
  ok: false;
  deviceId: string;
  url: string;
}

export type ProbeResult = DeviceFound | DeviceNotUsable;

/**
 * Asks the device who it is (GET /api/system/status with the stored credentials) and says
 * what it found: an OpenDTU with its version, or why not, in one plain message. Never throws.
 */
export async function probeDevice(
  target: DeviceTarget,
  { timeoutMs = PROBE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ProbeResult> {
  const url = target.baseUrl;
  const fail = (problem: DeviceProblem): DeviceNotUsable => ({
    ok: false,
    deviceId: target.id,
    url,
    ...problem,
  });
  let answer: HttpAnswer;
  try {
    answer = await httpGet(target.httpUrl(SYSTEM_STATUS_PATH), target.authorization(), timeoutMs);
  } catch (error) {
    return fail(
      error === TIMED_OUT ? timeoutProblem(url, timeoutMs) : problemFromError(error, url),
    );
  }
  if (answer.status !== 200) {
    return fail(problemFromStatus(answer.status, url, target.hasPassword, answer.location));
  }
  const notOpenDtu = (what: string) =>
    fail({ code: 'not-opendtu', message: `${url} ${what}: not an OpenDTU at this address` });
  if (answer.tooLong) return notOpenDtu(`answers with over ${MAX_BODY_BYTES / 1024} kB`);
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    const type = answer.contentType?.split(';')[0]?.trim() || 'no content type';
    return notOpenDtu(
      type === 'text/html' ? 'answers with a web page' : `answers with something else (${type})`,
    );
  }
  const parsed = SystemStatusSchema.safeParse(json);
  if (!parsed.success) {
    const fields = [
      ...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(top)')),
    ];
    const named = fields.slice(0, 3).join(', ') + (fields.length > 3 ? ', …' : '');
    return notOpenDtu(`answers JSON without OpenDTU's system status (${named})`);
  }
  const status = parsed.data;
  // With read-only access on (OpenDTU's default) the status answers whatever password was sent;
  // the login is checked on its own, so a wrong one is said now, not at the first save.
  if (target.hasPassword) {
    const refused = await adminLoginRefused(target, timeoutMs);
    if (refused) return fail(problemFromStatus(401, url, true));
  }
  // git_branch (current firmware) is not in the reference schema, so it is read from the raw answer.
  const gitBranch = (json as { git_branch?: unknown }).git_branch;
  const generation = firmwareGeneration({ git_hash: status.git_hash, git_branch: gitBranch });
  return {
    ok: true,
    deviceId: target.id,
    url,
    hostname: status.hostname,
    gitHash: status.git_hash,
    version: releaseTagOf(status.git_hash),
    pioenv: status.pioenv,
    generation,
    message:
      `OpenDTU ${status.git_hash} (${status.pioenv}, ${generation} wire) ` +
      `named ${status.hostname} at ${url}`,
  };
}

/** OpenDTU's login check (admin only); only a 401 counts, a device without it is not refused. */
const AUTHENTICATE_PATH = '/api/security/authenticate';

async function adminLoginRefused(target: DeviceTarget, timeoutMs: number): Promise<boolean> {
  try {
    const answer = await httpGet(
      target.httpUrl(AUTHENTICATE_PATH),
      target.authorization(),
      timeoutMs,
    );
    return answer.status === 401;
  } catch {
    return false;
  }
}

interface HttpAnswer {
  status: number;
  contentType: string | undefined;
  location: string | undefined;
  body: string;
  tooLong: boolean;
}

const TIMED_OUT = Symbol('timed out');

/** One GET with an overall deadline (connect, headers and body together). */
function httpGet(
  url: string,
  authorization: string | undefined,
  timeoutMs: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (authorization) headers['authorization'] = authorization;
    // No keep-alive agent: a probe is one request, and no socket lingers after it.
    const request = send(url, { headers, agent: false }, (response) =>
      readAnswer(response).then(resolve, reject),
    );
    const timer = setTimeout(() => {
      reject(TIMED_OUT);
      request.destroy();
    }, timeoutMs);
    const settle = () => clearTimeout(timer);
    request.once('close', settle);
    request.once('error', (error) => {
      settle();
      reject(error);
    });
    request.end();
  });
}

function readAnswer(response: IncomingMessage): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (tooLong: boolean) =>
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        location: response.headers.location,
        body: tooLong ? '' : Buffer.concat(chunks).toString('utf8'),
        tooLong,
      });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        response.destroy();
        done(true);
      }
    });
    response.once('end', () => done(false));
    response.once('error', reject);
  });
}

/**
 * Which OpenDTU wire a device speaks: 'v24' is the reference this product was built from
 * (v24.11.7, wire-contract.md), 'v26' the current firmware with its changes (limit types,
 * Digest on the sockets, wire-current §2).
 */
export type FirmwareGeneration = 'v24' | 'v26';

/** Release majors from this one on count as current firmware: newer than the reference. */
const FIRST_CURRENT_MAJOR = 25;

/** The release tag at the start of a git_hash ("v26.3.30", "v24.11.7-3-gabc1234"), else null. */
export function releaseTagOf(gitHash: string): string | null {
  return /^v\d+(?:\.\d+){0,2}(?=$|-)/.exec(gitHash.trim())?.[0] ?? null;
}

/**
 * The generation of a device from its system status. By feature first, as wire-current §1
 * advises: `git_branch` exists only on current firmware. Then by the release tag; a build
 * named by a bare commit hash, without `git_branch`, is taken as the reference.
 */
export function firmwareGeneration(status: {
  git_hash: string;
  git_branch?: unknown;
}): FirmwareGeneration {
  if (typeof status.git_branch === 'string') return 'v26';
  const major = Number(/^v(\d+)/.exec(releaseTagOf(status.git_hash) ?? '')?.[1] ?? Number.NaN);
  return major >= FIRST_CURRENT_MAJOR ? 'v26' : 'v24';
}

/** The release each generation stands for: what `git_hash` reads on such a device. */
export const FIRMWARE_RELEASES: Readonly<Record<FirmwareGeneration, string>> = {
  v24: 'v24.11.7',
  v26: 'v26.3.30',
};

/** `git_branch` of a release build of current firmware (absent on the reference). */
export const CURRENT_FIRMWARE_BRANCH = 'master';

/** The generation a release tag names exactly ('v26.3.30' → 'v26'); null for any other text. */
export function generationOfRelease(release: string): FirmwareGeneration | null {
  const entry = Object.entries(FIRMWARE_RELEASES).find(([, tag]) => tag === release);
  return entry ? (entry[0] as FirmwareGeneration) : null;
}

/** The wire of current firmware (v25.x, v26.x): the additions below exist only there. */
export const isCurrentFirmware = (generation: FirmwareGeneration): boolean => generation === 'v26';

/**
 * What current firmware adds to the reference's wire (wire-current §3), as names a
 * client can test for. On a reference device none of them appears.
 */
export const CURRENT_FIRMWARE_ADDITIONS = {
  /** "METHOD /path" of the endpoints that exist only on current firmware. */
  endpoints: ['GET /api/ntp/zones', 'GET /api/logging/config', 'POST /api/logging/config'],
  /** Per inverter in live data, beside `data_age` (s). */
  liveInverterFields: ['data_age_ms'],
  /** In live data's `hints`. */
  hintFields: ['pin_mapping_issue'],
  /** In `GET /api/devinfo/status`. */
  devInfoFields: ['pdl_supported'],
  /** In `GET/POST /api/network/config`. */
  networkConfigFields: ['syslogenabled', 'sysloghostname', 'syslogport'],
  /** In `GET /api/system/status`. */
  systemStatusFields: ['git_branch'],
} as const;

/**
 * How each generation guards the `/livedata` and `/console` sockets while read-only access is
 * off: the reference with Basic credentials, current firmware with a Digest challenge on the
 * handshake (wire-current §2).
 */
export const SOCKET_AUTH_SCHEME: Readonly<Record<FirmwareGeneration, 'basic' | 'digest'>> = {
  v24: 'basic',
  v26: 'digest',
};

/**
 * `GET /api/dtu/config` `serial`: the reference's and current firmware's answers are both a
 * string of the serial's digits; current firmware's interface treats it as text throughout
 * (a 12-character field), so a client accepts a string or a number (wire-current §2).
 */
export function dtuSerialText(serial: string | number): string {
  return typeof serial === 'number' ? String(serial) : serial.trim();
}

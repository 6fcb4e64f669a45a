import { z } from 'zod';
import { DEVICE_PROBLEM_CODES } from './device-problem.js';
import { ApiResultSchema } from './envelope.js';

/**
 * GET /api/companion/status (issue 24, a HelioDTU extension): whether this gateway stands in
 * front of real OpenDTU devices, and which. The simulated gateway answers `companion: false`
 * with no devices; a real device answers it like any unknown path (its index.html).
 */
export const COMPANION_STATUS_PATH = '/api/companion/status';

export const DeviceProblemCodeSchema = z.enum(DEVICE_PROBLEM_CODES);

export const DeviceProblemSchema = z.object({
  code: DeviceProblemCodeSchema,
  /** One plain English line; never a stack trace or a credential. */
  message: z.string(),
});
export type DeviceProblem = z.infer<typeof DeviceProblemSchema>;

/** Where a device's entry comes from: DTU_URL (changed there, not on the Devices screen) or the Devices screen (`devices.json` in DATA_DIR). */
export const DeviceOriginSchema = z.enum(['env', 'screen']);
export type DeviceOrigin = z.infer<typeof DeviceOriginSchema>;

/** How the companion reaches a device: its HTTP API, or only its MQTT topics (issue 37). */
export const DeviceSourceSchema = z.enum(['http', 'mqtt']);
export type DeviceSource = z.infer<typeof DeviceSourceSchema>;

export const CompanionDeviceSchema = z.object({
  /** The device id every piece of the companion's state is keyed by. */
  id: z.string(),
  /** The device's address as configured, never with credentials. */
  url: z.string(),
  /** The device's firmware (its git_hash), null until it answered as an OpenDTU. */
  git_hash: z.string().nullable(),
  /** True while the companion's live socket to the device is open. */
  reachable: z.boolean(),
  /** Epoch seconds of the first failure of the current outage; null while reachable or not yet known. */
  unreachable_since: z.number().int().nullable(),
  /** Why the device cannot be used now (wrong password, not an OpenDTU, …); null while fine. */
  problem: DeviceProblemSchema.nullable(),
  /** The owner's name for it (issue 27); the id for a single unnamed DTU_URL. */
  name: z.string(),
  origin: DeviceOriginSchema,
  /** Epoch seconds since the live socket is open; null while it is not. */
  connected_since: z.number().int().nullable(),
  /** Inverters in its live data; null until it sent any. */
  inverter_count: z.number().int().nullable(),
  /**
   * Whether the device's own login (its web interface, API and emergency access point) still
   * uses OpenDTU's default password, from the hint in its live data; null until it sent any
   * (issue 34). The live data's `hints.default_password` on a companion is the companion's own
   * login's, so OpenDTU's wire keeps its shape.
   */
  default_password: z.boolean().nullable(),
  /**
   * How the companion reaches the device (issue 37): over HTTP (its API, its live socket) or
   * only by the topics it publishes to a broker, where its settings cannot be read or changed.
   * Absent from companions before issue 37: read as `http`.
   */
  source: DeviceSourceSchema.optional(),
  /**
   * The device's own web interface (`http://<ip>/`), where an MQTT device's settings are
   * changed: from the IP it publishes (`<base topic>dtu/ip`); absent while not known.
   */
  web_url: z.string().optional(),
});
export type CompanionDevice = z.infer<typeof CompanionDeviceSchema>;

export const CompanionStatusSchema = z.object({
  companion: z.boolean(),
  /** Empty unless a companion; in the owner's order (issue 27). */
  devices: z.array(CompanionDeviceSchema),
});
export type CompanionStatus = z.infer<typeof CompanionStatusSchema>;

//-- Several devices behind one companion (issue 27)

/**
 * A device id: lowercase letters, digits and dashes, made from the name the device was first
 * given ("Roof" → "roof") and kept when it is renamed, since history rows are keyed by it. A
 * single unnamed DTU_URL keeps the id "dtu" it had before several devices existed.
 */
export const DeviceIdSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/);
export type DeviceId = z.infer<typeof DeviceIdSchema>;

/** Bytes of a device's display name (UTF-8). */
export const DEVICE_NAME_MAX_BYTES = 32;

// The paths and the page-URL parameter live zod-free in domain/, since the interface builds them too.
export { DEVICE_PATH_PREFIX, DEVICE_QUERY_PARAM, devicePath } from './domain/device-path.js';

/** GET /api/companion/devices (admin): the Devices screen's list, passwords never included. */
export const DEVICES_PATH = '/api/companion/devices';
export const DeviceEntrySchema = z.object({
  id: DeviceIdSchema,
  name: z.string(),
  url: z.string(),
  user: z.string(),
  /** Whether a password is stored; the password itself is write-only. */
  has_password: z.boolean(),
  origin: DeviceOriginSchema,
  /**
   * How the companion reaches it (issue 37): `url` is then `mqtt(s)://broker:port/<base topic>`.
   * Absent from companions before issue 37: read as `http`.
   */
  source: DeviceSourceSchema.optional(),
  /**
   * A device on a broker: the owner's own away time in s (the Devices screen's, or an `env`
   * device's DTU_AWAY_S_<NAME>); null when it has none, so `shared_away_s` or the automatic one
   * holds. Absent for HTTP devices and from companions before issue 37.
   */
  away_s: z.number().int().nullable().optional(),
});
export type DeviceEntry = z.infer<typeof DeviceEntrySchema>;
export const DeviceListSchema = z.object({
  devices: z.array(DeviceEntrySchema),
  /**
   * DTU_AWAY_S (issue 37): the away time in s of every device on a broker without its own; null
   * when unset (then 3 × its publish interval, at least 60 s). Absent before issue 37.
   */
  shared_away_s: z.number().int().nullable().optional(),
});
export type DeviceList = z.infer<typeof DeviceListSchema>;

/**
 * POST bodies (form field `data`, JSON, as OpenDTU's own settings) of
 * `/api/companion/devices/{test,add,edit,del,order}`; each answers an ApiResult. `test`
 * connects with the given address and login and answers success or the device problem (code
 * and message) without saving; `add` and `edit` test first and save nothing when the test
 * fails; `edit` with an empty password keeps the stored one; `env` devices cannot be edited
 * or removed there.
 */
export const DeviceTestRequestSchema = z.object({
  url: z.string(),
  user: z.string(),
  password: z.string(),
});
export const DeviceAddRequestSchema = DeviceTestRequestSchema.extend({
  name: z.string(),
  /**
   * A device on a broker (issue 37): its away time in whole seconds within limits.ts
   * AWAY_SECONDS_RANGE, else refused with code 20014; null for the shared or automatic one.
   * Absent: none on `add`, the stored one kept on `edit`. A number for an HTTP address is refused.
   */
  away_s: z.number().nullable().optional(),
});
export const DeviceEditRequestSchema = DeviceAddRequestSchema.extend({ id: DeviceIdSchema });
export const DeviceDeleteRequestSchema = z.object({ id: DeviceIdSchema });
export const DeviceOrderRequestSchema = z.object({ order: z.array(DeviceIdSchema) });
export type DeviceTestRequest = z.infer<typeof DeviceTestRequestSchema>;
export type DeviceAddRequest = z.infer<typeof DeviceAddRequestSchema>;
export type DeviceEditRequest = z.infer<typeof DeviceEditRequestSchema>;
export type DeviceDeleteRequest = z.infer<typeof DeviceDeleteRequestSchema>;
export type DeviceOrderRequest = z.infer<typeof DeviceOrderRequestSchema>;

/**
 * What the `/api/companion/devices/…` requests answer: an ApiResult (codes.ts ApiCodeCompanion),
 * with the device problem's code when a test found the device unusable (code 20006; `message`
 * is then the companion's plain English line).
 */
/**
 * What the test of an `mqtt://` or `mqtts://` address found under its base topic (issue 37): the
 * DTU's host name (`<base topic>dtu/hostname`, empty when not published) and how many inverters
 * published (distinct serial topics).
 */
export const MqttFoundSchema = z.object({
  hostname: z.string(),
  inverters: z.number().int().nonnegative(),
});
export type MqttFound = z.infer<typeof MqttFoundSchema>;
export const DeviceTestResultSchema = ApiResultSchema.extend({
  problem: DeviceProblemCodeSchema.optional(),
  /** What a test of a device known by its MQTT topics found (issue 37). */
  found: MqttFoundSchema.optional(),
});
export type DeviceTestResult = z.infer<typeof DeviceTestResultSchema>;

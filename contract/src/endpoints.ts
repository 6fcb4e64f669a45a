import { z } from 'zod';
import { DevInfoResponseSchema, type DevInfoResponse } from './dev-info.js';
import { DeviceConfigSchema, type DeviceConfig, type DeviceConfigRequestSchema } from './device.js';
import { DtuConfigSchema, type DtuConfig, type DtuConfigRequest } from './dtu.js';
import { ApiResultSchema, type ApiResult } from './envelope.js';
import { EventLogStatusSchema, type EventLogStatus } from './event-log.js';
import {
  FileListResponseSchema,
  type FileDeleteAllRequest,
  type FileDeleteRequest,
  type FileListResponse,
} from './files.js';
import {
  GridProfileRawSchema,
  GridProfileStatusSchema,
  type GridProfileRaw,
  type GridProfileStatus,
} from './grid-profile.js';
import {
  LanguageListSchema,
  LanguagePackSchema,
  type LanguageList,
  type LanguagePack,
} from './i18n.js';
import {
  InverterListSchema,
  type InverterAddRequest,
  type InverterDeleteRequest,
  type InverterEditRequest,
  type InverterList,
  type InverterOrderRequest,
} from './inverter.js';
import { LimitStatusSchema, type LimitConfigRequest, type LimitStatus } from './limit.js';
import { LiveDataStatusSchema, type LiveDataStatus } from './live-data.js';
import { LoggingConfigSchema, type LoggingConfig, type LoggingConfigRequest } from './logging.js';
import type { RebootRequest } from './maintenance.js';
import {
  MqttConfigSchema,
  MqttStatusSchema,
  type MqttConfig,
  type MqttConfigPostSchema,
  type MqttStatus,
} from './mqtt.js';
import {
  NetworkConfigSchema,
  NetworkStatusSchema,
  type NetworkConfig,
  type NetworkConfigRequest,
  type NetworkStatus,
} from './network.js';
import {
  NtpConfigSchema,
  NtpStatusSchema,
  NtpTimeSchema,
  NtpZonesSchema,
  type NtpConfig,
  type NtpConfigDataSchema,
  type NtpStatus,
  type NtpTime,
  type NtpTimeData,
  type NtpZones,
} from './ntp.js';
import { PowerStatusSchema, type PowerConfigRequest, type PowerStatus } from './power.js';
import {
  AuthenticateResponseSchema,
  SecurityConfigSchema,
  type AuthenticateResponse,
  type SecurityConfig,
  type SecurityConfigRequest,
} from './security.js';
import { SystemStatusSchema, type SystemStatus } from './system.js';

/** `{}`: what per-inverter GETs answer for an unknown serial (wire-contract §4.3, §4.5). */
export type EmptyObject = Record<string, never>;
const EmptyObjectSchema = z.object({}).strict() as unknown as z.ZodType<EmptyObject>;

type Inv = { inv: string };

/**
 * Every JSON endpoint of wire-contract §3, keyed "METHOD path" (architecture §6.1/§6.3).
 * `query` is the URL query, `data` the JSON sent in the form field `data`, `response` the
 * parsed JSON answer. POSTs answer the result envelope (wire-contract §1.2). Raw bodies
 * (downloads, uploads, metrics) are in RawEndpoints.
 */
export interface Endpoints {
  'GET /api/security/authenticate': { response: AuthenticateResponse };
  'GET /api/security/config': { response: SecurityConfig };
  'POST /api/security/config': { data: SecurityConfigRequest; response: ApiResult };

  'GET /api/livedata/status': { query?: Partial<Inv>; response: LiveDataStatus };

  'GET /api/inverter/list': { response: InverterList };
  'POST /api/inverter/add': { data: InverterAddRequest; response: ApiResult };
  'POST /api/inverter/edit': { data: InverterEditRequest; response: ApiResult };
  'POST /api/inverter/del': { data: InverterDeleteRequest; response: ApiResult };
  'POST /api/inverter/order': { data: InverterOrderRequest; response: ApiResult };
  'GET /api/inverter/stats_reset': { query: Inv; response: ApiResult | EmptyObject };

  'GET /api/limit/status': { response: LimitStatus };
  'POST /api/limit/config': { data: LimitConfigRequest; response: ApiResult };
  'GET /api/power/status': { response: PowerStatus };
  'POST /api/power/config': { data: PowerConfigRequest; response: ApiResult };

  'GET /api/devinfo/status': { query: Inv; response: DevInfoResponse };
  'GET /api/eventlog/status': {
    query: Inv & { locale?: string };
    response: EventLogStatus | EmptyObject;
  };
  'GET /api/gridprofile/status': { query: Inv; response: GridProfileStatus | EmptyObject };
  'GET /api/gridprofile/rawdata': { query: Inv; response: GridProfileRaw | EmptyObject };

  'GET /api/dtu/config': { response: DtuConfig };
  'POST /api/dtu/config': { data: DtuConfigRequest; response: ApiResult };
  'GET /api/device/config': { response: DeviceConfig };
  'POST /api/device/config': {
    data: z.input<typeof DeviceConfigRequestSchema>;
    response: ApiResult;
  };

  'GET /api/network/status': { response: NetworkStatus };
  'GET /api/network/config': { response: NetworkConfig };
  'POST /api/network/config': { data: NetworkConfigRequest; response: ApiResult };

  'GET /api/ntp/status': { response: NtpStatus };
  'GET /api/ntp/config': { response: NtpConfig };
  'POST /api/ntp/config': { data: z.input<typeof NtpConfigDataSchema>; response: ApiResult };
  'GET /api/ntp/time': { response: NtpTime };
  'POST /api/ntp/time': { data: NtpTimeData; response: ApiResult };
  /** v26.3.30 only. */
  'GET /api/ntp/zones': { response: NtpZones };

  'GET /api/mqtt/status': { response: MqttStatus };
  'GET /api/mqtt/config': { response: MqttConfig };
  'POST /api/mqtt/config': { data: z.input<typeof MqttConfigPostSchema>; response: ApiResult };

  'GET /api/system/status': { response: SystemStatus };

  /** v26.3.30 only. */
  'GET /api/logging/config': { response: LoggingConfig };
  /** v26.3.30 only. */
  'POST /api/logging/config': { data: LoggingConfigRequest; response: ApiResult };

  'GET /api/file/list': { response: FileListResponse };
  'POST /api/file/delete': { data: FileDeleteRequest; response: ApiResult };
  'POST /api/file/delete_all': { data: FileDeleteAllRequest; response: ApiResult };

  'POST /api/maintenance/reboot': { data: RebootRequest; response: ApiResult };

  'GET /api/i18n/languages': { response: LanguageList };
  'GET /api/i18n/language': { query: { code: string }; response: LanguagePack };
}

/** Endpoints whose body is not a JSON answer or whose request is multipart (wire-contract §4.12, §4.13, §4.16). */
export interface RawEndpoints {
  /** Download; without `file` the backup config.json. 404 for a missing file. */
  'GET /api/file/get': { query?: { file?: string }; response: string };
  /** Multipart part `config`; answers text "OK" and restarts. */
  'POST /api/file/upload': { query: { file: string }; response: string };
  /** Multipart `MD5` then `firmware`; answers text "OK" (200) or "FAIL" (500). */
  'POST /api/firmware/update': { response: string };
  /** Prometheus text exposition. */
  'GET /api/prometheus/metrics': { response: string };
}

export type EndpointKey = keyof Endpoints;
export type GetEndpoint = Extract<EndpointKey, `GET ${string}`>;
export type PostEndpoint = Extract<EndpointKey, `POST ${string}`>;
export type HttpMethod = 'GET' | 'POST';

/** The path of a key: PathOf<'GET /api/ntp/config'> is '/api/ntp/config'. */
export type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;
export type GetPath = PathOf<GetEndpoint>;
export type PostPath = PathOf<PostEndpoint>;
/** The key of a method and path, e.g. EndpointOf<'POST', '/api/ntp/config'>. */
export type EndpointOf<M extends HttpMethod, P extends string> = Extract<EndpointKey, `${M} ${P}`>;

export type ResponseOf<K extends EndpointKey> = Endpoints[K]['response'];
export type DataOf<K extends EndpointKey> = Endpoints[K] extends { data: infer D } ? D : never;
/** The query of a key; undefined when it takes none. */
export type QueryOf<K extends EndpointKey> = Endpoints[K] extends { query: infer Q }
  ? Q
  : Endpoints[K] extends { query?: infer Q }
    ? Q | undefined
    : undefined;

/**
 * A schema for every JSON answer, to check fixtures, mocks and server answers against the
 * contract. The `satisfies` clause keeps this map and the Endpoints type in step.
 */
export const RESPONSE_SCHEMAS = {
  'GET /api/security/authenticate': AuthenticateResponseSchema,
  'GET /api/security/config': SecurityConfigSchema,
  'POST /api/security/config': ApiResultSchema,
  'GET /api/livedata/status': LiveDataStatusSchema,
  'GET /api/inverter/list': InverterListSchema,
  'POST /api/inverter/add': ApiResultSchema,
  'POST /api/inverter/edit': ApiResultSchema,
  'POST /api/inverter/del': ApiResultSchema,
  'POST /api/inverter/order': ApiResultSchema,
  'GET /api/inverter/stats_reset': z.union([ApiResultSchema, EmptyObjectSchema]),
  'GET /api/limit/status': LimitStatusSchema,
  'POST /api/limit/config': ApiResultSchema,
  'GET /api/power/status': PowerStatusSchema,
  'POST /api/power/config': ApiResultSchema,
  'GET /api/devinfo/status': DevInfoResponseSchema,
  'GET /api/eventlog/status': z.union([EventLogStatusSchema, EmptyObjectSchema]),
  'GET /api/gridprofile/status': z.union([GridProfileStatusSchema, EmptyObjectSchema]),
  'GET /api/gridprofile/rawdata': z.union([GridProfileRawSchema, EmptyObjectSchema]),
  'GET /api/dtu/config': DtuConfigSchema,
  'POST /api/dtu/config': ApiResultSchema,
  'GET /api/device/config': DeviceConfigSchema,
  'POST /api/device/config': ApiResultSchema,
  'GET /api/network/status': NetworkStatusSchema,
  'GET /api/network/config': NetworkConfigSchema,
  'POST /api/network/config': ApiResultSchema,
  'GET /api/ntp/status': NtpStatusSchema,
  'GET /api/ntp/config': NtpConfigSchema,
  'POST /api/ntp/config': ApiResultSchema,
  'GET /api/ntp/time': NtpTimeSchema,
  'POST /api/ntp/time': ApiResultSchema,
  'GET /api/ntp/zones': NtpZonesSchema,
  'GET /api/mqtt/status': MqttStatusSchema,
  'GET /api/mqtt/config': MqttConfigSchema,
  'POST /api/mqtt/config': ApiResultSchema,
  'GET /api/system/status': SystemStatusSchema,
  'GET /api/logging/config': LoggingConfigSchema,
  'POST /api/logging/config': ApiResultSchema,
  'GET /api/file/list': FileListResponseSchema,
  'POST /api/file/delete': ApiResultSchema,
  'POST /api/file/delete_all': ApiResultSchema,
  'POST /api/maintenance/reboot': ApiResultSchema,
  'GET /api/i18n/languages': LanguageListSchema,
  'GET /api/i18n/language': LanguagePackSchema,
} as const satisfies { readonly [K in EndpointKey]: z.ZodType<ResponseOf<K>> };

/** Every JSON endpoint key, in wire-contract §3 order. */
export const ENDPOINT_KEYS = Object.keys(RESPONSE_SCHEMAS) as EndpointKey[];

/** Splits "METHOD /path" into its parts (architecture §6.3). */
export function splitEndpointKey<K extends EndpointKey>(
  key: K,
): { method: HttpMethod; path: PathOf<K> } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) as PathOf<K> };
}

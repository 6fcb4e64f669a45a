import { z } from 'zod';
import { ApiCode } from '../codes.js';
import { FileDeleteAllRequestSchema, FileDeleteRequestSchema } from '../files.js';
import { RebootRequestSchema } from '../maintenance.js';
import { codesOf, type OperationCatalogue } from './operation.js';

const NOT_FOUND = { description: 'No such file (empty body).' };

/**
 * The end of OpenDTU's REST API (wire-contract §3), in its order: files, firmware, reboot,
 * language packs, metrics and the time-zone file. OPENDTU_OPERATIONS (opendtu-operations.ts)
 * ends with these.
 */
export const OPENDTU_FILE_AND_SYSTEM_OPERATIONS: OperationCatalogue = {
  'GET /api/file/list': { area: 'file', summary: 'Files on the gateway', guard: 'admin' },
  'GET /api/file/get': {
    area: 'file',
    summary: 'Download a file (without `file`: the config backup)',
    guard: 'admin',
    query: z.object({ file: z.string().optional() }),
    raw: {
      type: '*/*',
      description: 'The file as stored, typed by its extension (.json: application/json).',
    },
    statuses: { 404: NOT_FOUND },
  },
  'POST /api/file/delete': {
    area: 'file',
    summary: 'Delete a file',
    guard: 'admin',
    data: FileDeleteRequestSchema,
    codes: [ApiCode.FileDeleteSuccess],
    statuses: { 404: NOT_FOUND },
  },
  'POST /api/file/delete_all': {
    area: 'file',
    summary: 'Factory reset (delete every file, then restart)',
    guard: 'admin',
    data: FileDeleteAllRequestSchema,
    codes: [ApiCode.FileNotDeleted, ApiCode.FileSuccess],
  },
  'POST /api/file/upload': {
    area: 'file',
    summary: 'Restore a file (config.json, pin_mapping.json, a language pack), then restart',
    guard: 'admin',
    query: z.object({ file: z.string() }),
    upload: { config: 'The file content.' },
    raw: { type: 'text/plain', description: '"OK"; the gateway restarts.' },
    statuses: { 500: { description: 'Refused; nothing restarts.', text: 'The reason.' } },
  },
  'POST /api/firmware/update': {
    area: 'firmware',
    summary: 'Upload a firmware image, then restart',
    guard: 'admin',
    upload: { MD5: 'MD5 of the image, 32 hex digits (first part).', firmware: 'The image.' },
    raw: { type: 'text/plain', description: '"OK"; the gateway restarts.' },
    statuses: { 500: { description: 'Refused; nothing restarts.', text: 'The reason.' } },
  },
  'POST /api/maintenance/reboot': {
    area: 'maintenance',
    summary: 'Restart the gateway',
    guard: 'admin',
    data: RebootRequestSchema,
    codes: codesOf('Maintenance'),
  },
  'GET /api/i18n/languages': {
    area: 'i18n',
    summary: 'Language packs the gateway offers',
    guard: 'none',
  },
  'GET /api/i18n/language': {
    area: 'i18n',
    summary: 'One language pack',
    guard: 'none',
    query: z.object({ code: z.string() }),
    statuses: {
      304: { description: 'Unchanged since the `If-None-Match` ETag.' },
      404: { description: 'No pack with this code (empty body).' },
    },
  },
  'GET /api/prometheus/metrics': {
    area: 'prometheus',
    summary: 'Metrics in the Prometheus text format',
    guard: 'readonly',
    raw: { type: 'text/plain', description: 'Prometheus text exposition 0.0.4.' },
  },
  'GET /zones.json': {
    area: 'zones',
    summary: 'Time zones: IANA name → POSIX TZ string',
    description: 'gzip-encoded when the client accepts it.',
    guard: 'none',
    response: z.record(z.string(), z.string()),
    statuses: { 304: { description: 'Unchanged since the `If-None-Match` ETag.' } },
  },
};

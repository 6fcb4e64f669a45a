import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import {
  FileDeleteAllRequestSchema,
  FileDeleteRequestSchema,
  type FileListResponse,
} from '@heliodtu/contract/files';
import { CONFIG_FILE, FILE_UPLOAD_MAX_BYTES } from '@heliodtu/contract/limits';
import {
  UPLOAD_ERRORS,
  contentTypeOf,
  deleteAllDataFiles,
  deleteDataFile,
  isSafeFileName,
  listDataFiles,
  readDataFile,
  storeUpload,
} from '../store/file-store.js';

/** `attachment` with the name; non-ASCII names go in RFC 6266's filename* form. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function queryFile(request: FastifyRequest): unknown {
  return (request.query as Record<string, unknown>)['file'];
}

/** Final upload answers carry these, as the device's do (wire-contract §4.12). */
function uploadAnswer(reply: FastifyReply, status: 200 | 500, text: string): FastifyReply {
  return reply
    .code(status)
    .header('Connection', 'close')
    .header('Access-Control-Allow-Origin', '*')
    .type('text/plain; charset=utf-8')
    .send(text);
}

/**
 * The first file part of the upload (the interface names it `config`), or the reason it is
 * unusable. Every part is read to the end so the client always receives the answer.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer | string> {
  if (!request.isMultipart()) return UPLOAD_ERRORS.notMultipart;
  let content: Buffer | undefined;
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: FILE_UPLOAD_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) if (content === undefined) chunks.push(chunk as Buffer);
      tooLarge ||= part.file.truncated;
      content ??= Buffer.concat(chunks);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return UPLOAD_ERRORS.tooLarge;
    }
    return `Upload failed: ${(error as Error).message}`;
  }
  if (tooLarge) return UPLOAD_ERRORS.tooLarge;
  return content ?? UPLOAD_ERRORS.noFile;
}

/** /api/file list, get, delete, delete_all and upload, wire-contract §4.12. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const dataDir = app.store.dataDir;

  app.get('/api/file/list', { preHandler: app.requireAdmin }, async () => {
    return (await listDataFiles(dataDir)) satisfies FileListResponse;
  });

  app.get('/api/file/get', { preHandler: app.requireAdmin }, async (request, reply) => {
    const name = queryFile(request) ?? CONFIG_FILE;
    const content = typeof name === 'string' ? await readDataFile(dataDir, name) : null;
    if (typeof name !== 'string' || content === null) return reply.code(404).send();
    return reply
      .type(contentTypeOf(name))
      .header('Content-Disposition', contentDisposition(name))
      .send(content);
  });

  app.post('/api/file/delete', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { file } = await request.readData(FileDeleteRequestSchema);
    if (!(await deleteDataFile(dataDir, file))) return reply.code(404).send();
    return reply.result(ApiCode.FileDeleteSuccess);
  });

  app.post('/api/file/delete_all', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { delete: confirmed } = await request.readData(FileDeleteAllRequestSchema);
    if (!confirmed) return reply.result(ApiCode.FileNotDeleted);
    await deleteAllDataFiles(dataDir);
    app.system.restart('Factory reset');
    return reply.result(ApiCode.FileSuccess);
  });

  // Unlike the device, a refused upload says why (HTTP 500 with the reason, spec §7) and
  // does not restart; only a written file restarts the gateway so it is read again.
  app.post('/api/file/upload', { preHandler: app.requireAdmin }, async (request, reply) => {
    const upload = await readUpload(request);
    const name = queryFile(request);
    if (name === undefined) return uploadAnswer(reply, 500, UPLOAD_ERRORS.noTarget);
    if (typeof name !== 'string' || !isSafeFileName(name)) {
      return uploadAnswer(reply, 500, UPLOAD_ERRORS.unsafeTarget);
    }
    if (typeof upload === 'string') return uploadAnswer(reply, 500, upload);
    const problem = await storeUpload(dataDir, name, upload);
    if (problem !== null) return uploadAnswer(reply, 500, problem);
    app.consoleLog.write(`File ${name} restored (${upload.length} bytes)`);
    app.system.restart('Configuration restored');
    return uploadAnswer(reply, 200, 'OK');
  });
};

import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { LanguageList } from '@heliodtu/contract/i18n';
import { loadLanguagePacks, readLanguagePack } from '../store/language-packs.js';

/** True when an If-None-Match header names `etag` (or is `*`); weak tags compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** /api/i18n languages and language, wire-contract §4.15; open to everyone. */
export const i18nRoutes: FastifyPluginAsync = async (app) => {
  const dataDir = app.store.dataDir;
  // The list is read at boot only; a restored pack shows after the restart the upload causes.
  const packs = await loadLanguagePacks(dataDir);

  app.get('/api/i18n/languages', async () => {
    return packs.map(({ code, name }) => ({ code, name })) satisfies LanguageList;
  });

  app.get('/api/i18n/language', async (request, reply) => {
    const code = (request.query as Record<string, unknown>)['code'];
    const pack = packs.find((candidate) => candidate.code === code);
    const content = pack ? await readLanguagePack(dataDir, pack.file) : null;
    if (content === null) return reply.code(404).send();
    const etag = `"${createHash('md5').update(content).digest('hex')}"`;
    void reply.header('ETag', etag).header('Cache-Control', 'public, must-revalidate');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json').send(content);
  });
};

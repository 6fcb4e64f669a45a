import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_PATH_PREFIX } from '@heliodtu/contract/companion';
import { zonesDocument } from '../store/zones.js';
import { deviceParamGuard } from './sockets/device-sockets.js';

/** A client takes gzip unless it sends no Accept-Encoding for it or refuses it with q=0. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The zones document with its ETag, gzipped when the client takes it. */
async function sendZones(request: FastifyRequest, reply: FastifyReply) {
  const doc = await zonesDocument();
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const etag = gzip ? doc.gzipEtag : doc.etag;
  void reply
    .header('ETag', etag)
    .header('Cache-Control', 'public, must-revalidate')
    .header('Vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  void reply.type('application/json');
  if (gzip) void reply.header('Content-Encoding', 'gzip');
  return reply.send(gzip ? doc.gzip : doc.json);
}

/**
 * GET /zones.json: IANA name → POSIX TZ, no auth, gzip when accepted (wire-contract §4.9, §4.17).
 * Current firmware (v26.3.30) serves the same table as GET /api/ntp/zones, readable like live
 * data (wire-current §2); the reference has no such endpoint.
 *
 * A companion serves its own table as `/zones.json` and, for each device, `/dtu/<id>/zones.json`
 * (issue 34), while `api/ntp/zones` goes to the device: a v26 device looks the zone's name up in
 * its own table, so the interface must offer that one; a v24 device stores the POSIX TZ it is
 * sent, so any correct table serves it, and the companion's (as new as its tzdata) is read
 * without a request to the device's flash. The interface asks the endpoint first, then the file,
 * on a device, the simulated gateway and a companion alike (web/src/features/ntp/api/zones.ts).
 */
export const zonesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/zones.json', sendZones);
  if (app.devices) {
    const knownDevice = deviceParamGuard(app.devices);
    app.get(`${DEVICE_PATH_PREFIX}:dtu/zones.json`, { preHandler: knownDevice }, sendZones);
  } else if (app.system.firmware === 'v26') {
    app.get('/api/ntp/zones', { preHandler: app.requireReadonly }, sendZones);
  }
};

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ShellyEmDataStatus, ShellyEmStatus } from '../device/shelly-em.js';

/** What the routes ask of the simulated meter (plugins/simulated-house.ts). */
export interface ShellyMeter {
  emStatus(): ShellyEmStatus;
  emDataStatus(): ShellyEmDataStatus;
  deviceInfo(): Record<string, unknown>;
  /** Shelly.GetStatus: every component's status by its key (`em:0`, `emdata:0`, `sys`). */
  status(): Record<string, unknown>;
}

/** Shelly Gen2's error codes for an argument that is missing or wrong, and for an unknown id. */
const INVALID_ARGUMENT = -103;
const NOT_FOUND = -105;

type Query = Record<string, string | string[] | undefined>;

/**
 * The gateway answering as a Shelly Pro 3EM (power-control §2), on its own port and without a
 * login, only with SIM_METER=house: `GET /rpc/EM.GetStatus?id=0`, `GET /rpc/EMData.GetStatus?id=0`
 * `GET /rpc/Shelly.GetDeviceInfo` and `GET /rpc/Shelly.GetStatus`. Method names are matched without regard to case, as the
 * device does; anything else under /rpc/ is Shelly's "No handler" 404, never the interface's page.
 */
export const shellyRpcRoutes: FastifyPluginAsync<{ meter: ShellyMeter }> = async (
  app,
  { meter },
) => {
  const withId = (reply: FastifyReply, query: Query, answer: () => unknown) => {
    const id = query['id'];
    if (id === undefined)
      return rpcError(reply, 400, INVALID_ARGUMENT, "Missing required argument 'id'!");
    if (typeof id !== 'string' || !/^-?\d+$/.test(id.trim())) {
      return rpcError(reply, 400, INVALID_ARGUMENT, "Argument 'id' must be a number!");
    }
    if (Number(id) !== 0) {
      return rpcError(reply, 400, NOT_FOUND, `Argument 'id', value ${Number(id)} not found!`);
    }
    return reply.type('application/json').send(answer());
  };
  const methods: Record<string, (reply: FastifyReply, query: Query) => FastifyReply> = {
    'em.getstatus': (reply, query) => withId(reply, query, () => meter.emStatus()),
    'emdata.getstatus': (reply, query) => withId(reply, query, () => meter.emDataStatus()),
    'shelly.getdeviceinfo': (reply) => reply.type('application/json').send(meter.deviceInfo()),
    'shelly.getstatus': (reply) => reply.type('application/json').send(meter.status()),
  };
  app.get('/rpc/*', async (request, reply) => {
    const method = (request.params as { '*': string })['*'];
    const handler = methods[method.toLowerCase()];
    if (!handler) return rpcError(reply, 404, 404, `No handler for ${method.slice(0, 64)}`);
    return handler(reply, request.query as Query);
  });
};

function rpcError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
): FastifyReply {
  return reply.code(status).type('application/json').send({ code, message });
}

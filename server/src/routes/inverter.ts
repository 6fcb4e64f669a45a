import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import { emptyInverterSlot, type ConfigFile } from '@heliodtu/contract/config-file';
import {
  InverterAddRequestSchema,
  InverterDeleteRequestSchema,
  InverterEditRequestSchema,
  InverterOrderRequestSchema,
  type InverterList,
} from '@heliodtu/contract/inverter';
import {
  addedInverter,
  checkSlotId,
  editedInverter,
  isOccupied,
  listEntryOf,
  ordersOf,
} from '../rules/inverter-slots.js';

/** /api/inverter list, add, edit, del and order, wire-contract §4.3 (stats_reset lives elsewhere). */
export const inverterRoutes: FastifyPluginAsync = async (app) => {
  // Rules run inside the update on the latest draft, so two concurrent adds cannot pick the
  // same free slot; an ApiFailure thrown there leaves the configuration untouched.
  const save = async (
    reply: FastifyReply,
    success: ApiCodeValue,
    change: (draft: ConfigFile) => void,
  ) => {
    const saved = await app.store.update(change);
    return reply.result(saved ? success : ApiCode.GenericWriteFailed);
  };

  app.get('/api/inverter/list', { preHandler: app.requireAdmin }, async () => {
    const inverter = app.store.config.inverters.flatMap((slot, id) =>
      isOccupied(slot) ? [listEntryOf(slot, id)] : [],
    );
    return { inverter } satisfies InverterList;
  });

  app.post('/api/inverter/add', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(InverterAddRequestSchema);
    return save(reply, ApiCode.InverterAdded, (draft) => {
      const { id, slot } = addedInverter(data, draft.inverters);
      draft.inverters[id] = slot;
    });
  });

  app.post('/api/inverter/edit', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(InverterEditRequestSchema);
    return save(reply, ApiCode.InverterChanged, (draft) => {
      const { id, slot } = editedInverter(data, draft.inverters);
      draft.inverters[id] = slot;
    });
  });

  app.post('/api/inverter/del', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { id } = await request.readData(InverterDeleteRequestSchema);
    checkSlotId(id);
    return save(reply, ApiCode.InverterDeleted, (draft) => {
      draft.inverters[id] = emptyInverterSlot();
    });
  });

  app.post('/api/inverter/order', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { order } = await request.readData(InverterOrderRequestSchema);
    const orders = ordersOf(order);
    return save(reply, ApiCode.InverterOrdered, (draft) => {
      for (const [id, position] of orders) {
        const slot = draft.inverters[id];
        if (slot) slot.order = position;
      }
    });
  });
};

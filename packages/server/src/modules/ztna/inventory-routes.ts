import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTNA_PATHS, inventoryDecideBodySchema, inventoryDecideResultSchema, inventoryPageSchema, inventoryQuerySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { InventoryService } from './inventory-service';
import { doc, manage, querystring, read } from './route-access';

/** The inventory of clients: enrolled, pending and rejected endpoints, and decisions on many at once. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (app, { inventory }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.inventory),
    {
      config: read,
      schema: {
        ...doc('Enrolled, pending or rejected endpoints with their posture, profile, security groups, sync state and enrolling key'),
        querystring: inventoryQuerySchema,
        response: { 200: inventoryPageSchema },
      },
    },
    async (request) => inventory.inventory(actorOf(request), request.query),
  );
  api.post(
    p(ZTNA_PATHS.inventoryDecide),
    {
      config: manage,
      schema: {
        ...doc(
          'Approve or reject pending endpoints, revoke enrolled ones (reject), or let rejected ones in again (readmit), many at once; those it does not apply to are skipped with why',
        ),
        querystring,
        body: inventoryDecideBodySchema,
        response: { 200: inventoryDecideResultSchema, ...errorResponses(403) },
      },
    },
    async (request) => inventory.decide(actorOf(request), request.body),
  );
};

// /v1/properties/:id/sale: an admin records a property's completed sale (202 when held for a
// second admin); anyone reads a sold property's final figures.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';
import { PropertySaleSchema, RecordSaleSchema, SoldPropertyFiguresSchema } from './schemas';
import * as service from './service';

const tags = ['properties'];
const secured = [{ bearerAuth: [] }];

const exitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:id/sale',
    {
      onRequest: [app.authenticate, app.requireAdmin('distributions.manage')],
      schema: {
        tags,
        summary:
          "Record a funded property's completed sale (admins, audited): market closed, net proceeds paid to the holders, units retired, property SOLD; 202: held for a second admin",
        security: secured,
        params: IdParams,
        body: RecordSaleSchema,
        response: { 201: PropertySaleSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const payload = { id: request.params.id, body: request.body };
      const pending = await held(app, actorOf(request), 'property.sale', payload);
      if (pending) return reply.status(202).send(pending);
      return reply.status(201).send(await service.recordSale(app, actorOf(request), payload.id, payload.body));
    },
  );

  app.get(
    '/:id/sale/record',
    {
      onRequest: [app.authenticate, app.requireAdmin('listings.read')],
      schema: {
        tags,
        summary: "A sold property's recorded sale (admins)",
        security: secured,
        params: IdParams,
        response: { 200: PropertySaleSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getSale(app, request.params.id),
  );

  app.get(
    '/:id/sale',
    {
      schema: {
        tags,
        summary: "A sold property's final figures per unit: sale price, net proceeds, income paid, total return",
        params: IdParams,
        response: { 200: SoldPropertyFiguresSchema, ...errors(404) },
      },
    },
    async (request) => service.soldFigures(app, request.params.id),
  );
};

export default exitRoutes;

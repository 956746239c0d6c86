import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { limit } from '../../plugins/rate-limit';
import { SupportBodySchema, SupportQuerySchema, SupportTicketSchema } from './schemas';
import * as service from './service';

const tags = ['support'];
const security = [{ bearerAuth: [] }];

const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, app.requireRole('ADMIN')];

  app.post(
    '/support',
    {
      onRequest: [app.authenticateOptional],
      config: limit('support'),
      schema: {
        tags,
        summary: 'A ticket ({ subject, message }, signed in) or a contact message (name, phoneNumber, email, subject, message)',
        body: SupportBodySchema,
        response: { 201: SupportTicketSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.createTicket(app, request, request.body);
    },
  );

  app.get(
    '/v1/support/mine',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Own tickets',
        security,
        querystring: SupportQuerySchema,
        response: { 200: PageOf(SupportTicketSchema), ...errors(400, 401) },
      },
    },
    async (request) => service.myTickets(app, request, request.query),
  );

  app.get(
    '/v1/support',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'All tickets and messages (admins)',
        security,
        querystring: SupportQuerySchema,
        response: { 200: PageOf(SupportTicketSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.allTickets(app, request.query),
  );

  app.patch(
    '/v1/support/:id/close',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Close a ticket (admins)',
        security,
        params: IdParams,
        response: { 200: SupportTicketSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.closeTicket(app, request, request.params.id),
  );
};

export default supportRoutes;

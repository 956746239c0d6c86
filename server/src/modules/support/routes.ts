import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { limit } from '../../plugins/rate-limit';
import { actorOf, viewerOf } from '../../plugins/auth';
import {
  AdminSupportThreadSchema,
  MessageParams,
  SupportAssignBodySchema,
  SupportBodySchema,
  SupportMessageBodySchema,
  SupportQuerySchema,
  SupportThreadSchema,
  SupportTicketSchema,
} from './schemas';
import * as service from './service';

const tags = ['support'];
const security = [{ bearerAuth: [] }];

const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];

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
      return service.createTicket(app, viewerOf(request), request.body);
    },
  );

  app.get(
    '/v1/support/mine',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Own tickets, most recent activity first',
        security,
        querystring: SupportQuerySchema,
        response: { 200: PageOf(SupportTicketSchema), ...errors(400, 401) },
      },
    },
    async (request) => service.myTickets(app, actorOf(request), request.query),
  );

  app.get(
    '/v1/support',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'All tickets and messages (admins)',
        security,
        querystring: SupportQuerySchema,
        response: { 200: PageOf(SupportTicketSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.allTickets(app, actorOf(request), request.query),
  );

  app.get(
    '/v1/support/mine/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'One of own tickets with its messages (another person’s: 404)',
        security,
        params: IdParams,
        response: { 200: SupportThreadSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.myThread(app, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/support/mine/:id/messages',
    {
      onRequest: [app.authenticate],
      config: limit('support'),
      schema: {
        tags,
        summary: 'Answer own ticket (it becomes OPEN again, a closed one reopens)',
        security,
        params: IdParams,
        body: SupportMessageBodySchema,
        response: { 201: SupportThreadSchema, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.answer(app, actorOf(request), request.params.id, request.body.body);
    },
  );

  app.get(
    '/v1/support/:id',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'A ticket’s thread and the person’s account (admins)',
        security,
        params: IdParams,
        response: { 200: AdminSupportThreadSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getThread(app, request.params.id),
  );

  app.post(
    '/v1/support/:id/messages',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'Reply (admins): a ticket waits for the person, who is notified; a contact message is answered by e-mail',
        security,
        params: IdParams,
        body: SupportMessageBodySchema,
        response: { 201: AdminSupportThreadSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.reply(app, actorOf(request), request.params.id, request.body.body);
    },
  );

  app.post(
    '/v1/support/:id/messages/:messageId/resend',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'Send a contact reply’s e-mail again after it failed (admins)',
        security,
        params: MessageParams,
        response: { 200: AdminSupportThreadSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.resendReply(app, actorOf(request), request.params.id, request.params.messageId),
  );

  app.patch(
    '/v1/support/:id/assignee',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'Assign a ticket to oneself ({ assignee: "me" }) or unassign it ({ assignee: null }) (admins)',
        security,
        params: IdParams,
        body: SupportAssignBodySchema,
        response: { 200: AdminSupportThreadSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.assign(app, actorOf(request), request.params.id, request.body.assignee),
  );

  app.patch(
    '/v1/support/:id/close',
    {
      onRequest: admin('support.manage'),
      schema: {
        tags,
        summary: 'Close a ticket (admins)',
        security,
        params: IdParams,
        response: { 200: SupportTicketSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.closeTicket(app, actorOf(request), request.params.id),
  );
};

export default supportRoutes;

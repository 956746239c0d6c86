import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../plugins/auth';
import { errors, IdParams } from '../../lib/schema';
import { openStream, issueTicket } from './events';
import {
  EventsQuerySchema,
  NotificationSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  PreferencesBodySchema,
  PreferencesSchema,
  TicketSchema,
} from './schemas';
import * as service from './service';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = [app.authenticate];

  app.get(
    '/v1/notifications',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Own notices, newest first, with the unread count',
        security,
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.listNotifications(app, currentUser(request).id, request.query),
  );

  app.post(
    '/v1/notifications/read-all',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Mark every own notice read',
        security,
        response: { 200: Type.Object({ unread: Type.Literal(0) }), ...errors(401) },
      },
    },
    async (request) => service.markAllRead(app, currentUser(request).id),
  );

  app.post(
    '/v1/notifications/:id/read',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Mark one own notice read',
        security,
        params: IdParams,
        response: { 200: NotificationSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.markRead(app, currentUser(request).id, request.params.id),
  );

  app.get(
    '/v1/notifications/preferences',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Which kinds of notice also come by e-mail',
        security,
        response: { 200: PreferencesSchema, ...errors(401) },
      },
    },
    async (request) => service.getPreferences(app.db, currentUser(request).id),
  );

  app.put(
    '/v1/notifications/preferences',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Switch e-mails of some kinds on or off ({ email: { KIND: boolean } }; mandatory kinds stay on)',
        security,
        body: PreferencesBodySchema,
        response: { 200: PreferencesSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.updatePreferences(app, currentUser(request).id, request.body),
  );

  app.post(
    '/v1/events/ticket',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'A 60-second, single-use ticket to open the own real-time stream (EventSource cannot send a token)',
        security,
        response: { 200: TicketSchema, ...errors(401) },
      },
    },
    async (request) => issueTicket(app, currentUser(request).id, currentUser(request).sessionId),
  );

  app.get(
    '/v1/events',
    {
      schema: {
        tags,
        summary: 'Server-sent events of the topics asked for (text/event-stream); ?ticket= adds the own user topic',
        querystring: EventsQuerySchema,
        response: { ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => openStream(app, request, request.query, reply),
  );
};

export default notificationRoutes;

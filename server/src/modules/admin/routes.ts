import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams, MessageBody, PageOf } from '../../lib/schema';
import { actorOf, currentUser } from '../../plugins/auth';
import { UpdateMeSchema, UserDetailSchema, UserSchema } from '../users';
import * as users from '../users';
import {
  AdminMetricsSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  InvestorMetricsSchema,
  ListingMetricsSchema,
  OwnerMetricsSchema,
} from './schemas';
import * as service from './service';
import { AdminCheckoutSchema, AdminCheckoutsQuerySchema, listCheckouts } from './checkouts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('ADMIN'));
  const base = { tags, security };

  app.get(
    '/metrics',
    { schema: { ...base, summary: 'Platform figures', response: { 200: AdminMetricsSchema, ...errors(401, 403) } } },
    async () => service.adminMetrics(app),
  );
  app.get(
    '/metrics/investor',
    { schema: { ...base, summary: 'Investor figures', response: { 200: InvestorMetricsSchema, ...errors(401, 403) } } },
    async () => service.investorMetrics(app),
  );
  app.get(
    '/metrics/listing',
    { schema: { ...base, summary: 'Listing figures', response: { 200: ListingMetricsSchema, ...errors(401, 403) } } },
    async () => service.listingMetrics(app),
  );
  app.get(
    '/metrics/owner',
    { schema: { ...base, summary: 'Owner figures', response: { 200: OwnerMetricsSchema, ...errors(401, 403) } } },
    async () => service.ownerMetrics(app),
  );

  app.get(
    '/audit',
    {
      schema: {
        ...base,
        summary: 'The audit trail of admin actions',
        querystring: AuditQuerySchema,
        response: { 200: PageOf(AuditEntrySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.listAudit(app, request.query),
  );

  app.get(
    '/checkouts',
    {
      schema: {
        ...base,
        summary: "Checkouts (OPEN: started, not paid yet) with the person's verification status",
        querystring: AdminCheckoutsQuerySchema,
        response: { 200: PageOf(AdminCheckoutSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => listCheckouts(app, request.query),
  );

  app.get(
    '/me',
    { schema: { ...base, summary: 'The signed-in admin', response: { 200: UserSchema, ...errors(401, 403) } } },
    async (request) => users.getMe(app, actorOf(request)),
  );
  app.patch(
    '/me',
    {
      schema: {
        ...base,
        summary: "Change the signed-in admin's profile",
        body: UpdateMeSchema,
        response: { 200: UserSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => users.updateProfile(app, currentUser(request).id, request.body),
  );

  app.get(
    '/:id',
    { schema: { ...base, summary: 'An admin', params: IdParams, response: { 200: UserDetailSchema, ...errors(401, 403, 404) } } },
    async (request) => users.getUserDetail(app, request.params.id, 'ADMIN'),
  );
  app.delete(
    '/:id',
    {
      schema: { ...base, summary: 'Delete another admin', params: IdParams, response: { 200: MessageBody, ...errors(401, 403, 404, 409) } },
    },
    async (request) => {
      await users.deleteUser(app, actorOf(request), request.params.id, 'ADMIN');
      return { message: 'Admin deleted' };
    },
  );
};

export default adminRoutes;

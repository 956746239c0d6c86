import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { audit } from '../../lib/audit';
import { errors, IdParams, MessageBody, PageOf } from '../../lib/schema';
import { actorOf, currentUser } from '../../plugins/auth';
import { ApprovalRequestSchema, held } from '../approvals';
import { UpdateMeSchema, UserDetailSchema, UserSchema } from '../users';
import * as users from '../users';
import {
  AdminMetricsSchema,
  AuditEntrySchema,
  AuditExportQuerySchema,
  AuditQuerySchema,
  InvestorMetricsSchema,
  ListingMetricsSchema,
  OwnerMetricsSchema,
} from './schemas';
import * as service from './service';
import { ChangeAdminRoleSchema, changeAdminRole, listTeam, TeamMemberSchema } from './team';
import './approvals';
import { AdminCheckoutSchema, AdminCheckoutsQuerySchema, listCheckouts } from './checkouts';
import {
  ProgressReviewListSchema,
  ProgressUpdateRecordSchema,
  RejectProgressSchema,
  approveProgress,
  pendingProgressReviews,
  rejectProgress,
} from '../properties';
import { AdminSearchQuerySchema, AdminSearchResultsSchema, adminSearch } from './search';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // Each route names what an admin needs (config.adminPermission, ADMIN_ACCESS); one that
  // names nothing is the super admins' alone.
  app.addHook('onRequest', app.requireAdmin());
  const base = { tags, security };
  const needs = (adminPermission: AdminPermission) => ({ adminPermission });

  app.get(
    '/metrics',
    {
      config: needs('console.read'),
      schema: { ...base, summary: 'Platform figures', response: { 200: AdminMetricsSchema, ...errors(401, 403) } },
    },
    async () => service.adminMetrics(app),
  );
  app.get(
    '/metrics/investor',
    {
      config: needs('console.read'),
      schema: { ...base, summary: 'Investor figures', response: { 200: InvestorMetricsSchema, ...errors(401, 403) } },
    },
    async () => service.investorMetrics(app),
  );
  app.get(
    '/metrics/listing',
    {
      config: needs('console.read'),
      schema: { ...base, summary: 'Listing figures', response: { 200: ListingMetricsSchema, ...errors(401, 403) } },
    },
    async () => service.listingMetrics(app),
  );
  app.get(
    '/metrics/owner',
    {
      config: needs('console.read'),
      schema: { ...base, summary: 'Owner figures', response: { 200: OwnerMetricsSchema, ...errors(401, 403) } },
    },
    async () => service.ownerMetrics(app),
  );

  app.get(
    '/audit',
    {
      config: needs('audit.read'),
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
    '/audit.csv',
    {
      config: needs('audit.read'),
      schema: {
        ...base,
        summary: 'The audit trail as CSV: every row matching the filters, newest first, streamed as it is read',
        produces: ['text/csv'],
        querystring: AuditExportQuerySchema,
        // The body is CSV text: only the error answers have a schema.
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) => {
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const file = service.exportAudit(app, request.query, gone.signal);
      // Exporting the trail is itself recorded (it holds personal data).
      await audit(app.db, actorOf(request), {
        action: 'audit.export',
        targetType: 'export',
        targetId: 'audit.csv',
        detail: { filters: request.query },
      });
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(Readable.from(file.csv));
    },
  );

  app.get(
    '/search',
    {
      // Every admin may search; each kind is searched only if their role may read it.
      config: needs('console.read'),
      schema: {
        ...base,
        summary: 'People (name, e-mail, id), properties (name, id) and orders (id), up to 10 each, as far as the role may read them',
        querystring: AdminSearchQuerySchema,
        response: { 200: AdminSearchResultsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => adminSearch(app, currentUser(request).adminRole, request.query.q),
  );

  app.get(
    '/checkouts',
    {
      config: needs('orders.read'),
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
    {
      config: needs('console.read'),
      schema: { ...base, summary: 'The signed-in admin', response: { 200: UserSchema, ...errors(401, 403) } },
    },
    async (request) => users.getMe(app, actorOf(request)),
  );
  app.patch(
    '/me',
    {
      config: needs('console.read'),
      schema: {
        ...base,
        summary: "Change the signed-in admin's profile",
        body: UpdateMeSchema,
        response: { 200: UserSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => users.updateProfile(app, currentUser(request).id, request.body, actorOf(request)),
  );

  app.get(
    '/team',
    {
      config: needs('admins.manage'),
      schema: {
        ...base,
        summary: 'Every admin and their admin role (super admins)',
        response: { 200: Type.Array(TeamMemberSchema), ...errors(401, 403) },
      },
    },
    async () => listTeam(app),
  );
  app.patch(
    '/team/:id/role',
    {
      onRequest: app.requireRecentAuth,
      config: needs('admins.manage'),
      schema: {
        ...base,
        summary:
          "Change an admin's role (super admins; not their own, never the last super admin's); with another super admin, 202: held for their approval",
        params: IdParams,
        body: ChangeAdminRoleSchema,
        response: { 200: TeamMemberSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'admin.role_change', { id: request.params.id, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return changeAdminRole(app, actorOf(request), request.params.id, request.body);
    },
  );

  app.get(
    '/:id',
    {
      config: needs('admins.manage'),
      schema: { ...base, summary: 'An admin', params: IdParams, response: { 200: UserDetailSchema, ...errors(401, 403, 404) } },
    },
    async (request) => users.getUserDetail(app, request.params.id, 'ADMIN'),
  );
  app.delete(
    '/:id',
    {
      config: needs('admins.manage'),
      schema: { ...base, summary: 'Delete another admin', params: IdParams, response: { 200: MessageBody, ...errors(401, 403, 404, 409) } },
    },
    async (request) => {
      await users.deleteUser(app, actorOf(request), request.params.id, 'ADMIN');
      return { message: 'Admin deleted' };
    },
  );

  // Off-plan progress that goes backwards waits here (compliance reviews listings).
  app.get(
    '/progress-reviews',
    {
      config: needs('listings.review'),
      schema: {
        ...base,
        summary: 'Construction progress updates lower than the listing shows, waiting for review (oldest first)',
        response: { 200: ProgressReviewListSchema, ...errors(401, 403) },
      },
    },
    async () => ({ items: await pendingProgressReviews(app) }),
  );
  app.post(
    '/progress-reviews/:id/approve',
    {
      config: needs('listings.review'),
      schema: {
        ...base,
        summary: 'Approve a held progress update: the listing takes its percent and the owner is told',
        params: IdParams,
        response: { 200: ProgressUpdateRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => approveProgress(app, actorOf(request), request.params.id),
  );
  app.post(
    '/progress-reviews/:id/reject',
    {
      config: needs('listings.review'),
      schema: {
        ...base,
        summary: 'Reject a held progress update with a reason: the listing keeps its progress and the owner is told',
        params: IdParams,
        body: RejectProgressSchema,
        response: { 200: ProgressUpdateRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rejectProgress(app, actorOf(request), request.params.id, request.body.reason),
  );
};

export default adminRoutes;

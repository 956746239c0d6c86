// Four eyes: the queue of admin actions waiting for a second admin. Registered under /v1/approvals.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { ApprovalRequestSchema, ApprovalsQuerySchema, RejectApprovalSchema } from './schemas';
import * as service from './service';

const tags = ['approvals'];
const security = [{ bearerAuth: [] }];

const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // The roles that take held actions see the queue; deciding one also needs the permission of the action asked
  // for (APPROVAL_PERMISSIONS, checked by the service).
  app.addHook('onRequest', app.requireAdmin('approvals.read'));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Requests for approval, newest first (PENDING unless a status is asked) (admins)',
        security,
        querystring: ApprovalsQuerySchema,
        response: { 200: Type.Array(ApprovalRequestSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.listApprovals(app, request.query),
  );
  app.post(
    '/:id/approve',
    {
      schema: {
        tags,
        summary: "Approve another admin's request: the action runs now (APPROVED), or FAILED with the reason (admins, audited)",
        security,
        params: IdParams,
        response: { 200: ApprovalRequestSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.approve(app, actorOf(request), request.params.id),
  );
  app.post(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: "Reject another admin's request with a note (admins, audited)",
        security,
        params: IdParams,
        body: RejectApprovalSchema,
        response: { 200: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reject(app, actorOf(request), request.params.id, request.body.note),
  );
  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel your own pending request (admins, audited)',
        security,
        params: IdParams,
        response: { 200: ApprovalRequestSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.cancel(app, actorOf(request), request.params.id),
  );
};

export default approvalRoutes;

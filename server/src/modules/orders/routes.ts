import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idempotencyOf, sendAnswer } from '../ledger';
import { errors, IdParams, MessageBody, PageOf } from '../../lib/schema';
import { Type } from 'typebox';
import {
  CreateOrderSchema,
  IdempotencyHeaders,
  OrderSchema,
  OrdersQuerySchema,
  ReviewOrderSchema,
  ReviewOrdersSchema,
  UserIdParams,
} from './schemas';
import * as service from './service';
import { requireStatusFor } from '../../lib/status-gate';
import { actorOf } from '../../plugins/auth';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];
  const investorOrAdmin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p, { or: ['INVESTOR'] })];

  app.post(
    '/',
    {
      // The order's statement checks the session, role and status again (session_gate and
      // the order triggers), so a session seen lately need not be read first.
      onRequest: [app.authenticateRechecked('INVESTOR', 'INVEST'), app.requireRole('INVESTOR')],
      preHandler: requireStatusFor('INVEST'),
      schema: {
        tags,
        summary: 'Buy units of a live listing (VERIFIED investors): PENDING, money held, units reserved',
        description:
          'The unit price is read from the property. Refused: 403 when the investor is not verified; 409 when the listing is not open, has fewer units available, or the wallet does not cover it. Idempotency-Key supported.',
        security,
        headers: IdempotencyHeaders,
        body: CreateOrderSchema,
        response: { 201: OrderSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => sendAnswer(reply, await service.createOrder(app, actorOf(request), idempotencyOf(request), request.body)),
  );

  app.get(
    '/',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's orders, newest first",
        security,
        querystring: OrdersQuerySchema,
        response: { 200: PageOf(OrderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.myOrders(app, actorOf(request), request.query),
  );

  app.get(
    '/admin',
    {
      onRequest: admin('orders.read'),
      schema: {
        tags,
        summary: 'Every order (admins)',
        security,
        querystring: OrdersQuerySchema,
        response: { 200: PageOf(OrderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.allOrders(app, request.query),
  );

  app.get(
    '/:userId/admin',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "One investor's orders (admins)",
        security,
        params: UserIdParams,
        querystring: OrdersQuerySchema,
        response: { 200: PageOf(OrderSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.userOrders(app, request.params.userId, request.query),
  );

  app.get(
    '/:id',
    {
      onRequest: investorOrAdmin('orders.read'),
      schema: {
        tags,
        summary: 'One order (its investor, admins)',
        security,
        params: IdParams,
        response: { 200: OrderSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getOrder(app, actorOf(request), request.params.id),
  );

  app.delete(
    '/:id',
    {
      onRequest: admin('orders.manage'),
      schema: {
        tags,
        summary: 'Remove a rejected or cancelled order from the lists (admins; its ledger entries stay)',
        security,
        params: IdParams,
        response: { 200: MessageBody, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteOrder(app, actorOf(request), request.params.id);
      return { message: 'Order deleted' };
    },
  );

  app.patch(
    '/:id/cancel',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'Cancel an own PENDING order: refund, units released',
        security,
        params: IdParams,
        response: { 200: OrderSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.cancelOrder(app, actorOf(request), request.params.id),
  );

  app.patch(
    '/:id/review',
    {
      onRequest: admin('orders.manage'),
      schema: {
        tags,
        summary: 'Approve (COMPLETED: holding credited, owner paid) or reject (refund, units released) a PENDING order (admins)',
        security,
        params: IdParams,
        body: ReviewOrderSchema,
        response: { 200: OrderSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reviewOrder(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/review',
    {
      onRequest: admin('orders.manage'),
      schema: {
        tags,
        summary:
          'Approve or reject several PENDING orders at once (1–100, a reason to reject): all or none (admins, each audited: order.approve / order.reject)',
        description:
          'With four eyes on orders.review, approving a lot whose total is above the payout threshold answers 202 with the request waiting for a second admin; rejecting is never held.',
        security,
        body: ReviewOrdersSchema,
        response: { 200: Type.Array(OrderSchema), 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'orders.review', request.body);
      if (pending) return reply.status(202).send(pending);
      return service.reviewOrders(app, actorOf(request), request.body);
    },
  );
};

export default orderRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import {
  AdminPayoutSchema,
  CreatePayoutBatchSchema,
  DecidePayoutSchema,
  PayoutBatchExportSchema,
  PayPayoutsSchema,
  PayoutsQuerySchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
} from './schemas';
import { createPayoutBatch } from './batches';
import { reconcileDay } from './reconciliation';
import * as service from './service';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';
import * as destinations from '../payout-destinations';
import { PayoutDestinationDetailsSchema } from '../payout-destinations';

const tags = ['payouts'];
const security = [{ bearerAuth: [] }];

const payoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin('payouts.manage'));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Withdrawal requests, newest first (admins)',
        security,
        querystring: PayoutsQuerySchema,
        response: { 200: PageOf(AdminPayoutSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.listPayouts(app, request.query),
  );

  app.post(
    '/batches',
    {
      schema: {
        tags,
        summary:
          'A bank file of withdrawals waiting to be paid (the ids, or all not yet sent): the batch, its CSV and its pain.001.001.03 XML (admins; audited: payout.batch.export)',
        security,
        body: CreatePayoutBatchSchema,
        response: { 201: PayoutBatchExportSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPayoutBatch(app, actorOf(request), request.body)),
  );

  app.post(
    '/paid',
    {
      schema: {
        tags,
        summary: 'Mark several REQUESTED withdrawals paid, each with its bank reference: all or none (admins, each audited: payout.paid)',
        security,
        body: PayPayoutsSchema,
        response: { 200: Type.Array(AdminPayoutSchema), 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'payouts.paid', request.body);
      if (pending) return reply.status(202).send(pending);
      return service.payPayouts(app, actorOf(request), request.body);
    },
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags,
        summary: "One UTC day's reconciliation: the ledger against the payment provider's settlements and the paid withdrawals (admins)",
        security,
        querystring: ReconciliationQuerySchema,
        response: { 200: ReconciliationSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => reconcileDay(app, request.query.date),
  );

  app.get(
    '/:id/destination',
    {
      schema: {
        tags,
        summary: "The withdrawal's bank account in full, to pay it (admins; every read is audited: payout.destination.view)",
        security,
        params: IdParams,
        response: { 200: PayoutDestinationDetailsSchema, ...errors(401, 403, 404, 410) },
      },
    },
    async (request) => destinations.payoutDestinationInFull(app, actorOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Decide a REQUESTED withdrawal: PAID, or REJECTED (the hold is released) (admins, audited)',
        security,
        params: IdParams,
        body: DecidePayoutSchema,
        response: { 200: AdminPayoutSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'payout.paid', { payoutId: request.params.id, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return service.decidePayout(app, actorOf(request), request.params.id, request.body);
    },
  );
};

export default payoutRoutes;

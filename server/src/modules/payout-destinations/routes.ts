// /v1/wallets/destinations: a person's bank accounts for withdrawals (masked; issue 19).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotencyOf, sendAnswer } from '../ledger';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { IdempotencyHeaders } from '../orders';
import { CreatePayoutDestinationSchema, PayoutDestinationSchema } from './schemas';
import * as service from './service';

const tags = ['wallets'];
const security = [{ bearerAuth: [] }];

const payoutDestinationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const walletHolder = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];

  app.get(
    '/',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Own live payout destinations (bank accounts), newest first: masked, only the last four characters',
        security,
        response: { 200: Type.Array(PayoutDestinationSchema), ...errors(401, 403) },
      },
    },
    async (request) => service.myDestinations(app, actorOf(request)),
  );

  app.post(
    '/',
    {
      onRequest: [...walletHolder, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Add a bank account for withdrawals (US: routing + account number; others: IBAN + BIC)',
        description:
          'The full numbers are sealed on the server and never returned to the person; the answer is masked. The person is notified by e-mail. Idempotency-Key supported.',
        security,
        headers: IdempotencyHeaders,
        body: CreatePayoutDestinationSchema,
        response: { 201: PayoutDestinationSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => sendAnswer(reply, await service.addDestination(app, actorOf(request), idempotencyOf(request), request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: [...walletHolder, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Remove an own bank account (kept for the withdrawals that name it); 409 while a requested withdrawal names it',
        security,
        params: IdParams,
        response: { 200: PayoutDestinationSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.removeDestination(app, actorOf(request), request.params.id),
  );
};

export default payoutDestinationRoutes;

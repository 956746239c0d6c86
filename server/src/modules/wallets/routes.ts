import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotencyOf, sendAnswer } from '../ledger';
import { errors, IdParams } from '../../lib/schema';
import { IdempotencyHeaders, UserIdParams } from '../orders';
import { CheckoutSchema, requestPublicOrigin } from '../payments';
import { DepositSchema, PayoutSchema, WalletSchema, WithdrawSchema } from './schemas';
import * as service from './service';
import { requireStatusFor } from '../../lib/status-gate';
import { actorOf } from '../../plugins/auth';

const tags = ['wallets'];
const security = [{ bearerAuth: [] }];

const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const walletHolder = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];

  app.get(
    '/balance',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'The signed-in investor’s or owner’s wallet',
        security,
        response: { 200: WalletSchema, ...errors(401, 403) },
      },
    },
    async (request) => service.myWallet(app, actorOf(request)),
  );

  app.get(
    '/:userId/admin',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "A user's wallet (admins)",
        security,
        params: UserIdParams,
        response: { 200: WalletSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.userWallet(app, request.params.userId),
  );

  app.post(
    '/deposit',
    {
      onRequest: walletHolder,
      preHandler: requireStatusFor('ADD_MONEY'),
      schema: {
        tags,
        summary: 'Start a deposit: a DEPOSIT checkout with the payments provider',
        description: 'The wallet is credited when the provider reports the payment (see /v1/payments). Idempotency-Key supported.',
        security,
        headers: IdempotencyHeaders,
        body: DepositSchema,
        response: { 201: CheckoutSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await service.deposit(
          app,
          actorOf(request),
          idempotencyOf(request),
          requestPublicOrigin(request, app.config.publicOrigins),
          request.body,
        ),
      ),
  );

  app.post(
    '/withdraw',
    {
      onRequest: [...walletHolder, app.requireRecentAuth],
      preHandler: requireStatusFor('WITHDRAW'),
      schema: {
        tags,
        summary: 'Request a withdrawal: the amount is held at once until an admin marks it paid or rejects it',
        description: '409 when the balance does not cover it. Idempotency-Key supported.',
        security,
        headers: IdempotencyHeaders,
        body: WithdrawSchema,
        response: { 201: PayoutSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => sendAnswer(reply, await service.withdraw(app, actorOf(request), idempotencyOf(request), request.body)),
  );

  app.patch(
    '/payouts/:id/cancel',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Cancel an own REQUESTED withdrawal: the held amount is released to the wallet (CANCELLED)',
        description:
          "Idempotent: cancelling a cancelled withdrawal answers it as it is. 409 once it is paid or rejected; 404 for anyone else's.",
        security,
        params: IdParams,
        response: { 200: PayoutSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.cancelWithdrawal(app, actorOf(request), request.params.id),
  );

  app.get(
    '/payouts',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Own withdrawal requests, newest first',
        security,
        response: { 200: Type.Array(PayoutSchema), ...errors(401, 403) },
      },
    },
    async (request) => service.myPayouts(app, actorOf(request)),
  );
};

export default walletRoutes;

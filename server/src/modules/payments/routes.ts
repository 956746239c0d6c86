import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idempotencyOf, sendAnswer } from '../ledger';
import { errors, IdParams } from '../../lib/schema';
import { IdempotencyHeaders } from '../orders';
import { CheckoutSchema, CreateCheckoutSchema } from './schemas';
import * as service from './service';
import { requireStatusFor } from '../../lib/status-gate';
import { actorOf } from '../../plugins/auth';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const walletHolder = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];

  app.post(
    '/checkouts',
    {
      onRequest: walletHolder,
      preHandler: requireStatusFor('START_CHECKOUT'),
      schema: {
        tags,
        summary: 'Start a checkout: a DEPOSIT (amount in dollars) or the $15 SUBSCRIPTION (investors)',
        description:
          "Send the browser to checkoutUrl (the provider's page). It comes back to PUBLIC_URL + returnPath with ?checkout=<id>; read the outcome with GET /v1/payments/checkouts/{id}. Idempotency-Key supported.",
        security,
        headers: IdempotencyHeaders,
        body: CreateCheckoutSchema,
        response: { 201: CheckoutSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await service.createCheckout(
          app,
          actorOf(request),
          idempotencyOf(request),
          service.requestPublicOrigin(request, app.config.publicOrigins),
          request.body,
        ),
      ),
  );

  app.get(
    '/checkouts/:id',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'One own checkout: OPEN, PAID, DECLINED or EXPIRED',
        security,
        params: IdParams,
        response: { 200: CheckoutSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getCheckout(app, actorOf(request), request.params.id),
  );

  if (app.payments.routes) await app.register(app.payments.routes, { prefix: `/${app.payments.name}` });
};

export default paymentRoutes;

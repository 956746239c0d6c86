import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { AdminPayoutSchema, DecidePayoutSchema, PayoutsQuerySchema } from './schemas';
import * as service from './service';
import * as destinations from '../payout-destinations';
import { PayoutDestinationDetailsSchema } from '../payout-destinations';

const tags = ['payouts'];
const security = [{ bearerAuth: [] }];

const payoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('ADMIN'));

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
        response: { 200: AdminPayoutSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.decidePayout(app, actorOf(request), request.params.id, request.body),
  );
};

export default payoutRoutes;

// The secondary market (issue 20), registered under /v1. The API list is at the top of
// shared-api/src/contract/market.ts; server/README.md "Secondary market" repeats it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  MARKET_HISTORY_DEFAULT_DAYS,
  MARKET_SIDES,
  MAX_HALT_REASON,
  MAX_MARKET_ORDER_UNITS,
  MAX_MARKET_PRICE,
} from 'shared-api/contract/market';
import { DateOnly, Id, IdParams, Nullable, PageQuery, StringEnum } from '../../lib/schema';
import { requireStatusFor } from '../../lib/status-gate';
import { limit } from '../../plugins/rate-limit';
import { IdempotencyHeaders } from '../orders';
import { PropertyIdParams } from '../properties';
import * as service from './service';

const tags = ['market'];
const security = [{ bearerAuth: [] }];

const PlaceBody = Type.Object(
  {
    propertyId: Id,
    side: StringEnum(MARKET_SIDES),
    units: Type.Integer({ minimum: 1, maximum: MAX_MARKET_ORDER_UNITS }),
    price: Type.Number({ exclusiveMinimum: 0, maximum: MAX_MARKET_PRICE }),
    goodUntil: Type.Optional(Nullable(DateOnly)),
  },
  { additionalProperties: false },
);
const HaltBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: MAX_HALT_REASON }) }, { additionalProperties: false });
const TradingBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
const OrdersQuery = Type.Object(
  { status: Type.Optional(StringEnum(['OPEN', 'ALL'] as const)), propertyId: Type.Optional(Id), ...PageQuery },
  { additionalProperties: false },
);
const FillsQuery = Type.Object({ propertyId: Type.Optional(Id), ...PageQuery }, { additionalProperties: false });
const TradesQuery = Type.Object(
  { propertyId: Type.Optional(Id), from: Type.Optional(DateOnly), to: Type.Optional(DateOnly), ...PageQuery },
  { additionalProperties: false },
);
const HistoryQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: MARKET_HISTORY_DEFAULT_DAYS })) },
  { additionalProperties: false },
);
const PublicTradesQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) },
  { additionalProperties: false },
);

const marketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const investorOrAdmin = [app.authenticate, app.requireRole('INVESTOR', 'ADMIN')];
  const owner = [app.authenticate, app.requireRole('PROPERTY_OWNER')];
  const admin = [app.authenticate, app.requireRole('ADMIN')];

  // ---- Public ----
  app.get(
    '/market/properties/:propertyId',
    {
      schema: {
        tags,
        summary: 'The order book of a property: best bid and ask, depth by price, last price, rules',
        params: PropertyIdParams,
      },
    },
    async (request) => service.book(app, request.params.propertyId),
  );
  app.get(
    '/market/properties/:propertyId/history',
    { schema: { tags, summary: 'Trade prices for a chart, oldest first', params: PropertyIdParams, querystring: HistoryQuery } },
    async (request) => service.history(app, request.params.propertyId, request.query.days),
  );
  app.get(
    '/market/properties/:propertyId/trades',
    { schema: { tags, summary: 'The latest trades of a property (no people)', params: PropertyIdParams, querystring: PublicTradesQuery } },
    async (request) => service.publicTrades(app, request.params.propertyId, request.query.limit),
  );

  // ---- Investors ----
  app.post(
    '/market/orders',
    {
      onRequest: investor,
      preHandler: requireStatusFor('TRADE'),
      config: limit('market'),
      schema: {
        tags,
        summary: 'Place a limit order (VERIFIED investors): matched at once in price-time order, the rest rests',
        description:
          'Refused: 403 not verified; 409 halted / not trading / not enough units or money / self-trade; 400 outside the price band. Idempotency-Key supported.',
        security,
        headers: IdempotencyHeaders,
        body: PlaceBody,
      },
    },
    async (request, reply) => service.placeOrder(app, request, reply, request.body),
  );
  app.post(
    '/market/orders/:id/cancel',
    {
      onRequest: investorOrAdmin,
      config: limit('market'),
      schema: { tags, summary: 'Cancel my open order (admins: any); releases what it holds', security, params: IdParams },
    },
    async (request) => service.cancelOrder(app, request, request.params.id),
  );
  app.get(
    '/market/orders',
    {
      onRequest: investor,
      schema: { tags, summary: 'My market orders, newest first (default: open ones)', security, querystring: OrdersQuery },
    },
    async (request) => service.myOrders(app, request, request.query),
  );
  app.get(
    '/market/fills',
    { onRequest: investor, schema: { tags, summary: 'My trades, newest first', security, querystring: FillsQuery } },
    async (request) => service.myFills(app, request, request.query),
  );
  app.get(
    '/market/holdings/:propertyId',
    {
      onRequest: investor,
      schema: { tags, summary: 'My units in a property: held by my asks and available to sell', security, params: PropertyIdParams },
    },
    async (request) => service.position(app, request, request.params.propertyId),
  );

  // ---- Owners ----
  app.post(
    '/market/properties/:propertyId/trading',
    {
      onRequest: owner,
      schema: { tags, summary: 'Enable or disable trading of my live property', security, params: PropertyIdParams, body: TradingBody },
    },
    async (request) => service.setTrading(app, request, request.params.propertyId, request.body.enabled),
  );

  // ---- Admins ----
  app.get('/admin/market/overview', { onRequest: admin, schema: { tags, summary: 'Market overview per property', security } }, async () =>
    service.overview(app),
  );
  app.post(
    '/admin/market/properties/:propertyId/halt',
    {
      onRequest: admin,
      schema: { tags, summary: 'Halt trading of a property (reason required)', security, params: PropertyIdParams, body: HaltBody },
    },
    async (request) => service.setHalt(app, request, request.params.propertyId, true, request.body.reason),
  );
  app.post(
    '/admin/market/properties/:propertyId/resume',
    {
      onRequest: admin,
      schema: { tags, summary: 'Resume trading of a property (reason required)', security, params: PropertyIdParams, body: HaltBody },
    },
    async (request) => service.setHalt(app, request, request.params.propertyId, false, request.body.reason),
  );
  app.get(
    '/admin/market/trades',
    { onRequest: admin, schema: { tags, summary: 'Every trade, newest first', security, querystring: TradesQuery } },
    async (request) => service.adminTrades(app, request.query),
  );
  app.get(
    '/admin/market/trades.csv',
    { onRequest: admin, schema: { tags, summary: 'Trades as CSV', security, querystring: TradesQuery } },
    async (request, reply) => {
      const csv = await service.adminTradesCsv(app, request.query);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="trades.csv"');
      return csv;
    },
  );
};

export default marketRoutes;

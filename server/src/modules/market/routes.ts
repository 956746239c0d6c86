import type { AdminPermission } from 'shared-api/contract';
// The secondary market (issue 20), registered under /v1. The API list is at the top of
// shared-api/src/contract/market.ts; server/README.md "Secondary market" repeats it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { idempotencyOf, sendAnswer } from '../ledger';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { requireStatusFor } from '../../lib/status-gate';
import { limit } from '../../plugins/rate-limit';
import { audit } from '../../lib/audit';
import { actorOf } from '../../plugins/auth';
import { IdempotencyHeaders } from '../orders';
import { PropertyIdParams } from '../properties';
import {
  FillsQuery,
  HaltBody,
  HistoryQuery,
  MarketBookSchema,
  MarketFillSchema,
  MarketFlagSchema,
  MarketFlagsQuerySchema,
  MarketOrderSchema,
  MarketOverviewRowSchema,
  MarketPositionSchema,
  MarketPriceHistorySchema,
  MarketPublicTradeSchema,
  MarketTradeSchema,
  OrdersQuery,
  PlaceBody,
  PlaceMarketOrderResultSchema,
  PublicTradesQuery,
  ReviewFlagBody,
  TradesQuery,
  TradingBody,
} from './schemas';
import * as service from './service';
import * as surveillance from './surveillance';

const tags = ['market'];
const security = [{ bearerAuth: [] }];

const marketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const investorOrAdmin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p, { or: ['INVESTOR'] })];
  const owner = [app.authenticate, app.requireRole('PROPERTY_OWNER')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];

  // ---- Public ----
  app.get(
    '/market/properties/:propertyId',
    {
      schema: {
        tags,
        summary: 'The order book of a property: best bid and ask, depth by price, last price, rules',
        params: PropertyIdParams,
        response: { 200: MarketBookSchema, ...errors(400, 404) },
      },
    },
    async (request) => service.book(app, request.params.propertyId),
  );
  app.get(
    '/market/properties/:propertyId/history',
    {
      schema: {
        tags,
        summary: 'Trade prices for a chart, oldest first',
        params: PropertyIdParams,
        querystring: HistoryQuery,
        response: { 200: MarketPriceHistorySchema, ...errors(400, 404) },
      },
    },
    async (request) => service.history(app, request.params.propertyId, request.query.days),
  );
  app.get(
    '/market/properties/:propertyId/trades',
    {
      schema: {
        tags,
        summary: 'The latest trades of a property (no people)',
        params: PropertyIdParams,
        querystring: PublicTradesQuery,
        response: { 200: Type.Array(MarketPublicTradeSchema), ...errors(400, 404) },
      },
    },
    async (request) => service.publicTrades(app, request.params.propertyId, request.query.limit),
  );

  // ---- Investors ----
  app.post(
    '/market/orders',
    {
      // The batch's statement checks each order's session, role and status again
      // (session_gate, place_market_orders), so a session seen lately need not be read first.
      onRequest: [app.authenticateRechecked('INVESTOR', 'TRADE'), app.requireRole('INVESTOR')],
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
        response: { 201: PlaceMarketOrderResultSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => sendAnswer(reply, await service.placeOrder(app, actorOf(request), idempotencyOf(request), request.body)),
  );
  app.post(
    '/market/orders/:id/cancel',
    {
      onRequest: investorOrAdmin('market.manage'),
      config: limit('market'),
      schema: {
        tags,
        summary: 'Cancel my open order (admins: any); releases what it holds',
        security,
        params: IdParams,
        response: { 200: MarketOrderSchema, ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.cancelOrder(app, actorOf(request), request.params.id),
  );
  app.get(
    '/market/orders',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'My market orders, newest first (default: open ones)',
        security,
        querystring: OrdersQuery,
        response: { 200: PageOf(MarketOrderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.myOrders(app, actorOf(request), request.query),
  );
  app.get(
    '/market/fills',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'My trades, newest first',
        security,
        querystring: FillsQuery,
        response: { 200: PageOf(MarketFillSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.myFills(app, actorOf(request), request.query),
  );
  app.get(
    '/market/holdings/:propertyId',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'My units in a property: held by my asks and available to sell',
        security,
        params: PropertyIdParams,
        response: { 200: MarketPositionSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.position(app, actorOf(request), request.params.propertyId),
  );

  // ---- Owners ----
  app.post(
    '/market/properties/:propertyId/trading',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Enable or disable trading of my live property',
        security,
        params: PropertyIdParams,
        body: TradingBody,
        response: { 200: MarketBookSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setTrading(app, actorOf(request), request.params.propertyId, request.body.enabled),
  );

  // ---- Admins ----
  app.get(
    '/admin/market/overview',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Market overview per property',
        security,
        response: { 200: Type.Array(MarketOverviewRowSchema), ...errors(401, 403) },
      },
    },
    async () => service.overview(app),
  );
  app.post(
    '/admin/market/properties/:propertyId/halt',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Halt trading of a property (reason required)',
        security,
        params: PropertyIdParams,
        body: HaltBody,
        response: { 200: MarketBookSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setHalt(app, actorOf(request), request.params.propertyId, true, request.body.reason),
  );
  app.post(
    '/admin/market/properties/:propertyId/resume',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Resume trading of a property (reason required)',
        security,
        params: PropertyIdParams,
        body: HaltBody,
        response: { 200: MarketBookSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setHalt(app, actorOf(request), request.params.propertyId, false, request.body.reason),
  );
  app.get(
    '/admin/market/trades',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Every trade, newest first',
        security,
        querystring: TradesQuery,
        response: { 200: PageOf(MarketTradeSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.adminTrades(app, request.query),
  );
  app.get(
    '/admin/market/trades.csv',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Trades as CSV',
        produces: ['text/csv'],
        security,
        querystring: TradesQuery,
        // The body is CSV text, not JSON: only the error answers have a schema.
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) => {
      const csv = await service.adminTradesCsv(app, request.query);
      // Trades name both accounts: an admin's export is recorded with its filters.
      await audit(app.db, actorOf(request), {
        action: 'market.trades.export',
        targetType: 'export',
        targetId: 'trades.csv',
        detail: { filters: request.query },
      });
      // A CSV body, which the route's (error-only) response types do not describe.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="trades.csv"')
        .send(csv);
    },
  );

  // ---- Surveillance ----
  app.get(
    '/admin/market/flags',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Surveillance flags (possible wash trading), newest first; filter by status',
        description:
          'Raised every few minutes by the market job: two accounts that traded a property both ways within the reference window, ' +
          'or that traded with each other and share a sign-in device or a bank account (same kind, country, last four and holder). ' +
          'One open flag per pattern and pair. Pages by cursor (after, before) like the other admin lists.',
        security,
        querystring: MarketFlagsQuerySchema,
        response: { 200: PageOf(MarketFlagSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => surveillance.listFlags(app, request.query),
  );
  app.post(
    '/admin/market/flags/:id/review',
    {
      onRequest: admin('market.manage'),
      schema: {
        tags,
        summary: 'Review an open flag: dismiss or escalate, with a note (audited)',
        security,
        params: IdParams,
        body: ReviewFlagBody,
        response: { 200: MarketFlagSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => surveillance.reviewFlag(app, actorOf(request), request.params.id, request.body),
  );
};

export default marketRoutes;

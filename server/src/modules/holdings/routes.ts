import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { PropertyIdParams } from '../properties';
import { HoldingSchema, InvestorIdParams } from './schemas';
import * as service from './service';

const tags = ['holdings'];
const security = [{ bearerAuth: [] }];

const holdingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];

  app.get(
    '/',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's holdings, with each property's figures",
        security,
        response: { 200: Type.Array(HoldingSchema), ...errors(401, 403) },
      },
    },
    async (request) => service.myHoldings(app, actorOf(request)),
  );

  app.get(
    '/admin/:investorId',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "An investor's holdings (admins)",
        security,
        params: InvestorIdParams,
        response: { 200: Type.Array(HoldingSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => service.investorHoldings(app, request.params.investorId),
  );

  app.get(
    '/:propertyId',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's holding of one property (null when none)",
        security,
        params: PropertyIdParams,
        response: { 200: Type.Union([HoldingSchema, Type.Null()]), ...errors(401, 403) },
      },
    },
    async (request) => service.myHolding(app, actorOf(request), request.params.propertyId),
  );
};

export default holdingRoutes;

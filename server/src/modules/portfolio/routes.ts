import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { PortfolioSummarySchema } from './schemas';
import * as service from './service';

const tags = ['portfolio'];
const security = [{ bearerAuth: [] }];

const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  app.get(
    '/',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's account value, returns (income, realized, unrealized, XIRR, yield) and series, from their lots",
        security,
        response: { 200: PortfolioSummarySchema, ...errors(401, 403) },
      },
    },
    async (request) => service.myPortfolio(app, actorOf(request)),
  );
};

export default portfolioRoutes;

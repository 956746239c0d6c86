// Wires the market jobs (modules/market/job.ts: expiry and surveillance) when the configuration enables it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleMarketExpiry, scheduleMarketSurveillance } from '../modules/market';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) {
      scheduleMarketExpiry(app);
      scheduleMarketSurveillance(app);
    }
  },
  { name: 'market' },
);

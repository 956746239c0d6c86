// Wires the market job (modules/market/job.ts) when the configuration enables it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleMarketExpiry } from '../modules/market';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) scheduleMarketExpiry(app);
  },
  { name: 'market' },
);

// Wires the distributions job (modules/returns/job.ts) when the configuration enables it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleDistributions } from '../modules/returns';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) scheduleDistributions(app);
  },
  { name: 'distributions' },
);

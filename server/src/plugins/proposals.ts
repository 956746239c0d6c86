// Wires the proposals job (modules/proposals/job.ts) when the configuration enables it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleProposals } from '../modules/proposals';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean; everyMs?: number }) => {
    if (opts.enabled) scheduleProposals(app, opts.everyMs);
  },
  { name: 'proposals' },
);

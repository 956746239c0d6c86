// The distributions job: every few minutes each API instance snapshots the distributions
// whose record date has come and pays those whose pay date has come (runDueDistributions).
// Safe with several instances: each distribution is taken with FOR UPDATE SKIP LOCKED, and
// record_distribution / pay_distribution are idempotent under their row lock besides
// (migration 0050). Dates are UTC days. plugins/distributions.ts starts it.
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic';
import { runDueDistributions } from './service';

const FIRST_RUN_MS = 20_000;
const EVERY_MS = 5 * 60_000;

export function scheduleDistributions(app: FastifyInstance): void {
  runPeriodically(app, {
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: async () => {
      const run = await runDueDistributions(app);
      if (run.recorded + run.paid + run.refused + run.failed > 0) app.log.info({ distributions: run }, 'distributions job done');
    },
    onError: (err) => app.log.warn({ err }, 'distributions job failed; it runs again shortly'),
  });
}

// The proposals job: every minute each API instance opens the holder votes whose opening has
// come, sends the reminder a day before the close and closes those whose close time has
// passed (runDueProposals), so results and notices do not wait for someone to read. Safe with
// several instances: each proposal is taken with FOR UPDATE SKIP LOCKED and its status is
// re-read under the lock. plugins/proposals.ts starts it.
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic';
import { runDueProposals } from './service';

const FIRST_RUN_MS = 25_000;

export function scheduleProposals(app: FastifyInstance, everyMs = 60_000): void {
  runPeriodically(app, {
    firstMs: Math.min(FIRST_RUN_MS, everyMs),
    everyMs,
    run: async () => {
      const run = await runDueProposals(app);
      if (run.settled + run.failed > 0) app.log.info({ proposals: run }, 'proposals job done');
    },
    onError: (err) => app.log.warn({ err }, 'proposals job failed; it runs again shortly'),
  });
}

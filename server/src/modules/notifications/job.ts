// The notices' mail dispatcher: every instance e-mails the outbox's due PENDING notices
// (dispatcher.ts: FOR UPDATE SKIP LOCKED, so several instances never send one twice) every
// 30 s, and right away when it hears a new notice committed (the 'notification' real-time
// event, on any instance), so a mail leaves within a second. plugins/mail-dispatcher.ts
// starts it once the realtime plugin is up.
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic';
import { dispatchDueMail } from './dispatcher';

const FIRST_RUN_MS = 2_000;
const EVERY_MS = 30_000;
const KICK_DELAY_MS = 200;

export function scheduleMailDispatch(app: FastifyInstance): void {
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  const run = async (): Promise<void> => {
    if (closing) return;
    if (running) {
      // A run is on: one more after it, so a notice committed meanwhile is not left for 30 s.
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const r = await dispatchDueMail(app);
        if (r.sent + r.skipped + r.failed + r.retried > 0) app.log.info({ mail: r }, 'notice e-mails dispatched');
      } while (again && !closing);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const onError = (err: unknown) => app.log.warn({ err }, 'mail dispatcher failed; it runs again shortly');
  runPeriodically(app, { firstMs: FIRST_RUN_MS, everyMs: EVERY_MS, run, onError });
  let kick: NodeJS.Timeout | undefined;
  app.realtime.onEvent((m) => {
    if (m.type !== 'notification' || kick) return;
    kick = setTimeout(() => {
      kick = undefined;
      run().catch(onError);
    }, KICK_DELAY_MS);
    kick.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(kick);
    await running?.catch(() => undefined);
  });
}

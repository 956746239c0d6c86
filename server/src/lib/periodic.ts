// A job each API instance runs on a timer (housekeeping, distributions): first after a
// delay, then every period; a run never overlaps the previous one; the timers never keep
// the process alive and stop when the app closes. The jobs themselves are safe with several
// instances (row locks), so every instance runs them.
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  o: { firstMs: number; everyMs: number; run: () => Promise<void>; onError: (err: unknown) => void },
): void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    o.run()
      .catch(o.onError)
      .finally(() => {
        running = false;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, o.everyMs);
    interval.unref();
  }, o.firstMs);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  });
}

// The market job: every minute each API instance expires the open market orders whose
// good-until date has passed (expire_market_orders, migration 0100). Safe with several
// instances: each property's orders are expired under its row lock, and an order already
// expired is not touched again. Dates are UTC days. plugins/market.ts starts it.
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic';
import { expireOrders } from './service';
import { raiseFlags } from './surveillance';

export function scheduleMarketExpiry(app: FastifyInstance): void {
  runPeriodically(app, {
    firstMs: 15_000,
    everyMs: 60_000,
    run: async () => {
      const n = await expireOrders(app);
      if (n > 0) app.log.info({ expired: n }, 'market orders expired');
    },
    onError: (err) => app.log.warn({ err }, 'market job failed; it runs again shortly'),
  });
}

// Surveillance: every few minutes each instance raises the flags of the patterns seen
// (market_raise_flags). Safe with several instances: one open flag per pattern and pair is a
// unique index, so a pattern two instances see at once is one flag.
export function scheduleMarketSurveillance(app: FastifyInstance): void {
  runPeriodically(app, {
    firstMs: 30_000,
    everyMs: 5 * 60_000,
    run: async () => {
      const n = await raiseFlags(app.db);
      if (n > 0) app.log.warn({ raised: n }, 'market surveillance raised flags');
    },
    onError: (err) => app.log.warn({ err }, 'market surveillance failed; it runs again shortly'),
  });
}

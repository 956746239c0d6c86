// The market job: every minute each API instance expires the open market orders whose
// good-until date has passed (expire_market_orders, migration 0100). Safe with several
// instances: each property's orders are expired under its row lock, and an order already
// expired is not touched again. Dates are UTC days. plugins/market.ts starts it.
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic';
import { expireOrders } from './service';

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

// The order book's batches (lib/batcher.ts): orders as place_market_orders() takes them.
import { Batcher } from '../../lib/batcher';

/** One order as place_market_orders() takes it (money in cents). */
export interface BatchOrder {
  investor: string;
  side: string;
  units: number;
  price: number;
  goodUntil: string | null;
  key: string | null;
  hash: string | null;
  /** The request's session, checked again in the statement (session_gate); none from a job or the bench. */
  session?: string | null;
}

export class MarketBatcher extends Batcher<BatchOrder> {}

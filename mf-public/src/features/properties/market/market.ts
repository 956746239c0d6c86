// The market form's rules (issue 20), checked before the server does: whole units, a price in
// dollars with at most two decimals inside the band, what an order holds, the seller's fee.
import { centsToDollars, dollarsToCents, parseAmount, type MarketRules, type MarketSide } from 'shared-api/contract';
import { MARKET_MESSAGES, MAX_MARKET_ORDER_UNITS, marketFeeCents } from 'shared-api/contract/market';

export const TRADE_MESSAGES = {
  units: MARKET_MESSAGES.wholeUnits,
  tooManyUnits: (n: number) => `You have ${n.toLocaleString('en-US')} ${n === 1 ? 'unit' : 'units'} available to sell`,
  price: 'Enter a price per unit in dollars, e.g. 52.50',
  band: (r: Pick<MarketRules, 'minPrice' | 'maxPrice'>) => `The price must be between ${usd(r.minPrice)} and ${usd(r.maxPrice)}`,
  money: (available: number, needed: number) => `Your wallet has ${usd(available)} available; this order needs ${usd(needed)}`,
  date: 'Choose a date from today on',
} as const;

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

export function checkUnits(
  text: string,
  side: MarketSide,
  available: number | undefined,
): { ok: true; units: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > MAX_MARKET_ORDER_UNITS) return { ok: false, message: TRADE_MESSAGES.units };
  const units = Number(t);
  if (side === 'SELL' && available !== undefined && units > available)
    return { ok: false, message: TRADE_MESSAGES.tooManyUnits(available) };
  return { ok: true, units };
}

export function checkPrice(
  text: string,
  rules: Pick<MarketRules, 'minPrice' | 'maxPrice'> | undefined,
): { ok: true; price: number } | { ok: false; message: string } {
  const parsed = parseAmount(text.replace(/[$,\s]/g, ''));
  if (!parsed.ok) return { ok: false, message: TRADE_MESSAGES.price };
  const price = centsToDollars(parsed.cents);
  if (rules && (price < rules.minPrice || price > rules.maxPrice)) return { ok: false, message: TRADE_MESSAGES.band(rules) };
  return { ok: true, price };
}

/** Today as YYYY-MM-DD in UTC (the server's good-until days are UTC days). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export interface OrderFigures {
  /** units × price */
  total: number;
  /** The seller's trading fee at the limit price (0 for a buyer). */
  fee: number;
  /** Seller: total − fee, at least what is received if it all trades at the limit. */
  proceeds: number;
  /** Buyer: the money held while the order rests. */
  heldMoney: number;
  /** Seller: the units held while the order rests. */
  heldUnits: number;
}

/** What an order costs, earns and holds, to the cent (the contract's fee rule). */
export function orderFigures(side: MarketSide, units: number, price: number, feeBps: number): OrderFigures {
  const totalCents = units * dollarsToCents(price);
  const feeCents = side === 'SELL' ? marketFeeCents(totalCents, feeBps) : 0;
  return {
    total: centsToDollars(totalCents),
    fee: centsToDollars(feeCents),
    proceeds: centsToDollars(totalCents - feeCents),
    heldMoney: side === 'BUY' ? centsToDollars(totalCents) : 0,
    heldUnits: side === 'SELL' ? units : 0,
  };
}

export type TradeFailure = 'halted' | 'band' | 'self-trade' | 'units' | 'money' | 'verify' | 'other';

/** Which of the market's refusals the server's message is (it is shown as it is). */
export function classifyTradeFailure(message: string): TradeFailure {
  if (/halted|not trading|not enabled/i.test(message)) return 'halted';
  if (/within .*% of the reference price|price must be/i.test(message)) return 'band';
  if (/your own/i.test(message)) return 'self-trade';
  if (/available to sell/i.test(message)) return 'units';
  if (/wallet has|balance/i.test(message)) return 'money';
  if (/verif/i.test(message)) return 'verify';
  return 'other';
}

export const FAILURE_TITLES: Record<TradeFailure, string> = {
  halted: 'Trading is not open',
  band: 'Price outside the allowed range',
  'self-trade': 'This would trade with your own order',
  units: 'Not enough units',
  money: 'Not enough money',
  verify: 'Verification needed',
  other: 'The order was not placed',
};

export const feePercent = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

// Secondary market (issue 20): an order book per property, matched and settled inside
// PostgreSQL (migrations 0100+, function place_market_orders). Money on the wire is dollars
// (numbers with at most two decimals) as everywhere in the API; the database works in cents.
//
// Contract rule: this file changes ADDITIVELY only. A breaking change is announced here.
//
// ---- API (all under /v1; JSON; errors are { message } with the HTTP status) ----
// Public (no session needed):
//   GET    /v1/market/properties/:propertyId            -> MarketBook
//          (404 'Property not found' unless the property is live: ACTIVE or FUNDED; a suspended one answers status CLOSED)
//          (best bid/ask, depth aggregated by price per side, last price, status, rules)
//   GET    /v1/market/properties/:propertyId/history?days=30  -> MarketPriceHistory
//          (one point per trade, oldest first, at most MARKET_HISTORY_MAX_POINTS)
//   GET    /v1/market/properties/:propertyId/trades?limit=20   -> MarketPublicTrade[] (latest first)
// Investor (signed in; placing needs VERIFIED: status rule TRADE):
//   POST   /v1/market/orders          body PlaceMarketOrderBody, header Idempotency-Key (recommended)
//          -> 201 PlaceMarketOrderResult (same key + same body -> the same answer again)
//   POST   /v1/market/orders/:id/cancel   (no body)  -> MarketOrder (status CANCELLED)
//   GET    /v1/market/orders?status=OPEN|ALL&propertyId=&page=&pageSize=  -> Page<MarketOrder> (mine, newest first)
//   GET    /v1/market/fills?propertyId=&page=&pageSize=     -> Page<MarketFill> (my trades, newest first)
//   GET    /v1/market/holdings/:propertyId  -> MarketPosition (my units, units held by my open asks, available)
// Owner (the property's owner; an ACTIVE (live, not yet funded) property):
//   POST   /v1/market/properties/:propertyId/trading  body SetTradingBody -> MarketBook
//          (FUNDED properties trade by default; this switch is for live ones)
// Admin:
//   GET    /v1/admin/market/overview     -> MarketOverviewRow[] (every property that trades or has traded)
//   POST   /v1/admin/market/properties/:propertyId/halt    body MarketHaltBody -> MarketBook
//   POST   /v1/admin/market/properties/:propertyId/resume  body MarketHaltBody -> MarketBook
//   GET    /v1/admin/market/trades?propertyId=&from=&to=&page=&pageSize=  -> Page<MarketTrade>
//   GET    /v1/admin/market/trades.csv?propertyId=&from=&to=  -> text/csv (MARKET_TRADES_CSV_COLUMNS)
//
// Notification links: MARKET_ORDER_FILLED notices link to '/dashboard/market' (paths.market).
//
// Real time (shared-api subscribeEvents): topic marketTopic(propertyId) = `market:<id>` gets
// { type: 'market.book' } after every change of the book or a trade; the user's own topic
// `user:<id>` gets { type: 'market.order', data: { orderId, propertyId } } when one of their
// orders changes, and a MARKET_ORDER_FILLED notification on each fill. Clients refetch.
//
// Ledger entry types (see statements.ts): TRADE_HOLD (bid money held), TRADE_REFUND (held money
// released: cancel, expiry, or a resting bid's hold turning into the purchase), TRADE_BUY
// (buyer pays), TRADE_SELL (seller receives the gross), TRADE_FEE (seller pays the fee);
// the platform revenue account receives FEE_REVENUE.

// ---- Enums ----

export const MARKET_SIDES = ['BUY', 'SELL'] as const;
export type MarketSide = (typeof MARKET_SIDES)[number];

/** OPEN: resting (possibly partly filled). FILLED: all units traded. CANCELLED: by its investor (or an admin halt does NOT cancel). EXPIRED: good-until date passed. */
export const MARKET_ORDER_STATUSES = ['OPEN', 'FILLED', 'CANCELLED', 'EXPIRED'] as const;
export type MarketOrderStatus = (typeof MARKET_ORDER_STATUSES)[number];

/**
 * The property's trading state.
 * OPEN: orders accepted. HALTED: an admin halted trading (reason given); orders rest, none are accepted or matched.
 * DISABLED: a live (ACTIVE) property whose owner has not enabled trading. CLOSED: not live (draft, suspended, …).
 */
export const MARKET_STATUSES = ['OPEN', 'HALTED', 'DISABLED', 'CLOSED'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const MARKET_SIDE_LABELS: Record<MarketSide, string> = { BUY: 'Buy', SELL: 'Sell' };
export const MARKET_ORDER_STATUS_LABELS: Record<MarketOrderStatus, string> = {
  OPEN: 'Open',
  FILLED: 'Filled',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};
export const MARKET_STATUS_LABELS: Record<MarketStatus, string> = {
  OPEN: 'Trading open',
  HALTED: 'Trading halted',
  DISABLED: 'Trading not enabled',
  CLOSED: 'Not trading',
};

// ---- Constants (server defaults; the live values come back in MarketBook.rules) ----

/** Trading fee charged to the seller, in basis points of the trade's value (env MARKET_FEE_BPS). 100 = 1%. */
export const DEFAULT_MARKET_FEE_BPS = 100;
/** Price band: a limit price more than this % away from the reference price is refused (env MARKET_PRICE_BAND_PCT). */
export const DEFAULT_MARKET_PRICE_BAND_PCT = 20;
/** Price levels shown per side of the book. */
export const MARKET_BOOK_DEPTH = 10;
export const MARKET_HISTORY_MAX_POINTS = 500;
export const MARKET_HISTORY_DEFAULT_DAYS = 30;
export const MAX_MARKET_ORDER_UNITS = 1_000_000;
export const MAX_MARKET_PRICE = 1_000_000_000; // dollars per unit
export const MAX_HALT_REASON = 500;
export const MARKET_PAGE_SIZE = 20;

/** Basis points in a whole: a fee of BPS_PER_WHOLE bps is 100%. */
export const BPS_PER_WHOLE = 10_000;
/** What the fee adds before dividing: half a whole rounds half up. */
export const MARKET_FEE_ROUNDING_BPS = BPS_PER_WHOLE / 2;
/** Percent in a whole (the price band is in percent). */
export const PCT_PER_WHOLE = 100;
/** The lowest limit price, in cents: the band's low end never goes under it. */
export const MIN_MARKET_PRICE_CENTS = 1;

/**
 * The band's reference price, made hard to move with a few trades between friends: the
 * volume-weighted average price (VWAP) of the trades of the last MARKET_REFERENCE_WINDOW_DAYS
 * days (since the latest appraisal, if newer), counted only when those trades add up to at
 * least MARKET_REFERENCE_MIN_UNITS units between at least MARKET_REFERENCE_MIN_TRADERS
 * distinct accounts. A trade between two accounts that also traded the other way in the
 * window (a round trip, the shape of a wash trade) is left out. Otherwise: the latest
 * appraisal, then the unit price. Only the window's latest MARKET_REFERENCE_MAX_TRADES trades
 * are read, so a busy book's reference costs the same as a quiet one's. The database reads
 * these numbers from the generated market_reference_rule (server/src/db/contract-rules.ts).
 */
export const MARKET_REFERENCE_WINDOW_DAYS = 7;
export const MARKET_REFERENCE_MIN_UNITS = 10;
export const MARKET_REFERENCE_MIN_TRADERS = 3;
export const MARKET_REFERENCE_MAX_TRADES = 500;
/** Where the band's reference comes from. */
export const MARKET_REFERENCE_BASES = ['VWAP', 'APPRAISAL', 'UNIT_PRICE'] as const;
export type MarketReferenceBasis = (typeof MARKET_REFERENCE_BASES)[number];
/** How a refusal message names the basis (the %basis% of MARKET_MESSAGES.priceBand). */
export const MARKET_REFERENCE_BASIS_LABELS: Record<MarketReferenceBasis, string> = {
  VWAP: 'average trade price',
  APPRAISAL: 'latest appraisal',
  UNIT_PRICE: 'unit price',
};

/**
 * The trading fee on a trade of `grossCents`, rounded half up to the cent:
 * (gross × bps + MARKET_FEE_ROUNDING_BPS) div BPS_PER_WHOLE. The database's market_fee_cents is
 * generated from these same constants (server/src/db/contract-rules.ts), so they agree.
 */
export function marketFeeCents(grossCents: number, feeBps: number): number {
  return Math.floor((grossCents * feeBps + MARKET_FEE_ROUNDING_BPS) / BPS_PER_WHOLE);
}

/**
 * The volume-weighted average price (cents) of trades worth `grossCents` for `units` units,
 * rounded half up to the cent: (2 × gross + units) div (2 × units). The database's
 * market_vwap_cents is generated from this formula.
 */
export function marketVwapCents(grossCents: number, units: number): number {
  return Math.floor((2 * grossCents + units) / (2 * units));
}

/**
 * The price band around a reference price (cents): [low, high] inclusive, low at least
 * MIN_MARKET_PRICE_CENTS; the band's half-width is (reference × pct) div PCT_PER_WHOLE.
 * The database's market_price_band is generated from these same constants.
 */
export function marketPriceBandCents(referenceCents: number, bandPct: number): [number, number] {
  const delta = Math.floor((referenceCents * bandPct) / PCT_PER_WHOLE);
  return [Math.max(MIN_MARKET_PRICE_CENTS, referenceCents - delta), referenceCents + delta];
}

/**
 * Messages the server answers with (to the letter; %-placeholders are filled in by the server, so the
 * UI shows the server's message, these are for tests and for client-side pre-checks).
 */
export const MARKET_MESSAGES = {
  notVerified: 'Your account must be verified before you can trade',
  rejected: 'Your account verification was rejected: you cannot trade',
  investorsOnly: 'Only investors can trade',
  propertyNotFound: 'Property not found',
  orderNotFound: 'Order not found',
  halted: 'Trading in this property is halted: %reason%',
  disabled: 'Trading is not enabled for this property',
  closed: 'This property is not trading',
  wholeUnits: 'Units must be a whole number of at least 1',
  pricePositive: 'The price must be more than $0.00',
  priceBand: 'The price must be within %pct%% of the reference price %ref% (%basis%): between %low% and %high%',
  notEnoughUnits: 'You have %n% available to sell',
  notEnoughMoney: 'Your wallet has %available% available; this order needs %needed%',
  selfTrade: 'This order would trade with your own %side% order at %price%: cancel that order first',
  notOpen: 'This order is already %status%',
  goodUntilPast: 'The good-until date cannot be in the past',
  reasonRequired: 'Please give a reason',
  alreadyHalted: 'Trading in this property is already halted',
  notHalted: 'Trading in this property is not halted',
  ownerOnlyLive: 'Trading can be switched on or off for a live property only; funded properties always trade',
} as const;

// ---- Requests ----

export interface PlaceMarketOrderBody {
  propertyId: string;
  side: MarketSide;
  /** Whole units, 1..MAX_MARKET_ORDER_UNITS. */
  units: number;
  /** Limit price per unit in dollars (> 0, at most two decimals). */
  price: number;
  /** YYYY-MM-DD (UTC), inclusive: the order expires after that day. Omitted/null: good until cancelled. */
  goodUntil?: string | null;
}

export interface SetTradingBody {
  enabled: boolean;
}

export interface MarketHaltBody {
  /** 1..MAX_HALT_REASON characters. */
  reason: string;
}

export interface MarketOrdersQuery {
  status?: 'OPEN' | 'ALL';
  propertyId?: string;
  page?: number;
  pageSize?: number;
}

export interface MarketFillsQuery {
  propertyId?: string;
  page?: number;
  pageSize?: number;
}

// ---- Surveillance (admins): flags of patterns that look like wash trading ----

/**
 * WASH_TRADES: two accounts traded a property both ways within the reference window;
 * SHARED_DEVICE: two accounts that traded with each other signed in from the same device;
 * SHARED_BANK_ACCOUNT: two accounts that traded with each other have a payout destination
 * with the same kind, country, last four digits and holder name.
 */
export const MARKET_FLAG_KINDS = ['WASH_TRADES', 'SHARED_DEVICE', 'SHARED_BANK_ACCOUNT'] as const;
export type MarketFlagKind = (typeof MARKET_FLAG_KINDS)[number];
export const MARKET_FLAG_KIND_LABELS: Record<MarketFlagKind, string> = {
  WASH_TRADES: 'Trading back and forth',
  SHARED_DEVICE: 'Shared device',
  SHARED_BANK_ACCOUNT: 'Shared bank account',
};
export const MARKET_FLAG_STATUSES = ['OPEN', 'DISMISSED', 'ESCALATED'] as const;
export type MarketFlagStatus = (typeof MARKET_FLAG_STATUSES)[number];
export const MARKET_FLAG_STATUS_LABELS: Record<MarketFlagStatus, string> = {
  OPEN: 'Open',
  DISMISSED: 'Dismissed',
  ESCALATED: 'Escalated',
};
export const MARKET_FLAG_DECISIONS = ['DISMISS', 'ESCALATE'] as const;
export type MarketFlagDecision = (typeof MARKET_FLAG_DECISIONS)[number];
export const MAX_MARKET_FLAG_NOTE = 1000;
export const MARKET_FLAG_MESSAGES = {
  notFound: 'Flag not found',
  reviewed: 'This flag has already been reviewed',
  noteRequired: 'A note is required',
} as const;

export interface MarketFlagAccount {
  _id: string;
  name: string;
  email: string;
}

export interface MarketFlag {
  _id: string;
  kind: MarketFlagKind;
  status: MarketFlagStatus;
  /** WASH_TRADES: the property traded; the account-sharing kinds: null. */
  property: MarketPropertyRef | null;
  /** The two accounts. */
  accounts: MarketFlagAccount[];
  /** What was seen: trades and units between the pair, shared devices, the account's last four. */
  detail: {
    trades?: number;
    units?: number;
    devices?: number;
    last4?: string;
    firstTradeAt?: string;
    lastTradeAt?: string;
  };
  createdAt: string;
  lastSeenAt: string;
  reviewedAt: string | null;
  reviewerEmail: string | null;
  reviewNote: string | null;
}

export interface MarketFlagsQuery {
  status?: MarketFlagStatus;
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}

export interface ReviewMarketFlagBody {
  decision: MarketFlagDecision;
  /** Why (1–MAX_MARKET_FLAG_NOTE characters), kept with the flag and in the audit log. */
  note: string;
}

export interface MarketTradesQuery {
  propertyId?: string;
  /** YYYY-MM-DD inclusive (UTC). */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

// ---- Shapes ----

export interface MarketPropertyRef {
  _id: string;
  name: string;
  /** The primary offering's unit price, dollars. */
  unitPrice: number;
}

export interface MarketOrder {
  _id: string;
  propertyId: string;
  property: MarketPropertyRef | null;
  side: MarketSide;
  /** Units ordered. */
  units: number;
  /** Units still to trade (0 once FILLED). */
  remaining: number;
  /** units - remaining */
  filled: number;
  /** Limit price per unit, dollars. */
  price: number;
  status: MarketOrderStatus;
  goodUntil: string | null;
  /** BUY: dollars still held for the remaining units (remaining × price); SELL: 0. */
  held: number;
  /** Average price of the fills so far, dollars (null before any fill). */
  averageFillPrice: number | null;
  createdAt: string;
  updatedAt: string;
  /** When it left the book (filled, cancelled, expired). */
  closedAt: string | null;
}

/** One of my trades, from my side. */
export interface MarketFill {
  _id: string; // trade id
  tradeId: string;
  orderId: string;
  propertyId: string;
  property: MarketPropertyRef | null;
  side: MarketSide;
  units: number;
  /** Trade price per unit, dollars. */
  price: number;
  /** units × price */
  gross: number;
  /** Seller only (0 for the buyer). */
  fee: number;
  /** Buyer: -gross (paid); seller: gross - fee (received). */
  net: number;
  /** Whether my order was the incoming one (took liquidity) or the resting one. */
  role: 'MAKER' | 'TAKER';
  createdAt: string;
}

/** A trade as the admin sees it (and the CSV). */
export interface MarketTrade {
  _id: string;
  propertyId: string;
  propertyName: string;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  buyerEmail: string;
  sellerId: string;
  sellerEmail: string;
  units: number;
  price: number;
  gross: number;
  fee: number;
  feeBps: number;
  /** The side of the incoming order. */
  aggressor: MarketSide;
  createdAt: string;
}

/** A trade as the public sees it (no people). */
export interface MarketPublicTrade {
  _id: string;
  units: number;
  price: number;
  aggressor: MarketSide;
  createdAt: string;
}

/** One price level of the book: the units of all open orders at that price. */
export interface MarketBookLevel {
  price: number;
  units: number;
  orders: number;
}

export interface MarketRules {
  feeBps: number;
  priceBandPct: number;
  /** The price the band is around, dollars, and where it comes from. */
  referencePrice: number;
  referenceBasis: MarketReferenceBasis;
  /** The VWAP's rule (see MARKET_REFERENCE_WINDOW_DAYS): its window and minimum volume. */
  referenceWindowDays: number;
  referenceMinUnits: number;
  referenceMinTraders: number;
  /** The band: allowed limit prices, inclusive, dollars. */
  minPrice: number;
  maxPrice: number;
}

export interface MarketBook {
  propertyId: string;
  property: MarketPropertyRef;
  status: MarketStatus;
  /** Set when HALTED. */
  haltReason: string | null;
  haltedAt: string | null;
  /** For a live (ACTIVE) property: whether its owner enabled trading. FUNDED: always true. */
  tradingEnabled: boolean;
  bestBid: number | null;
  bestAsk: number | null;
  /** Highest price first, at most MARKET_BOOK_DEPTH levels. */
  bids: MarketBookLevel[];
  /** Lowest price first, at most MARKET_BOOK_DEPTH levels. */
  asks: MarketBookLevel[];
  lastPrice: number | null;
  lastTradeAt: string | null;
  /** Units traded and value over the last 24 hours. */
  volume24hUnits: number;
  volume24h: number;
  rules: MarketRules;
  /** Server time of the snapshot. */
  asOf: string;
}

export interface MarketPricePoint {
  /** ISO time of the trade. */
  at: string;
  price: number;
  units: number;
}

export interface MarketPriceHistory {
  propertyId: string;
  days: number;
  points: MarketPricePoint[];
}

export interface MarketPosition {
  propertyId: string;
  /** Units I hold (including those in my open asks). */
  units: number;
  /** Units held by my open asks. */
  held: number;
  /** units - held: what I can still sell. */
  available: number;
  /** My wallet's balance, dollars (what a bid can use). */
  walletAvailable: number;
}

export interface PlaceMarketOrderResult {
  order: MarketOrder;
  /** The trades this order made right away (my side of each). */
  fills: MarketFill[];
  book: MarketBook;
}

export interface MarketOverviewRow {
  propertyId: string;
  propertyName: string;
  propertyStatus: string;
  status: MarketStatus;
  haltReason: string | null;
  haltedAt: string | null;
  lastPrice: number | null;
  lastTradeAt: string | null;
  bestBid: number | null;
  bestAsk: number | null;
  /** All-time and 24 h: units traded and value in dollars. */
  volumeUnits: number;
  volume: number;
  volume24hUnits: number;
  volume24h: number;
  trades: number;
  /** Open interest: units in open orders, per side, and the dollars held by open bids. */
  openBidUnits: number;
  openAskUnits: number;
  openBidValue: number;
  /** Fees earned by the platform on this property's trades, dollars. */
  fees: number;
}

export const MARKET_TRADES_CSV_COLUMNS = [
  'trade_id',
  'created_at',
  'property_id',
  'property_name',
  'units',
  'price',
  'gross',
  'fee',
  'fee_bps',
  'aggressor',
  'buyer_email',
  'seller_email',
  'buy_order_id',
  'sell_order_id',
] as const;

/** Real-time event types (see the header). */
export const MARKET_EVENT_BOOK = 'market.book';
export const MARKET_EVENT_ORDER = 'market.order';

// The market's request and response schemas, each checked at compile time against its
// contract type (shared-api/src/contract/market.ts): a field added on one side only fails
// `npm run typecheck`.
import { Type, type Static } from 'typebox';
import {
  MARKET_FLAG_DECISIONS,
  MARKET_FLAG_KINDS,
  MARKET_FLAG_STATUSES,
  MARKET_REFERENCE_BASES,
  MAX_MARKET_FLAG_NOTE,
  MARKET_HISTORY_DEFAULT_DAYS,
  MARKET_ORDER_STATUSES,
  MARKET_SIDES,
  MARKET_STATUSES,
  MAX_HALT_REASON,
  MAX_MARKET_ORDER_UNITS,
  MAX_MARKET_PRICE,
  type MarketBook,
  type MarketFill,
  type MarketFlag,
  type MarketFlagsQuery,
  type MarketFillsQuery,
  type MarketHaltBody,
  type MarketOrder,
  type MarketOrdersQuery,
  type MarketOverviewRow,
  type MarketPosition,
  type MarketPriceHistory,
  type MarketPublicTrade,
  type MarketTrade,
  type MarketTradesQuery,
  type PlaceMarketOrderBody,
  type PlaceMarketOrderResult,
  type ReviewMarketFlagBody,
  type SetTradingBody,
} from 'shared-api/contract/market';
import { assertSame, CursorPageQuery, DateOnly, DateTime, Id, Nullable, PageQuery, StringEnum, type Same } from '../../lib/schema';

// ---- Requests ----

export const PlaceBody = Type.Object(
  {
    propertyId: Id,
    side: StringEnum(MARKET_SIDES),
    units: Type.Integer({ minimum: 1, maximum: MAX_MARKET_ORDER_UNITS }),
    price: Type.Number({ exclusiveMinimum: 0, maximum: MAX_MARKET_PRICE }),
    goodUntil: Type.Optional(Nullable(DateOnly)),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof PlaceBody>, PlaceMarketOrderBody>>();
export const HaltBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: MAX_HALT_REASON }) }, { additionalProperties: false });
assertSame<Same<Static<typeof HaltBody>, MarketHaltBody>>();
export const TradingBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
assertSame<Same<Static<typeof TradingBody>, SetTradingBody>>();
export const OrdersQuery = Type.Object(
  { status: Type.Optional(StringEnum(['OPEN', 'ALL'] as const)), propertyId: Type.Optional(Id), ...PageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OrdersQuery>, MarketOrdersQuery>>();
export const FillsQuery = Type.Object({ propertyId: Type.Optional(Id), ...PageQuery }, { additionalProperties: false });
assertSame<Same<Static<typeof FillsQuery>, MarketFillsQuery>>();
export const TradesQuery = Type.Object(
  { propertyId: Type.Optional(Id), from: Type.Optional(DateOnly), to: Type.Optional(DateOnly), ...PageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof TradesQuery>, MarketTradesQuery>>();
export const HistoryQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: MARKET_HISTORY_DEFAULT_DAYS })) },
  { additionalProperties: false },
);
export const PublicTradesQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) },
  { additionalProperties: false },
);

// ---- Responses (prices and money in dollars, units whole) ----

const PropertyRefSchema = Type.Object({ _id: Id, name: Type.String(), unitPrice: Type.Number() });

export const MarketOrderSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  property: Nullable(PropertyRefSchema),
  side: StringEnum(MARKET_SIDES),
  units: Type.Integer(),
  remaining: Type.Integer(),
  filled: Type.Integer(),
  price: Type.Number(),
  status: StringEnum(MARKET_ORDER_STATUSES),
  goodUntil: Nullable(Type.String({ format: 'date' })),
  held: Type.Number(),
  averageFillPrice: Nullable(Type.Number()),
  createdAt: DateTime,
  updatedAt: DateTime,
  closedAt: Nullable(DateTime),
});
assertSame<Same<Static<typeof MarketOrderSchema>, MarketOrder>>();

export const MarketFillSchema = Type.Object({
  _id: Id,
  tradeId: Id,
  orderId: Id,
  propertyId: Id,
  property: Nullable(PropertyRefSchema),
  side: StringEnum(MARKET_SIDES),
  units: Type.Integer(),
  price: Type.Number(),
  gross: Type.Number(),
  fee: Type.Number(),
  net: Type.Number(),
  role: StringEnum(['MAKER', 'TAKER'] as const),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof MarketFillSchema>, MarketFill>>();

export const MarketTradeSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  propertyName: Type.String(),
  buyOrderId: Id,
  sellOrderId: Id,
  buyerId: Id,
  buyerEmail: Type.String(),
  sellerId: Id,
  sellerEmail: Type.String(),
  units: Type.Integer(),
  price: Type.Number(),
  gross: Type.Number(),
  fee: Type.Number(),
  feeBps: Type.Number(),
  aggressor: StringEnum(MARKET_SIDES),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof MarketTradeSchema>, MarketTrade>>();

export const MarketPublicTradeSchema = Type.Object({
  _id: Id,
  units: Type.Integer(),
  price: Type.Number(),
  aggressor: StringEnum(MARKET_SIDES),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof MarketPublicTradeSchema>, MarketPublicTrade>>();

const BookLevelSchema = Type.Object({ price: Type.Number(), units: Type.Integer(), orders: Type.Integer() });

export const MarketBookSchema = Type.Object({
  propertyId: Id,
  property: PropertyRefSchema,
  status: StringEnum(MARKET_STATUSES),
  haltReason: Nullable(Type.String()),
  haltedAt: Nullable(DateTime),
  tradingEnabled: Type.Boolean(),
  bestBid: Nullable(Type.Number()),
  bestAsk: Nullable(Type.Number()),
  bids: Type.Array(BookLevelSchema),
  asks: Type.Array(BookLevelSchema),
  lastPrice: Nullable(Type.Number()),
  lastTradeAt: Nullable(DateTime),
  volume24hUnits: Type.Integer(),
  volume24h: Type.Number(),
  rules: Type.Object({
    feeBps: Type.Number(),
    priceBandPct: Type.Number(),
    referencePrice: Type.Number(),
    referenceBasis: StringEnum(MARKET_REFERENCE_BASES),
    referenceWindowDays: Type.Integer(),
    referenceMinUnits: Type.Integer(),
    referenceMinTraders: Type.Integer(),
    minPrice: Type.Number(),
    maxPrice: Type.Number(),
  }),
  asOf: DateTime,
});
assertSame<Same<Static<typeof MarketBookSchema>, MarketBook>>();

export const MarketPriceHistorySchema = Type.Object({
  propertyId: Id,
  days: Type.Integer(),
  points: Type.Array(Type.Object({ at: DateTime, price: Type.Number(), units: Type.Integer() })),
});
assertSame<Same<Static<typeof MarketPriceHistorySchema>, MarketPriceHistory>>();

export const MarketPositionSchema = Type.Object({
  propertyId: Id,
  units: Type.Integer(),
  held: Type.Integer(),
  available: Type.Integer(),
  walletAvailable: Type.Number(),
});
assertSame<Same<Static<typeof MarketPositionSchema>, MarketPosition>>();

export const PlaceMarketOrderResultSchema = Type.Object({
  order: MarketOrderSchema,
  fills: Type.Array(MarketFillSchema),
  book: MarketBookSchema,
});
assertSame<Same<Static<typeof PlaceMarketOrderResultSchema>, PlaceMarketOrderResult>>();

export const MarketOverviewRowSchema = Type.Object({
  propertyId: Id,
  propertyName: Type.String(),
  propertyStatus: Type.String(),
  status: StringEnum(MARKET_STATUSES),
  haltReason: Nullable(Type.String()),
  haltedAt: Nullable(DateTime),
  lastPrice: Nullable(Type.Number()),
  lastTradeAt: Nullable(DateTime),
  bestBid: Nullable(Type.Number()),
  bestAsk: Nullable(Type.Number()),
  volumeUnits: Type.Integer(),
  volume: Type.Number(),
  volume24hUnits: Type.Integer(),
  volume24h: Type.Number(),
  trades: Type.Integer(),
  openBidUnits: Type.Integer(),
  openAskUnits: Type.Integer(),
  openBidValue: Type.Number(),
  fees: Type.Number(),
});
assertSame<Same<Static<typeof MarketOverviewRowSchema>, MarketOverviewRow>>();

// ---- Surveillance ----

export const MarketFlagSchema = Type.Object({
  _id: Id,
  kind: StringEnum(MARKET_FLAG_KINDS),
  status: StringEnum(MARKET_FLAG_STATUSES),
  property: Nullable(PropertyRefSchema),
  accounts: Type.Array(Type.Object({ _id: Id, name: Type.String(), email: Type.String() })),
  detail: Type.Object({
    trades: Type.Optional(Type.Integer()),
    units: Type.Optional(Type.Integer()),
    devices: Type.Optional(Type.Integer()),
    last4: Type.Optional(Type.String()),
    firstTradeAt: Type.Optional(DateTime),
    lastTradeAt: Type.Optional(DateTime),
  }),
  createdAt: DateTime,
  lastSeenAt: DateTime,
  reviewedAt: Nullable(DateTime),
  reviewerEmail: Nullable(Type.String()),
  reviewNote: Nullable(Type.String()),
});
assertSame<Same<Static<typeof MarketFlagSchema>, MarketFlag>>();

export const MarketFlagsQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(MARKET_FLAG_STATUSES)), ...CursorPageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof MarketFlagsQuerySchema>, MarketFlagsQuery>>();

export const ReviewFlagBody = Type.Object(
  { decision: StringEnum(MARKET_FLAG_DECISIONS), note: Type.String({ maxLength: MAX_MARKET_FLAG_NOTE }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReviewFlagBody>, ReviewMarketFlagBody>>();

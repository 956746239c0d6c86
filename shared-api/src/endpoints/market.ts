// /v1/market (issue 20): the order book of a property, investors' limit orders and trades,
// and the admins' market console. Shapes and rules: contract/market.ts.
import type {
  IdempotencyOptions,
  MarketBook,
  MarketFill,
  MarketFillsQuery,
  MarketOrder,
  MarketOrdersQuery,
  MarketPosition,
  MarketPriceHistory,
  MarketPublicTrade,
  Page,
  PlaceMarketOrderBody,
  PlaceMarketOrderResult,
  SetTradingBody,
} from '../contract';
import { http } from '../client';
import { id, idempotencyHeaders, query } from './query';

// ---- Public ----

/** Best bid and ask, depth by price level, last price, trading status and the rules (fee, band). */
export const getMarketBook = (propertyId: string): Promise<MarketBook> =>
  http.get(`v1/market/properties/${id(propertyId)}`).json<MarketBook>();

/** One point per trade, oldest first. */
export const getMarketPriceHistory = (propertyId: string, days?: number): Promise<MarketPriceHistory> =>
  http.get(`v1/market/properties/${id(propertyId)}/history`, { searchParams: query({ days }) }).json<MarketPriceHistory>();

/** The latest trades of a property, newest first (no people). */
export const getMarketTrades = (propertyId: string, limit?: number): Promise<MarketPublicTrade[]> =>
  http.get(`v1/market/properties/${id(propertyId)}/trades`, { searchParams: query({ limit }) }).json<MarketPublicTrade[]>();

// ---- Investors ----

/** A limit order; it trades at once with what it crosses, the rest rests on the book (units or money held). */
export const placeMarketOrder = (body: PlaceMarketOrderBody, opts: IdempotencyOptions = {}): Promise<PlaceMarketOrderResult> =>
  http.post('v1/market/orders', { json: body, headers: idempotencyHeaders(opts) }).json<PlaceMarketOrderResult>();

/** The investor's own OPEN order: what is still held is released. */
export const cancelMarketOrder = (orderId: string): Promise<MarketOrder> =>
  http.post(`v1/market/orders/${id(orderId)}/cancel`).json<MarketOrder>();

export const getMyMarketOrders = (q: MarketOrdersQuery = {}): Promise<Page<MarketOrder>> =>
  http.get('v1/market/orders', { searchParams: query(q) }).json<Page<MarketOrder>>();

export const getMyMarketFills = (q: MarketFillsQuery = {}): Promise<Page<MarketFill>> =>
  http.get('v1/market/fills', { searchParams: query(q) }).json<Page<MarketFill>>();

/** The investor's units of a property, those held by open asks, and the wallet money a bid can use. */
export const getMyMarketPosition = (propertyId: string): Promise<MarketPosition> =>
  http.get(`v1/market/holdings/${id(propertyId)}`).json<MarketPosition>();

// ---- Owners ----

/** Switches trading on or off for the owner's live (not yet funded) property. */
export const setPropertyTrading = (propertyId: string, body: SetTradingBody): Promise<MarketBook> =>
  http.post(`v1/market/properties/${id(propertyId)}/trading`, { json: body }).json<MarketBook>();

// /v1/market: the admins' market console (overview, halts, trades, surveillance flags).
import type {
  MarketBook,
  MarketFlag,
  MarketFlagsQuery,
  MarketHaltBody,
  MarketOverviewRow,
  MarketTrade,
  MarketTradesQuery,
  Page,
  ReviewMarketFlagBody,
} from '../contract';
import { http } from 'shared-api';
import { id, query } from '../endpoints/query';

export const getMarketOverview = (): Promise<MarketOverviewRow[]> => http.get('v1/admin/market/overview').json<MarketOverviewRow[]>();

export const haltMarket = (propertyId: string, body: MarketHaltBody): Promise<MarketBook> =>
  http.post(`v1/admin/market/properties/${id(propertyId)}/halt`, { json: body }).json<MarketBook>();

export const resumeMarket = (propertyId: string, body: MarketHaltBody): Promise<MarketBook> =>
  http.post(`v1/admin/market/properties/${id(propertyId)}/resume`, { json: body }).json<MarketBook>();

export const getAllMarketTrades = (q: MarketTradesQuery = {}): Promise<Page<MarketTrade>> =>
  http.get('v1/admin/market/trades', { searchParams: query(q) }).json<Page<MarketTrade>>();

/** Every trade that matches, as CSV (MARKET_TRADES_CSV_COLUMNS). */
export const exportMarketTradesCsv = (q: Omit<MarketTradesQuery, 'page' | 'pageSize'> = {}): Promise<Blob> =>
  http.get('v1/admin/market/trades.csv', { searchParams: query(q) }).blob();

/** Surveillance: flags of possible wash trading, newest first (paged by cursor). */
export const getMarketFlags = (q: MarketFlagsQuery = {}): Promise<Page<MarketFlag>> =>
  http.get('v1/admin/market/flags', { searchParams: query(q) }).json<Page<MarketFlag>>();

/** Dismisses or escalates an open flag, with a note (audited). */
export const reviewMarketFlag = (flagId: string, body: ReviewMarketFlagBody): Promise<MarketFlag> =>
  http.post(`v1/admin/market/flags/${id(flagId)}/review`, { json: body }).json<MarketFlag>();

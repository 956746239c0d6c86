// /v1/holdings (spec 7): units an investor owns, with each property's figures.
import type { Holding } from '../contract';
import { http } from '../client';
import { id } from './query';

export const getMyHoldings = (): Promise<Holding[]> => http.get('v1/holdings').json<Holding[]>();

/** The investor's holding of one property, or null when they hold none. */
export const getMyHolding = (propertyId: string): Promise<Holding | null> =>
  http.get(`v1/holdings/${id(propertyId)}`).json<Holding | null>();

// /v1/holdings: the units one investor owns, as admins read them.
import type { Holding } from '../contract';
import { http } from 'shared-api';
import { id } from '../endpoints/query';

/** Admins. */
export const getInvestorHoldings = (investorId: string): Promise<Holding[]> =>
  http.get(`v1/holdings/admin/${id(investorId)}`).json<Holding[]>();

// /v1/transactions: the whole ledger for admins, and its CSV export.
import type { LedgerPage, TransactionsQuery } from '../contract';
import { http } from 'shared-api';
import { query } from '../endpoints/query';

/** Every entry with filters, and the totals of all that match. */
export const getTransactions = (q: TransactionsQuery = {}): Promise<LedgerPage> =>
  http.get('v1/transactions', { searchParams: query(q) }).json<LedgerPage>();

export const exportTransactionsCsv = (q: Omit<TransactionsQuery, 'page' | 'pageSize'> = {}): Promise<Blob> =>
  http.get('v1/transactions/export.csv', { searchParams: query(q) }).blob();

// /v1/transactions (spec 7): views of the ledger, and CSV exports.
import type { LedgerEntry, MyLedgerPage, MyTransactionsQuery } from '../contract';
import { http } from '../client';
import { id, query } from './query';

/** A page of own entries, with the status of the page's order and withdrawal holds. */
export const getMyTransactions = (q: MyTransactionsQuery = {}): Promise<MyLedgerPage> =>
  http.get('v1/transactions/owned', { searchParams: query(q) }).json<MyLedgerPage>();

export const getMyTransaction = (entryId: string): Promise<LedgerEntry> =>
  http.get(`v1/transactions/owned/${id(entryId)}`).json<LedgerEntry>();

/** Own entries as CSV (the filters of getMyTransactions, every page). */
export const exportMyTransactionsCsv = (q: Omit<MyTransactionsQuery, 'page' | 'pageSize'> = {}): Promise<Blob> =>
  http.get('v1/transactions/owned/export.csv', { searchParams: query(q) }).blob();

// ---- Admins ----

export const getTransaction = (entryId: string): Promise<LedgerEntry> => http.get(`v1/transactions/${id(entryId)}`).json<LedgerEntry>();

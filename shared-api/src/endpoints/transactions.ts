// /v1/transactions (spec 7): views of the ledger, and CSV exports.
import type { LedgerEntry, LedgerPage, MyLedgerPage, MyTransactionsQuery, TransactionsQuery } from '../contract';
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

/** Every entry with filters, and the totals of all that match. */
export const getTransactions = (q: TransactionsQuery = {}): Promise<LedgerPage> =>
  http.get('v1/transactions', { searchParams: query(q) }).json<LedgerPage>();

export const getTransaction = (entryId: string): Promise<LedgerEntry> => http.get(`v1/transactions/${id(entryId)}`).json<LedgerEntry>();

export const exportTransactionsCsv = (q: Omit<TransactionsQuery, 'page' | 'pageSize'> = {}): Promise<Blob> =>
  http.get('v1/transactions/export.csv', { searchParams: query(q) }).blob();

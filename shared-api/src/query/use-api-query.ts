import { useCallback } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { readable, type QueryFailure } from './client';
import { usePageQueryClient } from './provider';

/** A screen's view of one query, in the shape of shared-ui's useAsync. */
export interface ApiQueryState<T> {
  data: T | undefined;
  /** The failure as one readable line, or null. */
  error: string | null;
  /** A request is on its way (the first, a refetch, or Retry); data already shown stays. */
  loading: boolean;
  /** Asks again (Retry). */
  reload: () => void;
}

/** A query of the platform: a key and an endpoint call (the query functions throw QueryFailure). */
export type ApiQuery<T> = UseQueryOptions<T, QueryFailure, T, QueryKey> & {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
};

/** Builds an ApiQuery: the key, and the call whose failure reads as one line. */
export function apiQuery<T, K extends QueryKey>(queryKey: K, call: (signal: AbortSignal) => Promise<T>): ApiQuery<T> & { queryKey: K } {
  return { queryKey, queryFn: readable(call) };
}

/**
 * One query of the shared cache. While its key changes (another page, another filter) the
 * previous answer stays on screen until the new one arrives, as with useAsync.
 * `const orders = useApiQuery(queries.myOrders({ page }))`; options: `enabled`, `refetchInterval`…
 */
export function useApiQuery<T>(query: ApiQuery<T>, options: Partial<UseQueryOptions<T, QueryFailure, T, QueryKey>> = {}): ApiQueryState<T> {
  const q = useQuery<T, QueryFailure, T, QueryKey>({ placeholderData: keepPreviousData, ...query, ...options }, usePageQueryClient());
  const { refetch } = q;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { data: q.data, error: q.error ? q.error.message : null, loading: q.isFetching, reload };
}

/**
 * After a mutation: marks what it changed stale, and the screens showing it ask again.
 * `invalidate(queryKeys.me.all)` (everything of the signed-in person). Resolves when the
 * screens' new answers have arrived.
 */
export function useInvalidate(): (...keys: QueryKey[]) => Promise<void> {
  const client = usePageQueryClient();
  return useCallback(
    (...keys: QueryKey[]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined),
    [client],
  );
}

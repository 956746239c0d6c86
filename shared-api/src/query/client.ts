// The one query client of the page (docs/frontend.md, "Server data on the dashboards"):
// shared-api/query is a federation singleton, so every remote's screens share this cache.
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { errorStatus, isAbortError, readError, useSessionStore } from 'shared-api';

/** A failed query as the screens show it: one readable line (spec 8's reader) and the HTTP status, if any. */
export class QueryFailure extends Error {
  readonly status: number | undefined;
  constructor(message: string, status: number | undefined, cause: unknown) {
    super(message, { cause });
    this.name = 'QueryFailure';
    this.status = status;
  }
}

/** An endpoint call as a query function: its failure becomes a QueryFailure (an abort stays an abort). */
export function readable<T>(call: (signal: AbortSignal) => Promise<T>): (context: { signal: AbortSignal }) => Promise<T> {
  return async ({ signal }) => {
    try {
      return await call(signal);
    } catch (err) {
      if (isAbortError(err)) throw err;
      throw new QueryFailure(await readError(err), errorStatus(err), err);
    }
  };
}

/**
 * Whether a failed query is asked again (once, a second later). A 4xx is the server's answer
 * and asking again gives the same one; anything else (network, timeout, 5xx) gets one more
 * try. The HTTP client already retries a GET twice on a network error, 408, 429 or 5xx.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error instanceof QueryFailure ? error.status : errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/**
 * Freshness: the platform's data also changes outside this cache (another remote's screens,
 * an admin, the payment provider), so a screen asks again whenever it mounts (staleTime 0)
 * and shows what the cache holds meanwhile; the cache gives instant screens on the way back,
 * one request for what several components show, and invalidation after a mutation.
 * A tab brought back to the front refreshes what it shows.
 */
export const QUERY_DEFAULTS = {
  queries: { staleTime: 0, gcTime: 5 * 60_000, retry: shouldRetry, refetchOnWindowFocus: true },
  mutations: { retry: false },
} satisfies DefaultOptions;

/** A client with the platform's defaults; `overrides` for tests (retry: false). */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...QUERY_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
}

/** The page's client: every dashboard remote renders under it (QueryProvider). */
export const queryClient = createQueryClient();

/** What one person's screens cached is never shown to another: a new sign-in (or sign-out) empties the client. */
export function clearOnSessionChange(client: QueryClient): () => void {
  let who = useSessionStore.getState().user?._id ?? null;
  return useSessionStore.subscribe((s) => {
    const next = s.user?._id ?? null;
    if (next === who) return;
    who = next;
    client.clear();
  });
}
clearOnSessionChange(queryClient);

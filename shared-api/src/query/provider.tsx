import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './client';

/**
 * Puts a dashboard screen under the page's one query client: each dashboard remote's
 * exposed pages render inside it, so they share its cache. `client` only for tests.
 */
export function QueryProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The client of the nearest QueryProvider; the page's one client when there is none. */
export function usePageQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? queryClient;
}

// Filters and page kept in the address (?status=PENDING&page=2): shareable, and Back
// from a person's page returns to the same list.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-ui/router';

export interface UrlFilters<K extends string> {
  filters: Record<K, string>;
  /** 1-based. */
  page: number;
  /** Changes filters (an empty string clears one) and goes back to page 1 unless `keepPage`. */
  setFilters: (patch: Partial<Record<K, string>>, options?: { keepPage?: boolean }) => void;
  setPage: (page: number) => void;
}

export function useUrlFilters<K extends string>(keys: readonly K[], defaults: Partial<Record<K, string>> = {}): UrlFilters<K> {
  const [params, setParams] = useSearchParams();
  const serialized = params.toString();
  const filters = useMemo(() => {
    const current = new URLSearchParams(serialized);
    return Object.fromEntries(keys.map((k) => [k, current.get(k) ?? defaults[k] ?? ''])) as Record<K, string>;
    // keys and defaults are constants of the calling page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;

  const setFilters = useCallback(
    (patch: Partial<Record<K, string>>, options: { keepPage?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch) as [K, string | undefined][]) {
            if (v === undefined) continue;
            // A default is written only when it must override a non-empty default.
            if (v === (defaults[k] ?? '')) next.delete(k);
            else next.set(k, v);
          }
          if (!options.keepPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );

  const setPage = useCallback(
    (p: number) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      });
    },
    [setParams],
  );

  return { filters, page, setFilters, setPage };
}

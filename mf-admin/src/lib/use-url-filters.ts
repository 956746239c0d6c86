// Filters and page kept in the address (?status=PENDING&page=2): shareable, and Back
// from a person's page returns to the same list. Lists paged by cursor keep it there too
// (?page=612&after=…), so a deep page is a link like any other.
import { useCallback, useMemo } from 'react';
import type { PageCursor } from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';

export interface UrlFilters<K extends string> {
  filters: Record<K, string>;
  /** 1-based. */
  page: number;
  /** The cursor the page was reached with (Next: after, Previous: before), if any. */
  cursor: PageCursor;
  /** Changes filters (an empty string clears one) and goes back to page 1 unless `keepPage`. */
  setFilters: (patch: Partial<Record<K, string>>, options?: { keepPage?: boolean }) => void;
  setPage: (page: number, cursor?: PageCursor) => void;
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
  const after = params.get('after') ?? undefined;
  const before = params.get('before') ?? undefined;
  const cursor = useMemo(() => (after ? { after } : before ? { before } : {}), [after, before]);

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
          if (!options.keepPage) {
            next.delete('page');
            next.delete('after');
            next.delete('before');
          }
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );

  const setPage = useCallback(
    (p: number, to: PageCursor = {}) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        next.delete('after');
        next.delete('before');
        if (p > 1 && to.after) next.set('after', to.after);
        else if (p > 1 && to.before) next.set('before', to.before);
        return next;
      });
    },
    [setParams],
  );

  return { filters, page, cursor, setFilters, setPage };
}

/** The paging figures of an API page that the table's pager shows and follows. */
export function pageOf(p: { total: number; totalIsEstimate?: boolean; nextCursor?: string | null; prevCursor?: string | null }) {
  return { total: p.total, totalIsEstimate: p.totalIsEstimate, nextCursor: p.nextCursor, prevCursor: p.prevCursor };
}

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'shared-ui/router';
import { readFilters, writeFilters, type PropertyFilters } from '../lib/filters';

export type UpdateFilters = (next: Partial<PropertyFilters>, opts?: { replace?: boolean }) => void;

/**
 * The list's filters, kept in the URL so a filtered list can be shared and survives a
 * reload. A filter change starts again at page 1.
 */
export function usePropertyFilters(): [PropertyFilters, UpdateFilters] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // Two quick changes (location, then type) must build on each other: React Router hands
  // a functional update the params of the last render, so keep the latest ones here.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback<UpdateFilters>(
    (next, opts = {}) => {
      const merged = writeFilters({ ...readFilters(latest.current), page: 1, ...next });
      latest.current = merged;
      setParams(merged, { replace: opts.replace ?? false });
    },
    [setParams],
  );
  return [filters, update];
}

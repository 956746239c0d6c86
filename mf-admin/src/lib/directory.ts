// Names for the ids that orders, ledger entries, payouts and the audit trail carry.
// Loaded once per visit (a minute at most) and shared by every page of the console.
import { useEffect, useState } from 'react';
import { getProperties } from 'shared-api';
import { getUsers } from 'shared-api/admin';
import { MAX_PAGE_SIZE, type Page, type Property, type User } from 'shared-api/contract';

const TTL_MS = 60_000;
/** Enough for the platform's size today; ids beyond it show without a name. */
const MAX_PAGES = 10;

async function loadAll<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await fetchPage(page);
    out.push(...res.items);
    if (res.items.length === 0 || out.length >= res.total) break;
  }
  return out;
}

interface Cache<T> {
  promise: Promise<Map<string, T>> | null;
  at: number;
}

function createIndex<T extends { _id: string }>(load: () => Promise<T[]>) {
  const cache: Cache<T> = { promise: null, at: 0 };
  const get = (): Promise<Map<string, T>> => {
    if (!cache.promise || Date.now() - cache.at > TTL_MS) {
      cache.at = Date.now();
      cache.promise = load().then(
        (list) => new Map(list.map((x) => [x._id, x])),
        (err: unknown) => {
          cache.promise = null;
          throw err;
        },
      );
    }
    return cache.promise;
  };
  const clear = () => {
    cache.promise = null;
  };
  /** The index, or an empty one while it loads (or if it cannot load: ids still show). */
  function useIndex(): Map<string, T> {
    const [map, setMap] = useState<Map<string, T>>(() => new Map());
    useEffect(() => {
      let live = true;
      get().then(
        (m) => live && setMap(m),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, []);
    return map;
  }
  return { get, clear, useIndex };
}

export const peopleIndex = createIndex<User>(() => loadAll((page) => getUsers({ page, pageSize: MAX_PAGE_SIZE })));
export const propertyIndex = createIndex<Property>(() => loadAll((page) => getProperties({ page, pageSize: MAX_PAGE_SIZE })));

export const usePeople = peopleIndex.useIndex;
export const usePropertyNames = propertyIndex.useIndex;

/** Test helper. */
export function clearDirectory(): void {
  peopleIndex.clear();
  propertyIndex.clear();
}

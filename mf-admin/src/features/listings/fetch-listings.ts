// Every listing, by the console's filters. The catalogue call filters by text, status,
// type and state; an owner's listings come from their own call, which knows text and
// status only, so type and state are applied here (an owner has few listings).
import { getProperties } from 'shared-api';
import { getOwnersProperties } from 'shared-api/admin';
import { MAX_PAGE_SIZE, type Page, type PropertiesQuery, type Property, type PropertyStatus, type PropertyType } from 'shared-api/contract';

export const LISTINGS_PAGE_SIZE = 20;

export interface ListingFilters {
  q: string;
  status: string;
  type: string;
  state: string;
  owner: string;
}

export async function fetchListings(f: ListingFilters, page: number, pageSize = LISTINGS_PAGE_SIZE): Promise<Page<Property>> {
  const base = {
    searchName: f.q.trim() || undefined,
    status: (f.status || undefined) as PropertyStatus | undefined,
  };
  if (!f.owner) {
    const q: PropertiesQuery = {
      ...base,
      type: (f.type || undefined) as PropertyType | undefined,
      state: f.state || undefined,
      page,
      pageSize,
    };
    return getProperties(q);
  }
  const all: Property[] = [];
  for (let p = 1; p <= 50; p++) {
    const res = await getOwnersProperties(f.owner, { ...base, page: p, pageSize: MAX_PAGE_SIZE });
    all.push(...res.items);
    if (res.items.length === 0 || all.length >= res.total) break;
  }
  const matching = all.filter((x) => (!f.type || x.type === f.type) && (!f.state || x.state === f.state));
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}

// The public pages' server renderer: a Node build of this remote's own page components
// (tools/webpack/ssr-config.cjs → dist/<version>/ssr/render.js, published with the
// browser build of the same version). The API server loads the build of the version a
// visitor gets (stable, canary cohort, preview) and calls it: docs/frontend.md,
// "Public pages as HTML". It renders what the page's first render shows, with the first
// screen's API answers the server fetched (firstScreen) handed to the page the way the
// browser's prefetch hands them (shared-api/prefetch), so the markup matches the client's.
import type { ComponentType } from 'react';
import { Route, Routes, matchPath } from 'shared-ui/router';
import { renderWithStyles, type RenderedHtml } from 'shared-ui/ssr';
import { apiUrl, configureApi } from 'shared-api';
import { clearPrefetched, requestKey, seedPrefetched } from 'shared-api/prefetch';
import {
  BRAND,
  amountRaised,
  annualReturn,
  fundingPercent,
  paths,
  totalValue,
  type Page,
  type Property,
  type PropertySummary,
} from 'shared-api/contract';
import { formatMoney } from 'shared-ui/core';
import Landing from './exposes/Landing';
import About from './exposes/About';
import Properties from './exposes/Properties';
import PropertyDetail from './exposes/PropertyDetail';
import ListProperty from './exposes/ListProperty';
import Privacy from './exposes/Privacy';
import Terms from './exposes/Terms';
import { canonicalQuery, readFilters, toQuery } from './features/properties/lib/filters';

// The renderer's API client never asks anything: its answers are seeded. No base URL is set,
// so addresses stay root-relative ('/v1/…', '/download/…'): the photos' URLs in the HTML are
// the site's own, whatever host the page is served from.
configureApi({ baseUrl: undefined, clientVersions: null });

const SITE_DESCRIPTION =
  'Tessera: fractional real estate investment for everyone. Buy units of rental-ready and off-plan properties and track your returns.';

/** What the server puts in <head> for a page. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or root-relative image URL for link previews. */
  image?: string;
  type: 'website' | 'product';
  /** Structured data (schema.org), serialized by the server into application/ld+json. */
  jsonLd?: Record<string, unknown>;
  /** The page's canonical address, root-relative ('/properties?state=CA'); absent: the server uses the path. */
  canonical?: string;
}

interface PublicRoute {
  path: string;
  module: string;
  Component: ComponentType;
  /** The API calls the page's first render shows (request keys, as shared-api/prefetch names them). */
  firstScreen?: (params: Record<string, string | undefined>, search: URLSearchParams) => string[];
  meta: (ctx: {
    params: Record<string, string | undefined>;
    search: URLSearchParams;
    data: Record<string, unknown>;
    keys: string[];
  }) => PageMeta | null;
}

const title = (t: string) => (t === BRAND ? BRAND : `${t} · ${BRAND}`);

/** The API's query string of a filtered catalogue page, exactly as shared-api's getProperties asks it. */
function catalogueKey(search: URLSearchParams): string {
  const q = toQuery(readFilters(search));
  const params = Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return requestKey('v1/properties', params);
}

/** "$120,000 raised of $500,000 · 8% annual return": a property's link preview line. */
export function propertyFiguresLine(p: Pick<Property, 'soldQuantity' | 'unitPrice' | 'totalQuantity' | 'roiInFiveYears'>): string {
  const money = (v: number) => formatMoney(v, { cents: 'auto' });
  return `${money(amountRaised(p))} raised of ${money(totalValue(p))} · ${annualReturn(p)}% annual return`;
}

function propertyMeta(p: Property): PageMeta {
  const image = p.images[0]?.url;
  const figures = propertyFiguresLine(p);
  return {
    title: title(p.name),
    description: `${figures}. ${p.address}. ${p.description}`.slice(0, 300),
    image,
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: p.description,
      ...(p.images.length ? { image: p.images.map((i) => i.url) } : {}),
      category: 'Real estate investment',
      offers: {
        '@type': 'Offer',
        price: p.unitPrice,
        priceCurrency: 'USD',
        availability: p.availableQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      },
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Address', value: p.address },
        { '@type': 'PropertyValue', name: 'Amount raised (USD)', value: amountRaised(p) },
        { '@type': 'PropertyValue', name: 'Total value (USD)', value: totalValue(p) },
        { '@type': 'PropertyValue', name: 'Funded (%)', value: fundingPercent(p) },
        { '@type': 'PropertyValue', name: 'Annual return (%)', value: annualReturn(p) },
      ],
    },
  };
}

function catalogueMeta(page: Page<PropertySummary> | undefined): PageMeta {
  const first = page?.items[0];
  return {
    title: title('Properties'),
    description: 'Invest in rental-ready and off-plan homes across the United States, from a single unit.',
    image: first?.images[0]?.url,
    type: 'website',
    ...(page
      ? {
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            numberOfItems: page.total,
            itemListElement: page.items.map((p, i) => ({
              '@type': 'ListItem',
              position: (page.page - 1) * page.pageSize + i + 1,
              url: paths.property(p._id),
              name: p.name,
            })),
          },
        }
      : {}),
  };
}

const simple =
  (t: string, description = SITE_DESCRIPTION): PublicRoute['meta'] =>
  () => ({ title: t, description, type: 'website' });

export const routes: readonly PublicRoute[] = [
  { path: paths.home, module: 'Landing', Component: Landing, meta: simple(`${BRAND} — Real Estate Investment For Everyone`) },
  {
    path: paths.about,
    module: 'About',
    Component: About,
    meta: simple(title('About'), 'Tessera lets anyone own part of a rental-ready or off-plan home, one unit at a time.'),
  },
  {
    path: paths.properties,
    module: 'Properties',
    Component: Properties,
    firstScreen: (_p, search) => [catalogueKey(search)],
    meta: ({ data, keys, search }) => ({
      ...catalogueMeta(data[keys[0]] as Page<PropertySummary> | undefined),
      canonical: `${paths.properties}${canonicalQuery(search)}`,
    }),
  },
  {
    path: '/properties/:id',
    module: 'PropertyDetail',
    Component: PropertyDetail,
    firstScreen: (params) => [requestKey(`v1/properties/${encodeURIComponent(params.id ?? '')}`)],
    meta: ({ data, keys }) => {
      const p = data[keys[0]] as Property | undefined;
      return p ? propertyMeta(p) : null;
    },
  },
  {
    path: paths.listProperty,
    module: 'ListProperty',
    Component: ListProperty,
    meta: simple(
      title('List your property'),
      'List your rental-ready or off-plan property on Tessera and raise funds from many investors.',
    ),
  },
  { path: paths.privacy, module: 'Privacy', Component: Privacy, meta: simple(title('Privacy and cookie policy')) },
  { path: paths.terms, module: 'Terms', Component: Terms, meta: simple(title('Terms and conditions')) },
];

function find(pathname: string) {
  for (const route of routes) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}

/** The page `url` renders, and the API answers its first screen needs (request keys such as `v1/properties?page=1&pageSize=12`); null: not a server-rendered page. */
export function match(url: string): { module: string; firstScreen: string[] } | null {
  const u = new URL(url, 'http://tessera.invalid');
  const found = find(u.pathname);
  if (!found) return null;
  return { module: found.route.module, firstScreen: found.route.firstScreen?.(found.params, u.searchParams) ?? [] };
}

export interface RenderedPage extends RenderedHtml {
  module: string;
  /** Null when a page needs an answer it did not get (the property does not exist): the server answers 404. */
  meta: PageMeta | null;
}

/**
 * Renders the page at `url` with the first screen's answers (`data`, by request key).
 * Synchronous: the answers are seeded for this render and cleared after it.
 */
export function render(url: string, data: Record<string, unknown>): RenderedPage | null {
  const u = new URL(url, 'http://tessera.invalid');
  const found = find(u.pathname);
  if (!found) return null;
  const keys = found.route.firstScreen?.(found.params, u.searchParams) ?? [];
  const meta = found.route.meta({ params: found.params, search: u.searchParams, data, keys });
  const { Component } = found.route;
  try {
    for (const key of keys) seedPrefetched(apiUrl(key), data[key]);
    // Under its route, as the shell renders it: the page reads its parameters (useParams).
    const out = renderWithStyles(
      u.pathname + u.search,
      <Routes>
        <Route path={found.route.path} element={<Component />} />
      </Routes>,
    );
    return { ...out, module: found.route.module, meta };
  } finally {
    clearPrefetched();
  }
}

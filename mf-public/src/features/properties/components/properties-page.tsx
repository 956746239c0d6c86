import { lazy, Suspense, useEffect, useRef } from 'react';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { getProperties, peekProperties, useIsAuthenticated } from 'shared-api';
import { MAX_CATALOGUE_PAGE, PROPERTY_PAGE_SIZE } from 'shared-api/contract/basics';
import { Button, formatNumber } from 'shared-ui/core';
import { useAsync, EmptyState, ErrorState, NoSuchPageState, PageHeader, PropertyGrid } from 'shared-ui/components';
import { usePropertyFilters } from '../hooks/use-property-filters';
import { hasFilters, toQuery } from '../lib/filters';
import { FilterBar } from './filter-bar';
import { PropertyListItem } from './property-list-item';
import { useDocumentTitle } from '../../../lib/use-document-title';

const Pager = lazy(() => import('./pager'));

function CardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Box sx={{ p: 2.5, display: 'grid', gap: 1.25 }}>
        <Skeleton variant="text" width="70%" height={28} />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="rounded" height={8} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={44} sx={{ mt: 1 }} />
      </Box>
    </Paper>
  );
}

export function PropertiesPage() {
  useDocumentTitle('Properties');
  const signedIn = useIsAuthenticated();
  const [filters, update] = usePropertyFilters();
  const { q, state, type, page } = filters;
  const listQuery = toQuery({ q, state, type, page });
  // A prefetched first page (shared-api/src/prefetch.ts) that has arrived renders at once, without the skeleton.
  const { data, error, loading, reload } = useAsync(
    async () => getProperties(listQuery),
    [q, state, type, page],
    () => peekProperties(listQuery),
  );
  const listTop = useRef<HTMLDivElement>(null);
  const firstPage = useRef(page);

  // A new page starts at the top of the list.
  useEffect(() => {
    if (page === firstPage.current) return;
    firstPage.current = page;
    listTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [page]);

  // Page numbers stop where the API's do (deeper: narrow the search).
  const pages = data ? Math.min(MAX_CATALOGUE_PAGE, Math.max(1, Math.ceil(data.total / (data.pageSize || PROPERTY_PAGE_SIZE)))) : 1;
  const filtered = hasFilters(filters);

  let status: string;
  if (loading && !data) status = 'Loading properties...';
  else if (error) status = '';
  else if (data)
    // A search counts its matches up to a cap: past it the total is "at least" (totalExact false).
    status = `${formatNumber(data.total, 0)}${data.totalExact === false ? '+' : ''} ${data.total === 1 ? 'property' : 'properties'}${filtered ? (data.total === 1 ? ' matches your filters' : ' match your filters') : ''}`;
  else status = '';

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Properties" subtitle="Invest in rental-ready and off-plan homes across the United States, from a single unit." />
      <FilterBar filters={filters} onChange={update} />
      <Box ref={listTop} sx={{ scrollMarginTop: 88 }}>
        <Typography role="status" aria-live="polite" color="text.secondary" sx={{ mb: 2, minHeight: '1.6em' }}>
          {status}
        </Typography>
        {error && !loading ? (
          <ErrorState title="We could not load the properties" message={error} onRetry={reload} />
        ) : !data ? (
          <Box aria-hidden>
            <PropertyGrid>
              {Array.from({ length: 6 }, (_, i) => (
                <CardSkeleton key={i} />
              ))}
            </PropertyGrid>
          </Box>
        ) : data.items.length === 0 && data.total > 0 ? (
          // A page past the last one (an old link, a hand-edited URL): the properties exist.
          <NoSuchPageState page={page} pages={pages} onGo={(p) => update({ page: p })} />
        ) : data.items.length === 0 ? (
          <EmptyState
            title={filtered ? 'No properties match your filters' : 'No properties are open for investment yet'}
            description={
              filtered
                ? 'Try another location or property type, or clear the search.'
                : 'New properties are listed regularly. Please check back soon.'
            }
            action={
              filtered ? (
                <Button variant="outline-blue" size="SM" onClick={() => update({ q: '', state: '', type: '' })}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Box aria-busy={loading || undefined} sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <PropertyGrid aria-label="Properties">
              {data.items.map((p, i) => (
                <PropertyListItem key={p._id} property={p} signedIn={signedIn} priority={i < 3} />
              ))}
            </PropertyGrid>
          </Box>
        )}
        {data && pages > 1 && !error && (
          <Box sx={{ mt: 5 }}>
            <Suspense fallback={<Box sx={{ height: 40 }} />}>
              <Pager page={Math.min(page, pages)} count={pages} onChange={(p) => update({ page: p })} />
            </Suspense>
          </Box>
        )}
      </Box>
    </Container>
  );
}

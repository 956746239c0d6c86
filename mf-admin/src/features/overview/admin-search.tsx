// The overview's search box: people, properties and orders at once, grouped by kind, each a
// link to the page it lives on. The query stays in the address (?q=), so Back from a result
// comes back to the same results. It lives on the overview, not on a page of its own: the
// shell's route table stays as it is.
import type { ReactNode } from 'react';
import { Box, Paper, Typography } from 'shared-ui/mui';
import { StatusBadge, formatMoney, useAsync } from 'shared-ui';
import { searchAdmin } from 'shared-api/admin';
import { paths, type AdminSearchResults } from 'shared-api/contract';
import { ADMIN_SEARCH_MIN } from 'shared-api/contract/admin';
import { ORDER_STATUS_LABELS, PROPERTY_STATUS_LABELS, USER_STATUS_LABELS } from 'shared-api/labels';
import { SearchField } from '../../components/filter-bar';
import { RouterTextLink, listingPath, shortId } from '../../components/links';
import { useUrlFilters } from '../../lib/use-url-filters';

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Results<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {items.map((item, i) => (
        <Box component="li" key={i} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {render(item)}
        </Box>
      ))}
    </Box>
  );
}

const countOf = (r: AdminSearchResults) => r.people.length + r.properties.length + r.orders.length;

export function AdminSearch() {
  const { filters, setFilters } = useUrlFilters(['q'] as const);
  const q = filters.q.trim();
  const ready = q.length >= ADMIN_SEARCH_MIN;
  const { data, error, loading } = useAsync((signal) => (ready ? searchAdmin(q, signal) : Promise.resolve(null)), [q, ready]);
  const results = ready && data && data.q === q ? data : null;
  const failed = ready && error ? error : null;

  let status = '';
  if (ready && loading) status = 'Searching…';
  else if (failed) status = failed;
  else if (results) status = countOf(results) === 0 ? `Nothing matches “${q}”` : `${countOf(results)} results for “${q}”`;
  else if (q.length > 0) status = `Type at least ${ADMIN_SEARCH_MIN} characters`;

  return (
    <Paper component="section" variant="outlined" aria-labelledby="admin-search-title" sx={{ p: 2, mb: 4 }}>
      <Typography id="admin-search-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        Search
      </Typography>
      <Box role="search" aria-label="Search people, properties and orders">
        <SearchField label="Name, e-mail, property or id" value={filters.q} onChange={(next) => setFilters({ q: next })} />
      </Box>
      {/* Read out as it changes: how many results, or why there are none. */}
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        color={failed ? 'error' : 'text.secondary'}
        sx={{ mt: 1, minHeight: '1.5em' }}
      >
        {status}
      </Typography>
      {results && countOf(results) > 0 && (
        <Box
          sx={{ display: 'grid', gap: 3, mt: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))' }}
          aria-label="Search results"
          role="group"
        >
          {results.searched.includes('people') && (
            <Group id="admin-search-people" title="People">
              <Results
                items={results.people}
                empty="No person"
                render={(u) => (
                  <>
                    <RouterTextLink to={u.role === 'PROPERTY_OWNER' ? paths.owner(u._id) : paths.investor(u._id)}>
                      {`${u.firstName} ${u.lastName}`.trim() || u.email}
                    </RouterTextLink>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {u.email} · {u.role === 'PROPERTY_OWNER' ? 'Owner' : 'Investor'}
                    </Typography>
                    <StatusBadge status={u.status} label={USER_STATUS_LABELS[u.status]} />
                  </>
                )}
              />
            </Group>
          )}
          {results.searched.includes('properties') && (
            <Group id="admin-search-properties" title="Properties">
              <Results
                items={results.properties}
                empty="No property"
                render={(p) => (
                  <>
                    <RouterTextLink to={listingPath(p._id)}>{p.name}</RouterTextLink>
                    <StatusBadge status={p.status} label={PROPERTY_STATUS_LABELS[p.status]} />
                  </>
                )}
              />
            </Group>
          )}
          {results.searched.includes('orders') && (
            <Group id="admin-search-orders" title="Orders">
              <Results
                items={results.orders}
                empty="No order (orders are found by their id)"
                render={(o) => (
                  <>
                    {/* An order is shown on its investor's page, with their other orders. */}
                    <RouterTextLink
                      to={paths.investor(o.investorId)}
                      ariaLabel={`Order ${shortId(o._id)} by ${o.investorName || 'an investor'}`}
                    >
                      {`Order ${shortId(o._id)}`}
                    </RouterTextLink>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatMoney(o.amount)} · {o.propertyName} · {o.investorName}
                    </Typography>
                    <StatusBadge status={o.status} label={ORDER_STATUS_LABELS[o.status]} />
                  </>
                )}
              />
            </Group>
          )}
        </Box>
      )}
    </Paper>
  );
}

// /dashboard/active_listings: approved listings (live or funded) with funding,
// investors and off-plan construction updates.
import { Box } from 'shared-ui/mui-core';
import { Link as RouterLink } from 'shared-ui/router';
import { Button } from 'shared-ui/core';
import { useAsync, EmptyState, ErrorState, LoadingState, PageHeader } from 'shared-ui/components';
import { getActiveInvestmentsOf, getOwnedProperties } from 'shared-api';
import { MAX_PAGE_SIZE, paths, type PropertyWithRevision } from 'shared-api/contract';
import { ActiveListingCard } from './active-listing-card';

async function approvedListings(): Promise<PropertyWithRevision[]> {
  const [active, funded] = await Promise.all([
    getOwnedProperties({ status: 'ACTIVE', pageSize: MAX_PAGE_SIZE }),
    getOwnedProperties({ status: 'FUNDED', pageSize: MAX_PAGE_SIZE }),
  ]);
  return [...active.items, ...funded.items];
}

export function ActiveListingsPage() {
  const { data, error, loading, reload } = useAsync(() => approvedListings(), []);
  // Every card's investors in one request (per 100 listings), not one request per card.
  const ids = data?.map((p) => p._id) ?? [];
  const investments = useAsync(() => (ids.length > 0 ? getActiveInvestmentsOf(ids) : Promise.resolve([])), [ids.join(',')]);
  const byId = new Map(investments.data?.map((i) => [i.propertyId, i]));
  let body;
  if (error) body = <ErrorState message={error} onRetry={reload} />;
  else if (loading || !data) body = <LoadingState label="Loading your active listings..." />;
  else if (data.length === 0)
    body = (
      <EmptyState
        title="No active listings yet"
        description="A listing appears here once an admin approves it. Pending ones are in My listings."
        action={
          <Button variant="outline-blue" size="SM" component={RouterLink} to={paths.listings}>
            Go to my listings
          </Button>
        }
      />
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {data.map((p) => (
          <ActiveListingCard key={p._id} initial={p} investments={{ ...investments, data: byId.get(p._id) }} />
        ))}
      </Box>
    );
  return (
    <Box>
      <PageHeader
        title="Active listings"
        subtitle="Approved listings: how far each is funded, who invested, and construction updates for off-plan properties."
      />
      {body}
    </Box>
  );
}

// /dashboard for an owner: listings by status, units sold, amount raised, payouts
// received, and a funding chart per active listing.
import { Box, Typography } from 'shared-ui/mui-core';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, formatMoney, formatNumber } from 'shared-ui/core';
import { EmptyState, ErrorState, LoadingState, PageHeader, useFreshUser } from 'shared-ui/components';
import { StatCard, StatusBanner, TwoFactorInvite } from 'shared-ui/display';
import { useAuthUser } from 'shared-api';
import { queries, useApiQuery } from 'shared-api/query';
import { MAX_PAGE_SIZE, PROPERTY_STATUSES, paths } from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { FundingChart } from './funding-chart';

export function OverviewPage() {
  useFreshUser();
  const user = useAuthUser();
  const metrics = useApiQuery(queries.me.metrics());
  const active = useApiQuery(queries.me.properties({ status: 'ACTIVE', pageSize: MAX_PAGE_SIZE }));
  const m = metrics.data;
  const byStatus = m?.listingsByStatus ?? {};
  const listings = PROPERTY_STATUSES.reduce((n, s) => n + (byStatus[s] ?? 0), 0);

  return (
    <Box>
      <PageHeader
        title="Dashboard"
        subtitle={user ? `Welcome back, ${user.firstName}. Here is how your listings are doing.` : undefined}
        actions={
          <Button variant="filled-blue" component={RouterLink} to={paths.createListing}>
            Create listing
          </Button>
        }
      />
      {user && (
        <StatusBanner
          role={user.role}
          status={user.status}
          reason={user.rejectionReason}
          action={
            <Button variant="filled-blue" size="SM" component={RouterLink} to={paths.onboarding}>
              {user.status === 'REJECTED' ? 'Review onboarding' : 'Go to onboarding'}
            </Button>
          }
        />
      )}
      <TwoFactorInvite />
      {metrics.error ? (
        <ErrorState message={metrics.error} onRetry={metrics.reload} />
      ) : !m ? (
        <LoadingState label="Loading your figures..." />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))' }}>
          <StatCard
            title="Listings"
            value={formatNumber(listings)}
            hint={PROPERTY_STATUSES.map((s) => `${PROPERTY_STATUS_LABELS[s]}: ${formatNumber(byStatus[s] ?? 0)}`).join(' · ')}
          />
          <StatCard
            title="Units sold"
            value={formatNumber(m.unitsSold)}
            hint={`${formatNumber(m.unitsReserved)} more reserved in pending orders`}
          />
          <StatCard title="Amount raised" value={formatMoney(m.amountRaised, { cents: 'auto' })} />
          <StatCard title="Payouts received" value={formatMoney(m.payoutsReceived, { cents: 'auto' })} />
        </Box>
      )}

      <Box component="section" aria-labelledby="funding-title" sx={{ mt: 4 }}>
        <Typography id="funding-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Funding of active listings
        </Typography>
        {active.error ? (
          <ErrorState message={active.error} onRetry={active.reload} />
        ) : !active.data ? (
          <LoadingState variant="skeleton" label="Loading your active listings..." />
        ) : active.data.items.length === 0 ? (
          <EmptyState
            title="No active listings yet"
            description="Once an admin approves a listing, its funding shows here."
            action={
              <Button variant="outline-blue" size="SM" component={RouterLink} to={paths.listings}>
                See my listings
              </Button>
            }
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(22rem, 100%), 1fr))' }}>
            {active.data.items.map((p) => (
              <FundingChart key={p._id} property={p} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

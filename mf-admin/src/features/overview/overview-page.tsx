// /dashboard for an admin: the platform's figures, its queues and its trends.
import type { ReactNode } from 'react';
import { Box, Paper, Typography } from 'shared-ui/mui';
import { BarChart, DonutChart, LineChart } from 'shared-ui/charts';
import { DataTable, ErrorState, LoadingState, PageHeader, StatCard, formatMoney, formatNumber } from 'shared-ui';
import { useApiQuery } from 'shared-api/query';
import {
  PROPERTY_STATUSES,
  PROPERTY_TYPE_LABELS,
  paths,
  stateName,
  type AdminMetrics,
  type AdminOwnerMetrics,
  type AdminPermission,
  type PropertyType,
} from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { RouterTextLink } from '../../components/links';
import { dayLabel } from '../../lib/format';
import { useAdminCan } from '../../lib/admin-access';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort } from '../../lib/table-kit';
import { AdminSearch } from './admin-search';
import { adminQueries } from 'shared-api/admin/query';

const money = (n: number) => formatMoney(n);

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = `overview-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// Grid items may shrink below their content (a chart's canvas would otherwise widen the
// page), and each chart contains its visually hidden data table (positioned absolutely).
const cardsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 210px), 1fr))',
  '& > *': { minWidth: 0 },
} as const;
const chartsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  '& > *': { minWidth: 0, position: 'relative', overflow: 'hidden' },
} as const;

/** The queues an admin works, each with the permission its page needs. Cases count submitted
 *  ones only: a person who never submitted documents has nothing to review. */
function queuesOf(m: AdminMetrics): Queue[] {
  const q = (count: number, label: string, to: string, link: string, permission: AdminPermission): Queue => ({
    count,
    label,
    links: [{ to, label: link }],
    permission,
  });
  return [
    q(
      m.listingsByStatus.PENDING_REVIEW ?? 0,
      'Listings awaiting review',
      `${paths.listings}?tab=review`,
      'Review listings',
      'listings.review',
    ),
    q(m.pendingRevisions, 'Changes to live listings awaiting review', `${paths.listings}?tab=changes`, 'Review changes', 'listings.review'),
    q(
      m.pendingProgressReviews,
      'Lower construction progress awaiting review',
      `${paths.listings}?tab=progress`,
      'Review progress',
      'listings.review',
    ),
    q(m.submittedCases, 'Verification cases awaiting a decision', paths.cases, 'Review cases', 'people.verify'),
    q(m.pendingOrders, 'Orders awaiting approval', paths.orders, 'Review orders', 'orders.manage'),
    q(m.submittedReports, 'Income reports awaiting a decision', paths.distributions, 'Review reports', 'income.manage'),
    q(
      m.refusedDistributions,
      "Distributions refused for the owner's wallet",
      paths.distributions,
      'See distributions',
      'distributions.manage',
    ),
    q(m.requestedPayouts, 'Withdrawals awaiting payment', paths.payouts, 'Review withdrawals', 'payouts.manage'),
    q(m.openTickets, 'Support tickets awaiting an answer', paths.support, 'Open the inbox', 'support.manage'),
    q(m.openMarketFlags, 'Market surveillance flags', `${paths.market}#surveillance`, 'Review flags', 'market.manage'),
    q(m.pendingApprovals, 'Actions awaiting a second admin', paths.approvals, 'Review approvals', 'approvals.read'),
  ];
}

interface Queue {
  count: number;
  label: string;
  links: { to: string; label: string }[];
  permission: AdminPermission;
}

/** One queue; shown only to an admin whose role works it (`permission`), as its page is. */
function QueueCard({ count, label, links, permission }: Queue) {
  if (!useAdminCan(permission)) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5, borderColor: count > 0 ? 'warning.main' : 'divider' }}
    >
      <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
        {formatNumber(count)}
      </Typography>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {links.map((l) => (
          <RouterTextLink key={l.to} to={l.to}>
            {l.label}
          </RouterTextLink>
        ))}
      </Box>
    </Paper>
  );
}

type TopOwner = AdminOwnerMetrics['topOwners'][number];

function TopOwners({ owners }: { owners: TopOwner[] }) {
  // The few top owners come whole: sorted here, under their own names in the address.
  const sorted = useClientSort(
    owners,
    {
      name: (o: TopOwner) => o.name,
      listings: (o: TopOwner) => o.listings,
      amountRaised: (o: TopOwner) => o.amountRaised,
    },
    { prefix: 'owners' },
  );
  return (
    <>
      {owners.length > 0 && (
        <TableTools>
          <DownloadCsvButton<TopOwner>
            filename="top-owners.csv"
            rows={sorted.rows ?? []}
            columns={[
              { header: 'Owner', value: (o) => o.name },
              { header: 'Listings', value: (o) => o.listings },
              { header: 'Amount raised', value: (o) => o.amountRaised },
            ]}
          />
        </TableTools>
      )}
      <DataTable
        label="Top owners"
        rows={sorted.rows}
        getRowId={(o) => o.ownerId}
        emptyMessage="No owner has listed a property yet"
        columns={sortableColumns(
          [
            {
              key: 'name',
              header: 'Owner',
              render: (o: TopOwner) => <RouterTextLink to={paths.owner(o.ownerId)}>{o.name}</RouterTextLink>,
            },
            { key: 'listings', header: 'Listings', align: 'right', render: (o: TopOwner) => formatNumber(o.listings) },
            { key: 'amountRaised', header: 'Amount raised', align: 'right', render: (o: TopOwner) => formatMoney(o.amountRaised) },
          ],
          { name: 'name', listings: 'listings', amountRaised: 'amountRaised' },
          sorted,
        )}
      />
    </>
  );
}

function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Paper variant="outlined">
      <ErrorState message={message} onRetry={onRetry} />
    </Paper>
  );
}

export function OverviewPage() {
  const platform = useApiQuery(adminQueries.platformMetrics());
  const investors = useApiQuery(adminQueries.investorMetrics());
  const listings = useApiQuery(adminQueries.listingMetrics());
  const owners = useApiQuery(adminQueries.ownerMetrics());

  const m = platform.data;
  const inv = investors.data;
  const lst = listings.data;
  const own = owners.data;

  return (
    <Box>
      <PageHeader title="Dashboard" subtitle="The platform at a glance: queues waiting for you, figures and trends." />
      <AdminSearch />

      {platform.error && !m ? (
        <SectionError message={platform.error} onRetry={platform.reload} />
      ) : !m ? (
        <LoadingState label="Loading platform figures..." />
      ) : (
        <>
          <Group title="Needs attention">
            <Box sx={cardsGrid}>
              {queuesOf(m).map((q) => (
                <QueueCard key={q.label} {...q} />
              ))}
            </Box>
          </Group>

          <Group title="Platform">
            <Box sx={cardsGrid}>
              <StatCard title="Investors" value={formatNumber(m.investors)} />
              <StatCard title="Property owners" value={formatNumber(m.owners)} />
              <StatCard title="Admins" value={formatNumber(m.admins)} />
              <StatCard title="Listings" value={formatNumber(m.properties)} />
              <StatCard title="Money invested" value={formatMoney(m.totalInvested)} />
              <StatCard title="Wallet balances" value={formatMoney(m.walletBalances)} />
            </Box>
            <Box sx={{ ...chartsGrid, mt: 2 }}>
              <LineChart
                title="Sign-ups, last 30 days"
                labels={m.signUpsOverTime.map((d) => dayLabel(d.date))}
                series={[
                  { label: 'Investors', values: m.signUpsOverTime.map((d) => d.investors) },
                  { label: 'Owners', values: m.signUpsOverTime.map((d) => d.owners) },
                ]}
              />
              <DonutChart
                title="Listings by status"
                labels={PROPERTY_STATUSES.map((s) => PROPERTY_STATUS_LABELS[s])}
                series={[{ label: 'Listings', values: PROPERTY_STATUSES.map((s) => m.listingsByStatus[s] ?? 0) }]}
              />
              <LineChart
                title="Money invested over time"
                area
                format={money}
                labels={m.investedOverTime.map((d) => dayLabel(d.date))}
                series={[{ label: 'Invested', values: m.investedOverTime.map((d) => d.amount) }]}
              />
            </Box>
          </Group>
        </>
      )}

      <Group title="Investors">
        {investors.error && !inv ? (
          <SectionError message={investors.error} onRetry={investors.reload} />
        ) : !inv ? (
          <LoadingState label="Loading investor figures..." />
        ) : (
          <>
            <Box sx={cardsGrid}>
              <StatCard title="Investors" value={formatNumber(inv.total)} hint={`${formatNumber(inv.byStatus.VERIFIED ?? 0)} verified`} />
              <StatCard title="Subscribed" value={formatNumber(inv.subscribed)} />
              <StatCard title="Invested by investors" value={formatMoney(inv.totalInvested)} />
              <StatCard title="Investor wallets" value={formatMoney(inv.walletBalances)} />
            </Box>
            <Box sx={{ ...chartsGrid, mt: 2 }}>
              <BarChart
                title="Investor journey"
                horizontal
                labels={['Signed up', 'E-mail verified', 'Onboarding completed', 'Subscribed', 'Verified']}
                series={[
                  {
                    label: 'Investors',
                    values: [inv.total, inv.emailVerified, inv.onboardingCompleted, inv.subscribed, inv.byStatus.VERIFIED ?? 0],
                  },
                ]}
              />
              <LineChart
                title="Investor sign-ups, last 30 days"
                labels={inv.signUpsOverTime.map((d) => dayLabel(d.date))}
                series={[{ label: 'Investors', values: inv.signUpsOverTime.map((d) => d.count) }]}
              />
            </Box>
          </>
        )}
      </Group>

      <Group title="Listings">
        {listings.error && !lst ? (
          <SectionError message={listings.error} onRetry={listings.reload} />
        ) : !lst ? (
          <LoadingState label="Loading listing figures..." />
        ) : (
          <>
            <Box sx={cardsGrid}>
              <StatCard title="Listings" value={formatNumber(lst.total)} />
              <StatCard title="Total value listed" value={formatMoney(lst.totalValue)} />
              <StatCard title="Amount raised" value={formatMoney(lst.amountRaised)} />
              <StatCard
                title="Units sold"
                value={formatNumber(lst.unitsSold)}
                hint={`of ${formatNumber(lst.unitsTotal)} units (completed orders)`}
              />
              <StatCard title="Units reserved" value={formatNumber(lst.unitsReserved)} hint="in pending orders, not yet sold" />
            </Box>
            <Box sx={{ ...chartsGrid, mt: 2 }}>
              <DonutChart
                title="Listings by type"
                labels={(Object.keys(PROPERTY_TYPE_LABELS) as PropertyType[]).map((t) => PROPERTY_TYPE_LABELS[t])}
                series={[
                  { label: 'Listings', values: (Object.keys(PROPERTY_TYPE_LABELS) as PropertyType[]).map((t) => lst.byType[t] ?? 0) },
                ]}
              />
              <BarChart
                title="Listings by state"
                horizontal
                labels={lst.byState.map((s) => stateName(s.state))}
                series={[{ label: 'Listings', values: lst.byState.map((s) => s.count) }]}
              />
              <LineChart
                title="New listings, last 30 days"
                labels={lst.listedOverTime.map((d) => dayLabel(d.date))}
                series={[{ label: 'Listings', values: lst.listedOverTime.map((d) => d.count) }]}
              />
            </Box>
          </>
        )}
      </Group>

      <Group title="Owners">
        {owners.error && !own ? (
          <SectionError message={owners.error} onRetry={owners.reload} />
        ) : !own ? (
          <LoadingState label="Loading owner figures..." />
        ) : (
          <>
            <Box sx={cardsGrid}>
              <StatCard
                title="Property owners"
                value={formatNumber(own.total)}
                hint={`${formatNumber(own.byStatus.VERIFIED ?? 0)} verified`}
              />
              <StatCard title="Owners with listings" value={formatNumber(own.withListings)} />
            </Box>
            <Box sx={{ ...chartsGrid, mt: 2 }}>
              <LineChart
                title="Owner sign-ups, last 30 days"
                labels={own.signUpsOverTime.map((d) => dayLabel(d.date))}
                series={[{ label: 'Owners', values: own.signUpsOverTime.map((d) => d.count) }]}
              />
              <Box>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                  Top owners by amount raised
                </Typography>
                <TopOwners owners={own.topOwners} />
              </Box>
            </Box>
          </>
        )}
      </Group>
    </Box>
  );
}

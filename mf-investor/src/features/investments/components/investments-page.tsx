// /dashboard/investments: every holding with its property, and the server's totals.
import { Box } from 'shared-ui/mui-core';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, formatMoney, formatNumber } from 'shared-ui/core';
import { EmptyState, ErrorState, LoadingState, PageHeader } from 'shared-ui/components';
import { StatCard } from 'shared-ui/display';
import { queries, useApiQuery } from 'shared-api/query';
import { paths } from 'shared-api/contract';
import { AccountStatusNotice } from '../../../components/account-status-notice';
import { HoldingCard } from './holding-card';
import { ReturnsCards } from '../../returns/returns-summary';
import { VotesSection } from '../../votes/votes-section';
import { ACCOUNT_VALUE_HINT, ACCOUNT_VALUE_LABEL } from 'shared-api/contract/dashboard';

export function InvestmentsPage() {
  const holdings = useApiQuery(queries.me.holdings());
  const metrics = useApiQuery(queries.me.metrics());
  const list = holdings.data;
  const m = metrics.data;
  const returns = useApiQuery(queries.me.returns());
  const byProperty = new Map((returns.data?.holdings ?? []).map((r) => [r.propertyId, r]));

  return (
    <Box>
      <PageHeader
        title="Investments"
        subtitle="The properties you own units of."
        actions={
          <Button variant="filled-blue" component={RouterLink} to={paths.properties}>
            Browse properties
          </Button>
        }
      />
      <AccountStatusNotice />

      {m && list && list.length > 0 && (
        <Box
          component="section"
          aria-label="Totals"
          sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: 'repeat(auto-fit, minmax(min(13rem, 100%), 1fr))' }}
        >
          <StatCard title="Total invested" value={formatMoney(m.totalInvested)} />
          <StatCard title={ACCOUNT_VALUE_LABEL} value={formatMoney(m.accountValue)} hint={ACCOUNT_VALUE_HINT} />
          <StatCard title="Properties" value={formatNumber(m.holdingsCount)} />
        </Box>
      )}
      {list && list.length > 0 && returns.error && (
        <Box sx={{ mb: 3 }}>
          <ErrorState
            message={`Your income and value could not be loaded: ${returns.error}`}
            onRetry={returns.reload}
            retrying={returns.loading}
          />
        </Box>
      )}
      {list && list.length > 0 && returns.data && (
        <Box component="section" aria-label="Income and value" sx={{ mb: 3 }}>
          <ReturnsCards total={returns.data.total} />
        </Box>
      )}
      {list && list.length > 0 && <VotesSection />}

      {holdings.error ? (
        <ErrorState message={holdings.error} onRetry={holdings.reload} retrying={holdings.loading} />
      ) : !list ? (
        <LoadingState variant="skeleton" rows={6} label="Loading your investments..." />
      ) : list.length === 0 ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <EmptyState
            title="No investments yet"
            description="When an order of yours is approved, the property shows here with your units and returns."
            action={
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
                <Button variant="filled-blue" size="SM" component={RouterLink} to={paths.properties}>
                  Browse properties
                </Button>
                <Button variant="outline-blue" size="SM" component={RouterLink} to={paths.orders}>
                  See your orders
                </Button>
              </Box>
            }
          />
        </Box>
      ) : (
        <Box component="ul" aria-label="Holdings" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {list.map((h) => (
            <li key={h._id}>
              <HoldingCard holding={h} returns={byProperty.get(h.propertyId)} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

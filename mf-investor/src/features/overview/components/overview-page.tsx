// /dashboard for an investor: the server's figures (GET /v1/users/me/metrics) as stat
// cards, and charts of where the money is and how it grew. One-shot reads (useAsync), not
// the query cache: this is the investors' first screen, and loading TanStack Query here put
// it over its JavaScript budget (docs/frontend.md, "Server data on the dashboards").
import { lazy, Suspense, useState } from 'react';
import { Box, Link, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, formatMoney, formatNumber } from 'shared-ui/core';
import { useAsync, EmptyState, ErrorState, LoadingState, PageHeader, useFreshUser } from 'shared-ui/components';
import { StatCard } from 'shared-ui/display';
import { getMyMetrics, getMyReturns, useAuthUser } from 'shared-api';
import { SUBSCRIPTION_TOKENS, paths, type UserMetrics } from 'shared-api/contract';
import { TwoFactorInvite } from 'shared-ui/display';
import { AccountStatusNotice } from '../../../components/account-status-notice';
import { PortfolioCharts } from './portfolio-charts';
import { ReturnsCards, ReturnsCharts } from '../../returns/returns-summary';
import { ACCOUNT_VALUE_HINT, ACCOUNT_VALUE_LABEL } from 'shared-api/contract/dashboard';

// The claim of the subscription's platform tokens and the wallet link: a chunk of its own,
// loaded when the investor opens it, so the first screen's JavaScript budget holds.
const TokenClaimSection = lazy(() => import('../../token-claim/token-claim-section'));

function StatCards({ metrics: m, subscribed, onTokens }: { metrics: UserMetrics; subscribed: boolean; onTokens: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))' }}>
      <StatCard title={ACCOUNT_VALUE_LABEL} value={formatMoney(m.accountValue)} hint={ACCOUNT_VALUE_HINT} />
      <StatCard title="Total invested" value={formatMoney(m.totalInvested)} hint="What the units you hold cost" />
      <StatCard
        title="Holdings"
        value={formatNumber(m.holdingsCount)}
        hint={
          <Link component={RouterLink} to={paths.investments}>
            See your investments
          </Link>
        }
      />
      <StatCard
        title="Wallet balance"
        value={formatMoney(m.walletBalance)}
        hint={
          <Link component={RouterLink} to={paths.wallet}>
            Add or withdraw money
          </Link>
        }
      />
      <StatCard
        title="Pending orders"
        value={formatNumber(m.pendingOrders)}
        hint={
          <Link component={RouterLink} to={paths.orders}>
            {m.pendingOrders > 0 ? 'Awaiting approval: see your orders' : 'See your orders'}
          </Link>
        }
      />
      <StatCard
        title="Claimable platform tokens"
        value={formatNumber(m.claimableTokens)}
        hint={
          subscribed ? (
            <Link component="button" onClick={onTokens} sx={{ verticalAlign: 'baseline' }}>
              {m.claimableTokens > 0 ? 'Claim them, or link your wallet' : 'See your claim'}
            </Link>
          ) : (
            <Link component={RouterLink} to={paths.homeSubscribe}>
              Subscribe to claim {formatNumber(SUBSCRIPTION_TOKENS)} tokens
            </Link>
          )
        }
      />
    </Box>
  );
}

export function OverviewPage() {
  useFreshUser();
  const user = useAuthUser();
  const [tokensOpen, setTokensOpen] = useState(false);
  const metrics = useAsync(() => getMyMetrics(), []);
  const m = metrics.data;
  // Income and value (issue 18): its own call, so the figures above never wait for it.
  const returns = useAsync(() => getMyReturns(), []);

  return (
    <Box>
      <PageHeader
        title="Dashboard"
        subtitle={user ? `Welcome back, ${user.firstName}. Here is how your portfolio is doing.` : undefined}
        actions={
          <>
            <Button variant="outline-blue" component={RouterLink} to={paths.wallet}>
              Add money
            </Button>
            <Button variant="filled-blue" component={RouterLink} to={paths.properties}>
              Browse properties
            </Button>
          </>
        }
      />
      <AccountStatusNotice />
      <TwoFactorInvite />

      {metrics.error ? (
        <ErrorState message={metrics.error} onRetry={metrics.reload} retrying={metrics.loading} />
      ) : !m ? (
        <LoadingState label="Loading your portfolio..." />
      ) : (
        <>
          <Box component="section" aria-labelledby="figures-title">
            <Typography id="figures-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
              Your figures
            </Typography>
            <StatCards metrics={m} subscribed={Boolean(user?.isSubscribed)} onTokens={() => setTokensOpen(true)} />
          </Box>

          <Box component="section" aria-labelledby="portfolio-title" sx={{ mt: 4 }}>
            <Typography id="portfolio-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
              Your portfolio
            </Typography>
            {m.holdingsCount === 0 ? (
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
                <EmptyState
                  title="You have no investments yet"
                  description={
                    m.pendingOrders > 0
                      ? 'Your orders are waiting for approval. Once approved, your holdings and their charts appear here.'
                      : 'Browse live properties and buy your first units. Your holdings and their charts appear here.'
                  }
                  action={
                    <Button variant="filled-blue" size="SM" component={RouterLink} to={paths.properties}>
                      Browse properties
                    </Button>
                  }
                />
              </Box>
            ) : (
              <PortfolioCharts metrics={m} />
            )}
          </Box>

          {m.holdingsCount > 0 && (
            <Box component="section" aria-labelledby="returns-title" sx={{ mt: 4 }}>
              <Typography id="returns-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
                Income and value
              </Typography>
              {returns.error ? (
                <ErrorState message={returns.error} onRetry={returns.reload} retrying={returns.loading} />
              ) : !returns.data ? (
                <LoadingState label="Loading your income and value..." />
              ) : (
                <Box sx={{ display: 'grid', gap: 2 }}>
                  <ReturnsCards total={returns.data.total} />
                  <ReturnsCharts returns={returns.data} />
                </Box>
              )}
            </Box>
          )}

          {tokensOpen && (
            <Box sx={{ mt: 4 }}>
              <Suspense fallback={<LoadingState label="Loading your platform tokens..." />}>
                <TokenClaimSection />
              </Suspense>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

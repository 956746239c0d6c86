// /dashboard/wallet (investors and owners): the server's balance, deposits through the
// payments checkout and back, withdrawal requests, and the ledger.
import { useCallback, useState } from 'react';
import { Alert, Box, CircularProgress, Skeleton } from 'shared-ui/mui';
import { useSearchParams } from 'shared-ui/router';
import { Button, formatMoney } from 'shared-ui/core';
import { ErrorState, PageHeader } from 'shared-ui/components';
import { StatCard } from 'shared-ui/display';
import { queries, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { goToExternal } from '../../../lib/browser';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { useOpenDeposits } from '../hooks/use-open-deposits';
import { AddBankAccountDialog } from './add-bank-account-dialog';
import { DepositForm } from './deposit-form';
import { PayoutAccountsSection } from './payout-accounts-section';
import { PayoutsSection } from './payouts-section';
import { StatementsSection } from './statements-section';
import { TransactionsSection } from './transactions-section';
import { WithdrawForm } from './withdraw-form';
import { ACCOUNT_VALUE_HINT, ACCOUNT_VALUE_LABEL } from 'shared-api/contract/dashboard';

const SEVERITY = { PAID: 'success', DECLINED: 'error', EXPIRED: 'warning', OPEN: 'info' } as const;

export function WalletPage() {
  // Money moved (a deposit settled, a withdrawal requested or cancelled, an account added or
  // removed): everything of the person is asked again, here and on the other dashboards.
  const invalidate = useInvalidate();
  const refresh = useCallback(() => void invalidate(queryKeys.me.all), [invalidate]);
  const [params] = useSearchParams();
  const { checking, outcome } = useCheckoutReturn(refresh);
  const [outcomeShown, setOutcomeShown] = useState(true);
  const { open: openDeposits, discard } = useOpenDeposits(params.get('checkout'), refresh);

  const wallet = useApiQuery(queries.me.wallet());
  // The account value beside the balance, under the same name as on every other screen.
  const metrics = useApiQuery(queries.me.metrics());
  const payouts = useApiQuery(queries.me.payouts());
  const destinations = useApiQuery(queries.me.payoutDestinations());
  const [adding, setAdding] = useState(false);
  const w = wallet.data;

  return (
    <Box>
      <PageHeader title="Wallet" subtitle="Your balance, deposits and withdrawals, and every movement of your money." />

      <Box aria-live="polite">
        {checking && (
          <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} sx={{ mb: 2 }}>
            Checking your payment with the payment provider…
          </Alert>
        )}
        {outcome && outcomeShown && (
          <Alert severity={SEVERITY[outcome.status]} onClose={() => setOutcomeShown(false)} sx={{ mb: 2 }}>
            {outcome.message}
          </Alert>
        )}
      </Box>
      {openDeposits.map((d) => (
        <Alert
          key={d.id}
          severity="warning"
          sx={{ mb: 2, alignItems: 'center' }}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="filled-blue" size="XS" onClick={() => goToExternal(d.checkoutUrl)}>
                Continue payment
              </Button>
              <Button variant="text" size="XS" onClick={() => discard(d.id)}>
                Discard
              </Button>
            </Box>
          }
        >
          A deposit of {formatMoney(d.amount)} is waiting for payment.
        </Alert>
      ))}

      <Box component="section" aria-label="Balance" sx={{ mb: 3 }}>
        {wallet.error && !w ? (
          <ErrorState message={wallet.error} onRetry={wallet.reload} retrying={wallet.loading} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))' }}>
            <StatCard
              title="Available balance"
              value={w ? formatMoney(w.balance) : <Skeleton width="60%" aria-label="Loading" />}
              hint="Ready to invest or withdraw"
            />
            <StatCard
              title="Held"
              value={w ? formatMoney(w.held) : <Skeleton width="50%" aria-label="Loading" />}
              hint="For pending orders and withdrawal requests, not in your available balance"
            />
            {metrics.data && metrics.data.holdingsCount > 0 && (
              <StatCard title={ACCOUNT_VALUE_LABEL} value={formatMoney(metrics.data.accountValue)} hint={ACCOUNT_VALUE_HINT} />
            )}
          </Box>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DepositForm />
        <WithdrawForm balance={w?.balance} onRequested={refresh} destinations={destinations.data} onAddAccount={() => setAdding(true)} />
      </Box>

      <PayoutAccountsSection
        destinations={destinations.data}
        loading={destinations.loading}
        error={destinations.error}
        onRetry={destinations.reload}
        onAdd={() => setAdding(true)}
        onChanged={refresh}
      />
      <AddBankAccountDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          refresh();
        }}
      />

      <PayoutsSection payouts={payouts.data} error={payouts.error} onRetry={payouts.reload} onCancelled={refresh} />
      <TransactionsSection />
      <StatementsSection />
    </Box>
  );
}

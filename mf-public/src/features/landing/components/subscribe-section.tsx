import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'shared-ui/router';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { useAuthUser } from 'shared-api/session';
import { BRAND, SUBSCRIPTION_FEE_USD, SUBSCRIPTION_TOKENS, paths } from 'shared-api/contract/basics';
import { Button, formatMoney, formatNumber } from 'shared-ui/core';
import { CheckIcon } from '../icons';
import { loginPath } from '../../../lib/next-path';
import { useStartSubscription, type SubscriptionResult } from '../hooks/use-subscription-checkout';
import { Section } from './section';
import { SubscriptionModals } from './subscription-modals';

const fee = formatMoney(SUBSCRIPTION_FEE_USD, { cents: 'auto' });
const BENEFITS = [
  'Early access to new listings before they open to everyone',
  `The full ${fee} claimable as ${formatNumber(SUBSCRIPTION_TOKENS)} ${BRAND} platform tokens`,
  'Required to complete investor onboarding and start investing',
  'One payment only: no recurring charges',
];

export const SUBSCRIBE_LABEL = `Subscribe for ${fee}`;

// Only a return from the payment page loads it (and the query client it uses).
const SubscriptionReturn = lazy(() => import('./subscription-return'));

export function SubscribeSection() {
  const user = useAuthUser();
  const [modal, setModal] = useState<SubscriptionResult | null>(null);
  const { start, starting } = useStartSubscription();
  // Back from the payment page: checking until SubscriptionReturn drops ?checkout.
  const returning = useSearchParams()[0].get('checkout');
  const checking = returning !== null;

  const investor = user?.role === 'INVESTOR';
  const subscribed = !!user?.isSubscribed;

  let note: string;
  if (!user) note = `Log in with an investor account to subscribe. New to ${BRAND}? Sign up first.`;
  else if (subscribed)
    note =
      user.claimableTokens > 0
        ? `You are subscribed. ${formatNumber(user.claimableTokens)} platform tokens are waiting to be claimed.`
        : 'You are subscribed.';
  else if (!investor) note = 'The early-access plan is for investor accounts.';
  else note = 'You will complete the payment on our secure checkout page and come straight back here.';

  return (
    <Section
      id="subscribe"
      eyebrow="Subscription plan"
      title="Early access subscription"
      intro={`Be among the first to invest on ${BRAND}. A one-time fee of ${fee} opens early access to new listings, and the whole amount can be claimed back as platform tokens.`}
    >
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 4 },
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: '0.8fr 1.2fr' },
          alignItems: 'center',
          borderWidth: 2,
          borderColor: 'primary.main',
        }}
      >
        <div>
          <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
            Early access
          </Typography>
          <Typography sx={{ mt: 1, display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Box component="span" sx={{ fontSize: '3rem', fontWeight: 800, lineHeight: 1, color: 'primary.main' }}>
              {fee}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              one-time fee
            </Box>
          </Typography>
          <Box sx={{ mt: 3 }}>
            {!user ? (
              <Button variant="filled-blue" size="LG" fullWidth component={Link} to={loginPath(paths.homeSubscribe)}>
                {SUBSCRIBE_LABEL}
              </Button>
            ) : (
              <Button
                variant="filled-blue"
                size="LG"
                fullWidth
                onClick={() => void start()}
                loading={starting || checking}
                disabled={subscribed || !investor}
              >
                {SUBSCRIBE_LABEL}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} role="status">
              {checking ? 'Checking your payment...' : note}
            </Typography>
          </Box>
        </div>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {BENEFITS.map((b) => (
            <Box component="li" key={b} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <CheckIcon sx={{ color: 'success.main', mt: '2px' }} />
              <Typography>{b}</Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      {returning && (
        <Suspense fallback={null}>
          {/* Spec 4: the modal opens only if not already open. */}
          <SubscriptionReturn key={returning} id={returning} onResult={(result) => setModal((m) => m ?? result)} />
        </Suspense>
      )}
      <SubscriptionModals
        open={modal}
        onClose={() => setModal(null)}
        next={user?.role === 'INVESTOR' && !user.onboardingCompleted ? { label: 'Continue onboarding', to: paths.onboarding } : null}
      />
    </Section>
  );
}

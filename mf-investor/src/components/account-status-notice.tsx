// Spec 6: an investor who cannot invest yet sees why and what to do next; one who is not
// subscribed sees the way to the subscription.
import { Alert, AlertTitle, Box } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, formatMoney } from 'shared-ui/core';
import { useAuthUser } from 'shared-api';
import { BRAND, SUBSCRIPTION_FEE_USD, SUBSCRIPTION_TOKENS, paths, type User } from 'shared-api/contract';

export type Readiness = 'ready' | 'subscribe' | 'onboard' | 'review' | 'rejected' | 'subscribe-optional';

/** Where an investor stands on the way to investing. */
export function readiness(user: Pick<User, 'role' | 'status' | 'isSubscribed' | 'onboardingCompleted'>): Readiness {
  if (user.role !== 'INVESTOR') return 'ready';
  if (user.status === 'VERIFIED') return user.isSubscribed ? 'ready' : 'subscribe-optional';
  if (user.status === 'REJECTED') return 'rejected';
  if (!user.isSubscribed) return 'subscribe';
  if (!user.onboardingCompleted) return 'onboard';
  return 'review';
}

interface Notice {
  severity: 'info' | 'warning' | 'error';
  title: string;
  text: string;
  action?: { label: string; to: string };
  support?: boolean;
}

const fee = formatMoney(SUBSCRIPTION_FEE_USD);

function noticeFor(user: User): Notice | null {
  switch (readiness(user)) {
    case 'subscribe':
      return {
        severity: 'info',
        title: 'Subscribe to start investing',
        text: `Investing on ${BRAND} starts with the early-access subscription: a one-time fee of ${fee}, claimable as ${SUBSCRIPTION_TOKENS} platform tokens. Then complete onboarding so we can verify your identity.`,
        action: { label: 'Subscribe', to: paths.homeSubscribe },
      };
    case 'subscribe-optional':
      return {
        severity: 'info',
        title: 'Early access is open',
        text: `Subscribe for a one-time fee of ${fee}, claimable as ${SUBSCRIPTION_TOKENS} platform tokens.`,
        action: { label: 'Subscribe', to: paths.homeSubscribe },
      };
    case 'onboard':
      return {
        severity: 'warning',
        title: 'Complete onboarding to invest',
        text: 'Tell us who you are and upload your identity document. You can buy units once our team has verified your account.',
        action: { label: 'Complete onboarding', to: paths.onboarding },
      };
    case 'review':
      return {
        severity: 'warning',
        title: 'Your account is being verified',
        text: 'Our team is reviewing the documents you submitted. You can buy units as soon as your account is verified; meanwhile you can add money to your wallet.',
        support: true,
      };
    case 'rejected':
      return {
        severity: 'error',
        title: 'Your account could not be verified',
        text: `${user.rejectionReason ? `Reason: ${user.rejectionReason}. ` : ''}You cannot invest until your account is verified. Update your details and documents and our team will review them again.`,
        action: { label: 'Update onboarding', to: paths.onboarding },
        support: true,
      };
    default:
      return null;
  }
}

/** Nothing for a verified, subscribed investor (or anyone else). */
export function AccountStatusNotice() {
  const user = useAuthUser();
  const notice = user ? noticeFor(user) : null;
  if (!notice) return null;
  return (
    <Box component="section" aria-label="Account status" sx={{ mb: 3 }}>
      <Alert
        severity={notice.severity}
        role="status"
        sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}
      >
        <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 700, m: 0, mb: 0.5 }}>
          {notice.title}
        </AlertTitle>
        {notice.text}
        {(notice.action || notice.support) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            {notice.action && (
              <Button variant="filled-blue" size="SM" component={RouterLink} to={notice.action.to}>
                {notice.action.label}
              </Button>
            )}
            {notice.support && (
              <Button variant="outline-blue" size="SM" component={RouterLink} to={paths.support}>
                Contact support
              </Button>
            )}
          </Box>
        )}
      </Alert>
    </Box>
  );
}

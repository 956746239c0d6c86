// Spec 6: an investor who cannot invest yet sees why and what to do next; one who is not
// subscribed sees the way to the subscription.
import { Link as RouterLink } from 'shared-ui/router';
import { Button, formatMoney } from 'shared-ui/core';
import { StatusBanner } from 'shared-ui/display';
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
        text: 'You cannot add money, invest or start a checkout until your account is verified; you can still withdraw what you hold. Update your details and documents and our team will review them again.',
        action: { label: 'Update onboarding', to: paths.onboarding },
        support: true,
      };
    default:
      return null;
  }
}

/** Nothing for a verified, subscribed investor (or anyone else). The shared StatusBanner, in this page's words. */
export function AccountStatusNotice() {
  const user = useAuthUser();
  const notice = user ? noticeFor(user) : null;
  if (!user || !notice) return null;
  const actions =
    notice.action || notice.support ? (
      <>
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
      </>
    ) : undefined;
  return (
    <StatusBanner
      role={user.role}
      status={user.status}
      reason={user.rejectionReason}
      title={notice.title}
      detail={notice.text}
      nextStep={null}
      tone={notice.severity}
      action={actions}
    />
  );
}

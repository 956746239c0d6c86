import type { ReactNode } from 'react';
import type { Role, UserStatus } from 'shared-api/contract';
import { Box, Typography } from 'shared-ui/mui-core';
import { brand } from 'shared-ui/core';

/**
 * What a person whose account is not verified sees on their dashboard: the status, what the
 * rule table (STATUS_RULES in shared-api/contract) lets them do, and the next step. Kept here,
 * not in the contract, so the public pages' first visit does not carry these words.
 */
export interface StatusGuidance {
  title: string;
  detail: string;
  nextStep: string;
  /** Where the next step happens. */
  actionLabel: string;
}

export function statusGuidance(role: Role, status: UserStatus): StatusGuidance | null {
  if (role === 'ADMIN' || status === 'VERIFIED') return null;
  const owner = role === 'PROPERTY_OWNER';
  if (status === 'PENDING') {
    return {
      title: 'Your account is pending verification',
      detail: owner
        ? 'You can prepare listings and add money, but a listing goes live and you can withdraw only once your identity is verified.'
        : 'You can add money, but you can invest and withdraw only once your identity is verified.',
      nextStep: 'Complete your onboarding and upload your identity documents; an admin then reviews them.',
      actionLabel: 'Go to onboarding',
    };
  }
  return {
    title: 'Your account verification was rejected',
    detail: owner
      ? 'Your live listings are suspended and you cannot list, add money or start a checkout. You can still withdraw what you hold.'
      : 'You cannot add money, invest or start a checkout. You can still withdraw what you hold.',
    nextStep: 'Review the reason, then update your details and documents in onboarding, or contact support.',
    actionLabel: 'Review onboarding',
  };
}

export interface StatusBannerProps {
  role: Role;
  status: UserStatus;
  /** The admin's reason, shown when the account was rejected. */
  reason?: string | null;
  /** The next step's link (e.g. to the onboarding page), rendered by the caller's router. */
  action?: ReactNode;
  /** A page's own words instead of the contract's (e.g. the investor's subscription steps). */
  title?: string;
  detail?: ReactNode;
  nextStep?: ReactNode;
  /** The colour: from the status unless given. */
  tone?: 'info' | 'warning' | 'error';
}

/**
 * On a dashboard, for a person whose account is not verified: their status, the reason,
 * what they can and cannot do yet and the next step (the words come from the contract's
 * status rules). Nothing for a verified person or an admin.
 */
export function StatusBanner({ role, status, reason, action, title, detail, nextStep, tone }: StatusBannerProps) {
  const g = statusGuidance(role, status);
  if (!g && !title) return null;
  const rejected = status === 'REJECTED';
  const t = tone ?? (rejected ? 'error' : 'warning');
  const color = t === 'error' ? brand.red : t === 'warning' ? brand.orange : brand.blue;
  const soft = t === 'error' ? brand.redSoft : t === 'warning' ? brand.orangeSoft : brand.blueSoft;
  const shownDetail = detail === undefined ? g?.detail : detail;
  const shownNext = nextStep === undefined ? g?.nextStep : nextStep;
  return (
    <Box
      role="region"
      aria-label="Account status"
      sx={{
        mb: 3,
        p: { xs: 2, sm: 2.5 },
        borderRadius: 2,
        border: 1,
        borderColor: color,
        bgcolor: soft,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { md: 'center' },
        gap: 2,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color }}>
          {title ?? g?.title}
        </Typography>
        {rejected && reason && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <strong>Reason:</strong> {reason}
          </Typography>
        )}
        {shownDetail && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {shownDetail}
          </Typography>
        )}
        {shownNext && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <strong>Next step:</strong> {shownNext}
          </Typography>
        )}
      </Box>
      {action && <Box sx={{ flexShrink: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{action}</Box>}
    </Box>
  );
}

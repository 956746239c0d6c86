import { Box } from 'shared-ui/mui-core';
import type { SxProps, Theme } from 'shared-ui/mui-core';
import { brand } from 'shared-ui/core';

export type StatusTone = 'success' | 'warning' | 'error' | 'neutral' | 'info';

const TONES: Record<StatusTone, { color: string; bg: string }> = {
  success: { color: brand.green, bg: brand.greenSoft },
  warning: { color: brand.orange, bg: brand.orangeSoft },
  error: { color: brand.red, bg: brand.redSoft },
  info: { color: brand.blue, bg: brand.blueSoft },
  neutral: { color: brand.muted, bg: '#EDF0F4' },
};

const BY_STATUS: Record<string, StatusTone> = {
  VERIFIED: 'success',
  ACTIVE: 'success',
  COMPLETED: 'success',
  FUNDED: 'success',
  PAID: 'success',
  CLOSED: 'neutral',
  PENDING: 'warning',
  PENDING_REVIEW: 'warning',
  REQUESTED: 'warning',
  OPEN: 'info',
  // A support ticket waiting for the person's answer: their call to act.
  WAITING: 'warning',
  REJECTED: 'error',
  CANCELLED: 'error',
  DECLINED: 'error',
  EXPIRED: 'neutral',
};

/** The colour a status is shown in (spec 2: verified green, pending orange, rejected red). */
export function statusTone(status: string): StatusTone {
  return (
    BY_STATUS[
      status
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_')
    ] ?? 'neutral'
  );
}

export interface StatusBadgeProps {
  /** A user, order, property or payment status, matched case-insensitively. */
  status: string;
  /** Text shown; default the status exactly as given. */
  label?: string;
  tone?: StatusTone;
  sx?: SxProps<Theme>;
}

export function StatusBadge({ status, label, tone, sx }: StatusBadgeProps) {
  const t = tone ?? statusTone(status);
  const { color, bg } = TONES[t];
  return (
    <Box
      component="span"
      data-tone={t}
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1.25,
          py: 0.25,
          borderRadius: 999,
          fontSize: '0.8125rem',
          fontWeight: 600,
          lineHeight: 1.6,
          color,
          bgcolor: bg,
          whiteSpace: 'nowrap',
          '&::before': { content: '""', width: 6, height: 6, borderRadius: '50%', bgcolor: color },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {label ?? status}
    </Box>
  );
}

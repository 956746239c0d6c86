import type { ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Skeleton } from 'shared-ui/mui-surfaces';
import { Button, Spinner, brand, formatNumber, visuallyHidden } from 'shared-ui/core';
import { ErrorIcon, InboxIcon } from '../icons-more';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  icon?: ReactNode;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Box
      sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.25 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: brand.blueSoft,
          color: 'primary.main',
        }}
      >
        {icon ?? <InboxIcon />}
      </Box>
      <Typography component="p" variant="h6">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

export interface NoSuchPageStateProps {
  /** The page asked for (1-based), past the last one. */
  page: number;
  /** How many pages the list has. */
  pages: number;
  /** Goes to a page (the last one). */
  onGo: (page: number) => void;
}

/** A page past the last one (an old link, a hand-edited `?page=`): says so and offers the last page. */
export function NoSuchPageState({ page, pages, onGo }: NoSuchPageStateProps) {
  return (
    <EmptyState
      title={`There is no page ${formatNumber(page, 0)}`}
      description={`This list has ${pages === 1 ? 'one page' : `${formatNumber(pages, 0)} pages`}.`}
      action={
        <Button variant="outline-blue" size="SM" onClick={() => onGo(pages)}>
          {pages === 1 ? 'Go to the first page' : `Go to page ${formatNumber(pages, 0)}`}
        </Button>
      }
    />
  );
}

export interface ErrorStateProps {
  /** The message, e.g. from readError. */
  message: string;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load with a Retry button. */
export function ErrorState({ message, title = 'Something went wrong', onRetry, retrying = false }: ErrorStateProps) {
  return (
    <Box
      role="alert"
      sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.25 }}
    >
      <Box
        aria-hidden
        sx={{ width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: brand.redSoft, color: brand.red }}
      >
        <ErrorIcon />
      </Box>
      <Typography component="p" variant="h6">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 460 }}>
        {message}
      </Typography>
      {onRetry && (
        <Button variant="outline-blue" size="SM" onClick={onRetry} loading={retrying} sx={{ mt: 1 }}>
          Retry
        </Button>
      )}
    </Box>
  );
}

export interface LoadingStateProps {
  /** Announced to screen readers. */
  label?: string;
  variant?: 'spinner' | 'skeleton';
  /** Skeleton lines. */
  rows?: number;
}

/** Something is loading: a spinner or skeleton lines, announced politely. */
export function LoadingState({ label = 'Loading...', variant = 'spinner', rows = 3 }: LoadingStateProps) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true" sx={{ py: variant === 'spinner' ? 6 : 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      {variant === 'spinner' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Spinner size={36} aria-hidden />
        </Box>
      ) : (
        <Box aria-hidden sx={{ display: 'grid', gap: 1.25 }}>
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={i === 0 ? 28 : 20} width={i === 0 ? '40%' : `${90 - ((i * 13) % 30)}%`} />
          ))}
        </Box>
      )}
    </Box>
  );
}

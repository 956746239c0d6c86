import { useId } from 'react';
import { Link as RouterLink } from 'shared-ui/router';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { Button, formatDate, formatNumber } from 'shared-ui/core';
import { EmptyState, ErrorState, LoadingState } from 'shared-ui/components';
import { StatusBadge } from 'shared-ui/display';
import { paths, type Page, type SupportTicket } from 'shared-api/contract';
import { MY_SUPPORT_STATUS_LABELS } from 'shared-api/labels';

/** Where the ticket stands, in a few words, after its opening date. */
export function ticketProgress(t: SupportTicket): string {
  if (t.status === 'CLOSED') return `Closed ${formatDate(t.closedAt, 'datetime')}`;
  if (t.status === 'WAITING') return `We replied ${formatDate(t.updatedAt, 'datetime')}: your answer is awaited`;
  return 'Our team is on it';
}

export interface TicketListProps {
  data: Page<SupportTicket> | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onPage: (page: number) => void;
}

function Ticket({ ticket: t }: { ticket: SupportTicket }) {
  const headingId = useId();
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {t.subject}
        </Typography>
        <StatusBadge status={t.status} label={MY_SUPPORT_STATUS_LABELS[t.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Opened {formatDate(t.createdAt, 'datetime')} · {ticketProgress(t)}
      </Typography>
      <Typography
        variant="body2"
        sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {t.message}
      </Typography>
      <Box>
        <Button
          variant={t.status === 'WAITING' ? 'filled-blue' : 'outline-blue'}
          size="SM"
          component={RouterLink}
          to={paths.supportThread(t._id)}
          aria-label={`${t.status === 'WAITING' ? 'Read the reply and answer' : 'Open the conversation'}: ${t.subject}`}
        >
          {t.status === 'WAITING' ? 'Read the reply and answer' : 'Open the conversation'}
        </Button>
      </Box>
    </Paper>
  );
}

/** The person's tickets, newest first, with their status. */
export function TicketList({ data, loading, error, onRetry, onPage }: TicketListProps) {
  if (error) return <ErrorState message={error} onRetry={onRetry} retrying={loading} />;
  if (!data) return <LoadingState variant="skeleton" rows={5} label="Loading your tickets..." />;
  if (data.items.length === 0) {
    return (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
        <EmptyState title="No tickets yet" description="Tickets you open appear here with their status." />
      </Box>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Box aria-busy={loading || undefined}>
      <Box component="ul" aria-label="Your tickets" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {data.items.map((t) => (
          <li key={t._id}>
            <Ticket ticket={t} />
          </li>
        ))}
      </Box>
      {pages > 1 && (
        <Box
          component="nav"
          aria-label="Ticket pages"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            {formatNumber(data.total)} tickets
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Button variant="text-blue" size="SM" onClick={() => onPage(data.page - 1)} disabled={loading || data.page <= 1}>
              Previous
            </Button>
            <Typography variant="body2" aria-live="polite">{`Page ${data.page} of ${pages}`}</Typography>
            <Button variant="text-blue" size="SM" onClick={() => onPage(data.page + 1)} disabled={loading || data.page >= pages}>
              Next
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

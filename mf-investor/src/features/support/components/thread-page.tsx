// /dashboard/support/:id (investors and owners): one ticket's conversation with the team,
// and the box to answer (answering a closed ticket reopens it).
import { useId } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Link as RouterLink, useParams } from 'shared-ui/router';
import { Button, formatDate } from 'shared-ui/core';
import { Composer, Conversation, ErrorState, LoadingState, PageHeader, StatusBadge, useAsync } from 'shared-ui';
import { ApiError, answerSupportTicket, getMySupportThread } from 'shared-api';
import { paths, type SupportThread } from 'shared-api/contract';
import { MY_SUPPORT_STATUS_LABELS } from 'shared-api/labels';
import { ticketProgress } from './ticket-list';

export const ANSWER_SENT = 'Your answer was sent. Our team will get back to you.';

function BackLink() {
  return (
    <Button variant="text-blue" size="SM" component={RouterLink} to={paths.support} sx={{ mb: 1.5 }}>
      ← All tickets
    </Button>
  );
}

export function SupportThreadPage() {
  const { id = '' } = useParams();
  const headingId = useId();
  const thread = useAsync(async () => {
    try {
      return await getMySupportThread(id);
    } catch (err) {
      // Someone else's ticket, or none: the same answer (404), shown as "not found".
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }, [id]);

  if (thread.error) {
    return (
      <Box>
        <BackLink />
        <PageHeader title="Support" />
        <ErrorState message={thread.error} onRetry={thread.reload} retrying={thread.loading} />
      </Box>
    );
  }
  if (thread.data === undefined) return <LoadingState variant="skeleton" rows={4} label="Loading the conversation..." />;
  if (thread.data === null) {
    return (
      <Box>
        <BackLink />
        <PageHeader title="Ticket not found" subtitle="It may have been opened from another account." />
      </Box>
    );
  }
  return <Thread data={thread.data} headingId={headingId} onChange={thread.reload} />;
}

function Thread({ data, headingId, onChange }: { data: SupportThread; headingId: string; onChange: () => void }) {
  const t = data.ticket;
  const closed = t.status === 'CLOSED';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <BackLink />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 0.5 }}>
        <Typography id={headingId} component="h1" variant="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {t.subject}
        </Typography>
        <StatusBadge status={t.status} label={MY_SUPPORT_STATUS_LABELS[t.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Opened {formatDate(t.createdAt, 'datetime')} · {ticketProgress(t)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 880 }}>
        <Conversation messages={data.messages} mine="PERSON" label="Conversation" />
        {t.kind === 'CONTACT' ? (
          <Typography variant="body2" color="text.secondary">
            This message came from the contact form: our answer comes by e-mail.
          </Typography>
        ) : (
          <Composer
            label="Your answer"
            submitLabel="Send answer"
            hint={closed ? 'This ticket is closed. Answering reopens it.' : undefined}
            onSend={async (body) => {
              await answerSupportTicket(t._id, body);
              onChange();
              return ANSWER_SENT;
            }}
          />
        )}
      </Box>
    </Box>
  );
}

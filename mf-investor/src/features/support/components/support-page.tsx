// /dashboard/support (investors and owners): open a ticket and follow its status.
import { useId, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { PageHeader, useAsync } from 'shared-ui/components';
import { getMySupportTickets } from 'shared-api';
import { TicketForm } from './ticket-form';
import { TicketList } from './ticket-list';

export const TICKETS_PAGE_SIZE = 10;

export function SupportPage() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const tickets = useAsync(() => getMySupportTickets({ page, pageSize: TICKETS_PAGE_SIZE }), [page, version]);

  return (
    <Box>
      <PageHeader title="Support" subtitle="Ask us anything about your account, payments or properties." />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <TicketForm
          onSent={() => {
            setPage(1);
            setVersion((v) => v + 1);
          }}
        />
        <Box component="section" aria-labelledby={headingId}>
          <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            Your tickets
          </Typography>
          <TicketList data={tickets.data} loading={tickets.loading} error={tickets.error} onRetry={tickets.reload} onPage={setPage} />
        </Box>
      </Box>
    </Box>
  );
}

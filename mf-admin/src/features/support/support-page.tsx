// /dashboard/support for an admin: tickets from signed-in people and contact-form
// messages, to read and close.
import { useState } from 'react';
import { Box, Chip, Link, Typography } from 'shared-ui/mui';
import { Button, DataTable, Modal, PageHeader, StatusBadge, formatDate, toast, useAsync } from 'shared-ui';
import { closeSupportTicket, getSupportTickets, readError } from 'shared-api';
import type { SupportKind, SupportStatus, SupportTicket, User } from 'shared-api/contract';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, PersonLink, fullName } from '../../components/links';
import { Facts } from '../../components/section';
import { usePeople } from '../../lib/directory';
import { SUPPORT_KIND_LABELS, SUPPORT_STATUS_LABELS } from '../../lib/labels';
import { useUrlFilters } from '../../lib/use-url-filters';

export const SUPPORT_PAGE_SIZE = 20;
const FILTERS = ['status', 'kind'] as const;

function sender(t: SupportTicket, people: Map<string, User>): { name: string; email: string | null } {
  const u = t.userId ? people.get(t.userId) : undefined;
  return { name: t.name ?? (u ? fullName(u) : 'Signed-in user'), email: t.email ?? u?.email ?? null };
}

function TicketDialog({
  ticket,
  people,
  onClose,
  onClosed,
}: {
  ticket: SupportTicket | null;
  people: Map<string, User>;
  onClose: () => void;
  onClosed: (t: SupportTicket) => void;
}) {
  const [busy, setBusy] = useState(false);
  const close = async () => {
    if (!ticket) return;
    setBusy(true);
    try {
      const updated = await closeSupportTicket(ticket._id);
      toast.success('Ticket closed');
      onClosed(updated);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };
  const from = ticket ? sender(ticket, people) : null;
  return (
    <Modal
      open={ticket !== null}
      onClose={onClose}
      title={ticket?.subject ?? ''}
      maxWidth="sm"
      disableClose={busy}
      actions={
        ticket && (
          <>
            {from?.email && (
              <Button variant="outline-blue" size="SM" href={`mailto:${from.email}?subject=${encodeURIComponent(`Re: ${ticket.subject}`)}`}>
                Reply by e-mail
              </Button>
            )}
            {ticket.status === 'OPEN' ? (
              <Button variant="filled-blue" size="SM" onClick={close} loading={busy}>
                Close ticket
              </Button>
            ) : (
              <Button variant="filled-blue" size="SM" onClick={onClose}>
                Done
              </Button>
            )}
          </>
        )
      }
    >
      {ticket && from && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Facts
            items={[
              { label: 'From', value: ticket.userId ? <PersonLink id={ticket.userId} people={people} /> : from.name },
              { label: 'E-mail', value: from.email ? <Link href={`mailto:${from.email}`}>{from.email}</Link> : '—' },
              ...(ticket.phoneNumber ? [{ label: 'Phone', value: ticket.phoneNumber }] : []),
              { label: 'Kind', value: SUPPORT_KIND_LABELS[ticket.kind] },
              { label: 'Received', value: formatDate(ticket.createdAt, 'datetime') },
              { label: 'Status', value: ticket.status === 'CLOSED' ? `Closed ${formatDate(ticket.closedAt, 'datetime')}` : 'Open' },
            ]}
          />
          <Box component="section" aria-label="Message">
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.75 }}>
              Message
            </Typography>
            <Typography
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                bgcolor: 'grey.50',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                p: 2,
              }}
            >
              {ticket.message}
            </Typography>
          </Box>
        </Box>
      )}
    </Modal>
  );
}

export function SupportPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS, { status: 'OPEN' });
  const people = usePeople();
  const { data, error, loading, reload } = useAsync(
    () =>
      getSupportTickets({
        status: (filters.status || undefined) as SupportStatus | undefined,
        kind: (filters.kind || undefined) as SupportKind | undefined,
        page,
        pageSize: SUPPORT_PAGE_SIZE,
      }),
    [filters.status, filters.kind, page],
  );
  const [reading, setReading] = useState<SupportTicket | null>(null);

  return (
    <Box>
      <PageHeader title="Support inbox" subtitle="Tickets from signed-in people and messages from the contact form." />
      <FilterBar label="Filter the inbox">
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          options={optionsOf(SUPPORT_STATUS_LABELS)}
          allLabel="Any status"
        />
        <SelectFilter
          label="Kind"
          value={filters.kind}
          onChange={(kind) => setFilters({ kind })}
          options={optionsOf(SUPPORT_KIND_LABELS)}
          allLabel="Tickets and messages"
        />
      </FilterBar>
      <DataTable
        label="Support messages"
        rows={data?.items}
        getRowId={(t) => t._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={filters.status === 'OPEN' ? 'The inbox is empty: nothing open' : 'No message matches these filters'}
        pagination={data ? { page, pageSize: SUPPORT_PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined}
        columns={[
          { key: 'createdAt', header: 'Received', render: (t) => <DateTimeCell value={t.createdAt} /> },
          {
            key: 'from',
            header: 'From',
            render: (t) => {
              const s = sender(t, people);
              return (
                <Box sx={{ minWidth: 140 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {s.name}
                  </Typography>
                  {s.email && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {s.email}
                    </Typography>
                  )}
                </Box>
              );
            },
          },
          { key: 'subject', header: 'Subject', render: (t) => t.subject },
          { key: 'kind', header: 'Kind', render: (t) => <Chip size="small" variant="outlined" label={SUPPORT_KIND_LABELS[t.kind]} /> },
          { key: 'status', header: 'Status', render: (t) => <StatusBadge status={t.status} label={SUPPORT_STATUS_LABELS[t.status]} /> },
          {
            key: 'actions',
            header: 'Actions',
            render: (t) => (
              <Button variant="text-blue" size="XS" onClick={() => setReading(t)} aria-label={`Read: ${t.subject}`}>
                Read
              </Button>
            ),
          },
        ]}
      />
      <TicketDialog
        ticket={reading}
        people={people}
        onClose={() => setReading(null)}
        onClosed={() => {
          setReading(null);
          reload();
        }}
      />
    </Box>
  );
}

// /dashboard/support/:id for an admin: one ticket's conversation, the person's account beside
// it (below on phones), the reply box; take the ticket, close it. A contact-form message is
// answered by e-mail from here, and the reply is kept on the message.
import { useState } from 'react';
import { Alert, Box, Chip, Link, Typography } from 'shared-ui/mui';
import { Link as RouterLink, useParams } from 'shared-ui/router';
import {
  Button,
  Composer,
  Conversation,
  ErrorState,
  LoadingState,
  PageHeader,
  StatusBadge,
  formatDate,
  formatMoney,
  formatNumber,
  toast,
  useAsync,
} from 'shared-ui';
import { ApiError, readError, useAuthUser } from 'shared-api';
import { assignSupportTicket, closeSupportTicket, getSupportThread, replySupportTicket, resendSupportReply } from 'shared-api/admin';
import { paths, type AdminSupportThread, type SupportMessage } from 'shared-api/contract';
import { ROLE_LABELS, SUPPORT_KIND_LABELS, SUPPORT_STATUS_LABELS, USER_STATUS_LABELS } from 'shared-api/labels';
import { RouterTextLink, fullName, personPath } from '../../components/links';
import { Facts, Section } from '../../components/section';

export const REPLY_SENT = 'Reply sent. The person is notified.';
export const MAIL_SENT = 'Reply sent by e-mail and kept on the message.';
export const MAIL_FAILED = 'The reply is kept, but the e-mail could not be sent. Try "Send again".';

function BackLink() {
  return (
    <Button variant="text-blue" size="SM" component={RouterLink} to={paths.support} sx={{ mb: 1.5 }}>
      ← Support inbox
    </Button>
  );
}

export function SupportThreadPage() {
  const { id = '' } = useParams();
  const thread = useAsync(async () => {
    try {
      return await getSupportThread(id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }, [id]);
  const [current, setCurrent] = useState<AdminSupportThread | null>(null);
  const data = current && current.ticket._id === id ? current : thread.data;

  if (thread.error) {
    return (
      <Box>
        <BackLink />
        <PageHeader title="Support" />
        <ErrorState message={thread.error} onRetry={thread.reload} retrying={thread.loading} />
      </Box>
    );
  }
  if (data === undefined) return <LoadingState variant="skeleton" rows={5} label="Loading the conversation..." />;
  if (data === null) {
    return (
      <Box>
        <BackLink />
        <PageHeader title="Ticket not found" subtitle="It may have been deleted, or the link is wrong." />
      </Box>
    );
  }
  return <Thread data={data} onChange={setCurrent} />;
}

function MailStatus({
  message: m,
  ticketId,
  onChange,
}: {
  message: SupportMessage;
  ticketId: string;
  onChange: (t: AdminSupportThread) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (!m.email) return null;
  if (m.email.status === 'SENT') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Sent by e-mail {formatDate(m.email.sentAt, 'datetime')}
      </Typography>
    );
  }
  const again = async () => {
    setBusy(true);
    try {
      const t = await resendSupportReply(ticketId, m._id);
      onChange(t);
      const sent = t.messages.find((x) => x._id === m._id)?.email?.status === 'SENT';
      if (sent) toast.success(MAIL_SENT);
      else toast.error(MAIL_FAILED);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity={m.email.status === 'FAILED' ? 'error' : 'warning'}
      sx={{ mt: 1 }}
      action={
        <Button variant="text-blue" size="XS" onClick={() => void again()} loading={busy}>
          Send again
        </Button>
      }
    >
      {m.email.status === 'FAILED' ? `The e-mail was not sent: ${m.email.error ?? 'unknown error'}` : 'The e-mail has not been sent yet.'}
    </Alert>
  );
}

function AccountPanel({ data }: { data: AdminSupportThread }) {
  const t = data.ticket;
  const p = data.person;
  if (!p) {
    return (
      <Section title={t.kind === 'CONTACT' && !t.userId ? 'Visitor (no account)' : 'Account'}>
        <Facts
          items={[
            { label: 'Name', value: t.name ?? '—' },
            { label: 'E-mail', value: t.email ? <Link href={`mailto:${t.email}`}>{t.email}</Link> : '—' },
            { label: 'Phone', value: t.phoneNumber ?? '—' },
          ]}
        />
      </Section>
    );
  }
  const to = personPath({ _id: p._id, role: p.role });
  return (
    <Section title="Account">
      <Facts
        items={[
          { label: 'Name', value: to ? <RouterTextLink to={to}>{fullName(p)}</RouterTextLink> : fullName(p) },
          { label: 'E-mail', value: p.email },
          { label: 'Role', value: ROLE_LABELS[p.role] },
          { label: 'Verification', value: <StatusBadge status={p.status} label={USER_STATUS_LABELS[p.status]} /> },
          { label: 'Wallet balance', value: formatMoney(p.walletBalance) },
          { label: 'Holdings', value: formatNumber(p.holdingsCount) },
          ...(t.kind === 'CONTACT' && t.phoneNumber ? [{ label: 'Phone', value: t.phoneNumber }] : []),
        ]}
      />
    </Section>
  );
}

function Thread({ data, onChange }: { data: AdminSupportThread; onChange: (t: AdminSupportThread) => void }) {
  const me = useAuthUser();
  const t = data.ticket;
  const [busy, setBusy] = useState<'assign' | 'close' | null>(null);
  const contact = t.kind === 'CONTACT';
  const mine = me !== null && t.assignedTo === me._id;

  const run = async (what: 'assign' | 'close') => {
    setBusy(what);
    try {
      if (what === 'assign') {
        const next = await assignSupportTicket(t._id, mine ? null : 'me');
        onChange(next);
        toast.success(mine ? 'Ticket unassigned' : 'Ticket assigned to you');
      } else {
        const ticket = await closeSupportTicket(t._id);
        onChange({ ...data, ticket });
        toast.success('Ticket closed');
      }
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box>
      <BackLink />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {t.subject}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <StatusBadge status={t.status} label={SUPPORT_STATUS_LABELS[t.status]} />
            <Chip size="small" variant="outlined" label={SUPPORT_KIND_LABELS[t.kind]} />
            <Typography variant="body2" color="text.secondary">
              Received {formatDate(t.createdAt, 'datetime')} ·{' '}
              {data.assignee ? `Assigned to ${mine ? 'you' : data.assignee.name}` : 'Unassigned'}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outline-blue" size="SM" onClick={() => void run('assign')} loading={busy === 'assign'} disabled={busy !== null}>
            {mine ? 'Unassign' : 'Assign to me'}
          </Button>
          {t.status !== 'CLOSED' && (
            <Button variant="outline-blue" size="SM" onClick={() => void run('close')} loading={busy === 'close'} disabled={busy !== null}>
              Close
            </Button>
          )}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Conversation
            messages={data.messages}
            mine="ADMIN"
            label="Conversation"
            footer={(m) => <MailStatus message={m} ticketId={t._id} onChange={onChange} />}
          />
          {t.status === 'CLOSED' ? (
            <Typography variant="body2" color="text.secondary">
              {contact ? 'Closed.' : 'Closed: the person can reopen it by answering.'}
            </Typography>
          ) : (
            <Composer
              label={contact ? 'Reply by e-mail' : 'Your reply'}
              submitLabel={contact ? 'Reply by e-mail' : 'Send reply'}
              hint={
                contact
                  ? `Sent to ${t.email ?? 'the visitor'}; the reply is kept here.`
                  : 'The person is notified in the app and by e-mail.'
              }
              onSend={async (body) => {
                const next = await replySupportTicket(t._id, body);
                onChange(next);
                if (!contact) return REPLY_SENT;
                const last = next.messages.at(-1);
                if (last?.email?.status !== 'SENT') toast.error(MAIL_FAILED);
                return last?.email?.status === 'SENT' ? MAIL_SENT : 'Reply kept.';
              }}
            />
          )}
        </Box>
        <AccountPanel data={data} />
      </Box>
    </Box>
  );
}

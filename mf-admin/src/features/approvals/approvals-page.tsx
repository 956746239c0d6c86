// /dashboard/approvals: four eyes. Admin actions another admin asked for (declaring or paying
// a distribution, marking a large withdrawal paid, an appraisal that moves the value a lot)
// wait here until a second admin approves them (they run then) or rejects them; the admin who
// asked may cancel. Nobody approves their own: the server refuses it, and the button says why.
// The decided ones (?status=REJECTED, ...) show who decided and why: where the admin who asked
// reads the reason for a rejection or a failure.
import { useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, PageHeader, StatusBadge, toast, useAsync } from 'shared-ui';
import { useSessionStore } from 'shared-api';
import { approveApproval, cancelApproval, getApprovals, rejectApproval } from 'shared-api/admin';
import type { ApprovalRequest, ApprovalStatus } from 'shared-api/contract';
import { adminCan } from 'shared-api/contract/dashboard';
import {
  ADMIN_ROLE_MESSAGES,
  APPROVAL_ACTION_LABELS,
  APPROVAL_MESSAGES,
  APPROVAL_PERMISSIONS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
} from 'shared-api/contract/admin';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DecisionDialog } from '../../components/decision-dialog';
import { DateTimeCell } from '../../components/links';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort } from '../../lib/table-kit';
import { useUrlFilters } from '../../lib/use-url-filters';

type Deciding = { request: ApprovalRequest; decision: 'approve' | 'reject' | 'cancel' };

export function ApprovalsPage() {
  const me = useSessionStore((s) => s.user?._id);
  // Deciding needs the permission of the action asked for (the server checks it too); a session
  // stored before admin roles has none yet, and the server decides.
  const myRole = useSessionStore((s) => s.user?.adminRole);
  const { filters, setFilters } = useUrlFilters(['status'] as const);
  const status: ApprovalStatus = (APPROVAL_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as ApprovalStatus)
    : 'PENDING';
  const waiting = status === 'PENDING';
  const { data, error, loading, reload } = useAsync(() => getApprovals({ status }), [status]);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  // The queue comes whole: it is sorted here.
  const sorted = useClientSort(data, {
    requestedAt: (r: ApprovalRequest) => r.requestedAt,
    requestedBy: (r: ApprovalRequest) => r.requestedBy.name || r.requestedBy.email,
    action: (r: ApprovalRequest) => APPROVAL_ACTION_LABELS[r.action],
  });

  const decide = async (note: string) => {
    if (!deciding) return;
    const { request, decision } = deciding;
    const label = APPROVAL_ACTION_LABELS[request.action];
    if (decision === 'approve') {
      const done = await approveApproval(request._id);
      if (done.status === 'FAILED') toast.error(`${label}: it could not be carried out. ${done.decisionNote}`);
      else toast.success(`${label}: approved and done`);
    } else if (decision === 'reject') {
      await rejectApproval(request._id, note);
      toast.success(`${label}: rejected`);
    } else {
      await cancelApproval(request._id);
      toast.success(`${label}: your request is cancelled`);
    }
    setDeciding(null);
    reload();
  };

  const decidedColumns = [
    {
      key: 'decided',
      header: 'Decided',
      render: (r: ApprovalRequest) =>
        r.decidedAt ? (
          <Box>
            <DateTimeCell value={r.decidedAt} />
            <Typography variant="body2">{r.decidedBy ? r.decidedBy.name || r.decidedBy.email : ''}</Typography>
          </Box>
        ) : (
          '—'
        ),
    },
    { key: 'note', header: 'Note', render: (r: ApprovalRequest) => r.decisionNote || '—' },
  ];

  const describe = (r: ApprovalRequest) => `${r.summary}. Asked by ${r.requestedBy.name || r.requestedBy.email}.`;

  return (
    <Box>
      <PageHeader
        title="Pending approvals"
        subtitle="Actions that move money or change values wait here for a second admin: the admin who asked cannot approve them."
      />
      <FilterBar label="Filter requests">
        <SelectFilter
          label="Status"
          value={status}
          onChange={(v) => setFilters({ status: v === 'PENDING' ? '' : v })}
          options={optionsOf(APPROVAL_STATUS_LABELS)}
          allLabel={null}
        />
      </FilterBar>
      <TableTools>
        <DownloadCsvButton<ApprovalRequest>
          filename="approvals.csv"
          rows={sorted.rows ?? []}
          columns={[
            { header: 'Asked', value: (r) => r.requestedAt },
            { header: 'Asked by', value: (r) => r.requestedBy.name || r.requestedBy.email },
            { header: 'Action', value: (r) => APPROVAL_ACTION_LABELS[r.action] },
            { header: 'What', value: (r) => r.summary },
            { header: 'Status', value: (r) => APPROVAL_STATUS_LABELS[r.status] },
            { header: 'Decided by', value: (r) => (r.decidedBy ? r.decidedBy.name || r.decidedBy.email : '') },
            { header: 'Decided', value: (r) => r.decidedAt ?? '' },
            { header: 'Note', value: (r) => r.decisionNote },
          ]}
        />
      </TableTools>
      <DataTable
        label={waiting ? 'Requests waiting for approval' : `Requests: ${APPROVAL_STATUS_LABELS[status]}`}
        rows={sorted.rows}
        getRowId={(r) => r._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={waiting ? 'Nothing is waiting for approval' : `No request is ${APPROVAL_STATUS_LABELS[status].toLowerCase()}`}
        columns={sortableColumns<ApprovalRequest, 'requestedAt' | 'requestedBy' | 'action'>(
          [
            { key: 'requestedAt', header: 'Asked', render: (r) => <DateTimeCell value={r.requestedAt} /> },
            { key: 'requestedBy', header: 'Asked by', render: (r) => r.requestedBy.name || r.requestedBy.email },
            { key: 'action', header: 'Action', render: (r) => APPROVAL_ACTION_LABELS[r.action] },
            { key: 'summary', header: 'What', render: (r) => r.summary },
            { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} label={APPROVAL_STATUS_LABELS[r.status]} /> },
            ...(waiting
              ? [
                  {
                    key: 'actions',
                    header: 'Actions',
                    render: (r: ApprovalRequest) => {
                      const mine = r.requestedBy._id === me;
                      const allowed = myRole === undefined || adminCan(myRole, APPROVAL_PERMISSIONS[r.action]);
                      return (
                        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'stretch' }}>
                          <Button
                            variant="filled-blue"
                            size="XS"
                            disabled={mine || !allowed}
                            onClick={() => setDeciding({ request: r, decision: 'approve' })}
                            aria-label={`Approve: ${r.summary}`}
                            aria-describedby={mine ? `own-${r._id}` : !allowed ? `role-${r._id}` : undefined}
                          >
                            Approve
                          </Button>
                          {!mine && !allowed && (
                            <Typography id={`role-${r._id}`} variant="caption" color="text.secondary">
                              {ADMIN_ROLE_MESSAGES.forbidden}
                            </Typography>
                          )}
                          {mine ? (
                            <>
                              <Typography id={`own-${r._id}`} variant="caption" color="text.secondary">
                                {APPROVAL_MESSAGES.ownRequest}
                              </Typography>
                              <Button
                                variant="text"
                                size="XS"
                                onClick={() => setDeciding({ request: r, decision: 'cancel' })}
                                aria-label={`Cancel your request: ${r.summary}`}
                              >
                                Cancel request
                              </Button>
                            </>
                          ) : (
                            <Button
                              variant="text"
                              size="XS"
                              disabled={!allowed}
                              sx={{ color: 'error.main' }}
                              onClick={() => setDeciding({ request: r, decision: 'reject' })}
                              aria-label={`Reject: ${r.summary}`}
                            >
                              Reject
                            </Button>
                          )}
                        </Box>
                      );
                    },
                  },
                ]
              : decidedColumns),
          ],
          { requestedAt: 'requestedAt', requestedBy: 'requestedBy', action: 'action' },
          sorted,
        )}
      />
      <DecisionDialog
        open={deciding?.decision === 'approve'}
        title="Approve this request?"
        description={deciding ? `${describe(deciding.request)} It takes effect now, in your name and theirs.` : ''}
        confirmLabel="Approve"
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
      <DecisionDialog
        open={deciding?.decision === 'reject'}
        title="Reject this request?"
        description={deciding ? `${describe(deciding.request)} Nothing of it happens.` : ''}
        confirmLabel="Reject request"
        reasonLabel="Why (shown to the admin who asked)"
        reasonRequired={APPROVAL_MESSAGES.noteRequired}
        destructive
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
      <DecisionDialog
        open={deciding?.decision === 'cancel'}
        title="Cancel your request?"
        description={deciding ? `${deciding.request.summary}. Nothing of it happens.` : ''}
        confirmLabel="Cancel request"
        destructive
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </Box>
  );
}

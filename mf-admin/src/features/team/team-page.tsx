// /dashboard/team (super admins): every admin and their admin role, which a super admin
// changes after confirming. The server refuses one's own role and the last super admin's;
// its message is shown as it comes.
import { useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from 'shared-ui/mui';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from 'shared-ui/mui-data';
import { NativeSelect } from 'shared-ui/mui-forms';
import { Paper } from 'shared-ui/mui-surfaces';
import { ConfirmDialog, PageHeader, useAsync } from 'shared-ui';
import { readError, useAuthUser } from 'shared-api';
import { changeAdminRole, getTeam } from 'shared-api/admin';
import type { AdminRole, TeamMember } from 'shared-api/contract';
import { ADMIN_ROLES } from 'shared-api/contract/dashboard';
import { ADMIN_ROLE_LABELS, SENT_FOR_APPROVAL, isSentForApproval } from 'shared-api/contract/admin';
import { DownloadCsvButton, SortButton, TableTools, ariaSortOf, useClientSort } from '../../lib/table-kit';

type TeamSort = 'name' | 'email' | 'adminRole';

interface Pending {
  member: TeamMember;
  to: AdminRole;
}

export function TeamPage() {
  const me = useAuthUser();
  const { data, error, loading, reload } = useAsync(() => getTeam(), []);
  const [pending, setPending] = useState<Pending | null>(null);
  // The team comes whole: it is sorted here.
  const sorted = useClientSort<TeamMember, TeamSort>(data, {
    name: (m) => `${m.lastName} ${m.firstName}`,
    email: (m) => m.email,
    adminRole: (m) => ADMIN_ROLE_LABELS[m.adminRole],
  });
  const header = (label: string, by: TeamSort) => (
    <TableCell aria-sort={ariaSortOf(by, sorted)}>
      <SortButton label={label} active={sorted.sort === by} order={sorted.order} onClick={() => sorted.toggleSort(by)} />
    </TableCell>
  );
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    if (!pending) return;
    setSaving(true);
    setFailure(null);
    try {
      const changed = await changeAdminRole(pending.member._id, pending.to);
      if (isSentForApproval(changed))
        setDone(
          `${SENT_FOR_APPROVAL}. Once approved, ${pending.member.firstName} ${pending.member.lastName} will be ${ADMIN_ROLE_LABELS[pending.to]}.`,
        );
      else setDone(`${changed.firstName} ${changed.lastName} is now ${ADMIN_ROLE_LABELS[changed.adminRole]}.`);
      reload();
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setSaving(false);
      setPending(null);
    }
  }

  return (
    <Box>
      <PageHeader title="Team" subtitle="The admins and what each may do. Nobody changes their own role." />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {loading && !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the team" />
        </Box>
      ) : error ? (
        <Alert severity="error">{error}</Alert>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">No admins yet.</Typography>
      ) : (
        <>
          <TableTools>
            <DownloadCsvButton<TeamMember>
              filename="admins.csv"
              rows={sorted.rows ?? []}
              columns={[
                { header: 'First name', value: (m) => m.firstName },
                { header: 'Last name', value: (m) => m.lastName },
                { header: 'E-mail', value: (m) => m.email },
                { header: 'Admin role', value: (m) => ADMIN_ROLE_LABELS[m.adminRole] },
                { header: 'Since', value: (m) => m.createdAt },
              ]}
            />
          </TableTools>
          <TableContainer component={Paper}>
            <Table aria-label="Admins">
              <TableHead>
                <TableRow>
                  {header('Name', 'name')}
                  {header('E-mail', 'email')}
                  {header('Admin role', 'adminRole')}
                </TableRow>
              </TableHead>
              <TableBody>
                {(sorted.rows ?? []).map((m) => {
                  const self = m._id === me?._id;
                  const label = `Admin role of ${m.firstName} ${m.lastName}`;
                  return (
                    <TableRow key={m._id}>
                      <TableCell>
                        {m.firstName} {m.lastName}
                        {self ? ' (you)' : ''}
                      </TableCell>
                      <TableCell>{m.email}</TableCell>
                      <TableCell>
                        <NativeSelect
                          value={m.adminRole}
                          disabled={self || saving}
                          inputProps={{ 'aria-label': label }}
                          onChange={(e) => setPending({ member: m, to: e.target.value as AdminRole })}
                        >
                          {ADMIN_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ADMIN_ROLE_LABELS[r]}
                            </option>
                          ))}
                        </NativeSelect>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Change admin role?"
        message={
          pending
            ? `${pending.member.firstName} ${pending.member.lastName} goes from ${ADMIN_ROLE_LABELS[pending.member.adminRole]} to ${ADMIN_ROLE_LABELS[pending.to]}, from their next action on.`
            : ''
        }
        confirmLabel="Change role"
        destructive={false}
        loading={saving}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}

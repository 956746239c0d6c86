// /dashboard/cases/:id: one verification case. The documents are shown inline on request
// (each view is fetched from the audited endpoint), the checklist and decision, internal
// notes (admins only, never sent to the person) and the person's earlier cases.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { useParams } from 'shared-ui/router';
import { TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, ErrorState, LoadingState, PageHeader, StatusBadge, formatDate, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { addKycCaseNote, decideKycCase, viewKycDocument } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import {
  paths,
  type KycCase,
  type KycCaseDocument,
  type KycCaseSummary,
  type KycDecisionBody,
  type KycDocumentView,
} from 'shared-api/contract';
import {
  KYC_CASE_KIND_LABELS,
  KYC_CASE_STATUS_LABELS,
  KYC_CHECKLIST,
  KYC_CHECKLIST_LABELS,
  KYC_REJECTION_REASON_LABELS,
  isSentForApproval,
  SENT_FOR_APPROVAL,
} from 'shared-api/contract/admin';
import { caseLink, DateTimeCell, RouterTextLink, personPath } from '../../components/links';
import { Facts, Section } from '../../components/section';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort } from '../../lib/table-kit';
import { DecisionForm } from './decision-form';

export const NOTE_MAX = 2000;

function DocumentViewer({ caseId, doc }: { caseId: string; doc: KycCaseDocument }) {
  const [view, setView] = useState<KycDocumentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${doc.kind === 'KYC' ? 'Identity document' : 'Business document'}: ${doc.originalName}`;

  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setView(await viewKycDocument(caseId, doc._id));
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            Uploaded {formatDate(doc.createdAt)} · {doc.mimeType}
          </Typography>
        </Box>
        {!view && (
          <Button variant="outline-blue" size="SM" onClick={() => void show()} loading={busy} aria-label={`View ${label}`}>
            View
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {view &&
        (view.mimeType === 'application/pdf' ? (
          <Box component="object" data={view.url} type="application/pdf" aria-label={label} sx={{ mt: 2, width: '100%', height: 600 }}>
            <a href={view.url} target="_blank" rel="noreferrer">
              Open {doc.originalName}
            </a>
          </Box>
        ) : (
          <Box component="img" src={view.url} alt={label} sx={{ mt: 2, maxWidth: '100%', maxHeight: 600, display: 'block' }} />
        ))}
    </Box>
  );
}

function Notes({ c, onAdded }: { c: KycCase; onAdded: () => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setError('Write the note first');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addKycCaseNote(c._id, { body: body.trim() });
      setBody('');
      onAdded();
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Internal notes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Seen by admins only; never sent to the person.
      </Typography>
      {c.notes.length === 0 ? (
        <Typography sx={{ mb: 2 }}>No note yet.</Typography>
      ) : (
        <Box component="ol" sx={{ p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5 }}>
          {c.notes.map((n) => (
            <Box component="li" key={n._id} sx={{ listStyle: 'none', borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {n.authorEmail} · <DateTimeCell value={n.createdAt} />
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.body}</Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Add a note" sx={{ display: 'grid', gap: 1 }}>
        <TextField
          label="New note"
          multiline
          minRows={2}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
        <Box>
          <Button type="submit" variant="outline-blue" size="SM" loading={busy}>
            Add note
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

export function CasePage() {
  const { id = '' } = useParams();
  const { data: c, error, reload } = useApiQuery(adminQueries.kycCase(id));
  const invalidate = useInvalidate();

  // The page keeps its heading while it loads or cannot be read (a case that does not exist).
  if (error && !c)
    return (
      <Box>
        <PageHeader title="Verification case" />
        <ErrorState message={error} onRetry={reload} />
      </Box>
    );
  if (!c)
    return (
      <Box>
        <PageHeader title="Verification case" />
        <LoadingState label="Loading the case..." />
      </Box>
    );

  const decide = async (body: KycDecisionBody) => {
    let done;
    try {
      done = await decideKycCase(c._id, body);
    } catch (err) {
      throw new Error(await readError(err), { cause: err });
    }
    // Approving with a check not ticked waits for a second admin (four eyes).
    if (isSentForApproval(done)) toast.info(SENT_FOR_APPROVAL);
    else toast.success(body.decision === 'APPROVE' ? `${c.name} is verified` : `${c.name} was rejected and told why`);
    // The case, the queue and the console's counts.
    void invalidate(queryKeys.admin.all);
  };

  const profile = personPath({ _id: c.userId, role: c.kind === 'KYB' ? 'PROPERTY_OWNER' : 'INVESTOR' });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={`Case: ${c.name}`} subtitle={`${KYC_CASE_KIND_LABELS[c.kind]} · submitted ${formatDate(c.submittedAt)}`} />
      <RouterTextLink to={paths.cases}>Back to the cases</RouterTextLink>
      <Section title="Person">
        <Facts
          items={[
            { label: 'Name', value: profile ? <RouterTextLink to={profile}>{c.name}</RouterTextLink> : c.name },
            { label: 'Email', value: c.email },
            { label: 'Account status', value: <StatusBadge status={c.userStatus} /> },
            { label: 'Onboarding', value: c.onboardingCompleted ? 'Completed' : 'Not completed' },
            { label: 'Case status', value: KYC_CASE_STATUS_LABELS[c.status] },
          ]}
        />
      </Section>

      <Section title={`Documents (${c.documents.length})`}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Personal data: each view is recorded in the audit trail.
        </Typography>
        {c.documents.length === 0 ? (
          <Typography>No document on file.</Typography>
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
            {c.documents.map((d) => (
              <DocumentViewer key={d._id} caseId={c._id} doc={d} />
            ))}
          </Box>
        )}
      </Section>

      <Section title="Decision">
        {c.status === 'SUBMITTED' ? (
          <DecisionForm kind={c.kind} personName={c.name} onDecide={decide} />
        ) : (
          <Facts
            items={[
              { label: 'Decision', value: KYC_CASE_STATUS_LABELS[c.status] },
              { label: 'Decided', value: <DateTimeCell value={c.decidedAt} /> },
              ...(c.reasonCode ? [{ label: 'Reason', value: KYC_REJECTION_REASON_LABELS[c.reasonCode] }] : []),
              ...(c.decisionNote ? [{ label: 'Note to the person', value: c.decisionNote }] : []),
              {
                label: 'Checklist',
                value: KYC_CHECKLIST[c.kind].map((i) => `${c.checklist[i] ? '✓' : '✗'} ${KYC_CHECKLIST_LABELS[i]}`).join('; '),
              },
            ]}
          />
        )}
      </Section>

      <Notes c={c} onAdded={() => void invalidate(queryKeys.admin.kycCase(c._id))} />

      <Section title="History of cases">
        <CaseHistory c={c} />
      </Section>
    </Box>
  );
}

/** The person's cases: they come whole with the case, so they are sorted here. */
function CaseHistory({ c }: { c: KycCase }) {
  const sorted = useClientSort(
    c.history,
    {
      submittedAt: (h: KycCaseSummary) => h.submittedAt,
      status: (h: KycCaseSummary) => KYC_CASE_STATUS_LABELS[h.status],
      documents: (h: KycCaseSummary) => h.documentCount,
    },
    { prefix: 'history' },
  );
  return (
    <>
      {c.history.length > 0 && (
        <TableTools>
          <DownloadCsvButton<KycCaseSummary>
            filename={`cases-${c.userId}.csv`}
            rows={sorted.rows ?? []}
            columns={[
              { header: 'Case', value: (h) => h._id },
              { header: 'Submitted', value: (h) => h.submittedAt },
              { header: 'Kind', value: (h) => KYC_CASE_KIND_LABELS[h.kind] },
              { header: 'Status', value: (h) => KYC_CASE_STATUS_LABELS[h.status] },
              { header: 'Documents', value: (h) => h.documentCount },
            ]}
          />
        </TableTools>
      )}
      <DataTable
        label="Cases of this person"
        rows={sorted.rows}
        getRowId={(h) => h._id}
        emptyMessage="No case"
        columns={sortableColumns(
          [
            { key: 'submittedAt', header: 'Submitted', render: (h: KycCaseSummary) => <DateTimeCell value={h.submittedAt} /> },
            {
              key: 'status',
              header: 'Status',
              render: (h) =>
                h._id === c._id ? (
                  `${KYC_CASE_STATUS_LABELS[h.status]} (this case)`
                ) : (
                  <RouterTextLink to={caseLink(h._id)}>{KYC_CASE_STATUS_LABELS[h.status]}</RouterTextLink>
                ),
            },
            { key: 'documents', header: 'Documents', align: 'right', render: (h) => String(h.documentCount) },
          ],
          { submittedAt: 'submittedAt', status: 'status', documents: 'documents' },
          sorted,
        )}
      />
    </>
  );
}

// /dashboard/investors/:id and /dashboard/owners/:id: one person, their documents and
// answers, their money and listings; verify, reject (with a reason) or delete them.
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { Navigate, useLocation, useNavigate, useParams } from 'shared-ui/router';
import { Button, ConfirmDialog, ErrorState, LoadingState, PageHeader, StatusBadge, formatNumber, toast, useAsync } from 'shared-ui';
import { readErrorMessages } from 'shared-api';
import { deleteUser, getUser, verifyUser } from 'shared-api/admin';
import { MESSAGES, paths, type UserDetail } from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { USER_STATUS_LABELS } from 'shared-api/labels';
import { DecisionDialog } from '../../components/decision-dialog';
import { RouterTextLink, fullName, personPath } from '../../components/links';
import { peopleIndex } from '../../lib/directory';
import { useUrlFilters } from '../../lib/use-url-filters';
import { EditPersonDialog } from './edit-person-dialog';
import { useAdminCan } from '../../lib/admin-access';
import { HoldingsPanel, OrdersPanel, PropertiesPanel, WalletPanel } from './person-activity';
import { KycDocuments, ProfileDetails, QuestionnaireAnswersView } from './person-profile';
import { StatementsPanel } from './statements-panel';

type TabKey = 'profile' | 'orders' | 'wallet' | 'holdings' | 'properties';

function tabsFor(person: UserDetail): { key: TabKey; label: string }[] {
  if (person.role === 'INVESTOR') {
    return [
      { key: 'profile', label: 'Profile & KYC' },
      { key: 'orders', label: 'Orders' },
      { key: 'wallet', label: 'Wallet' },
      { key: 'holdings', label: 'Holdings' },
    ];
  }
  if (person.role === 'PROPERTY_OWNER') {
    return [
      { key: 'profile', label: 'Profile & KYC' },
      { key: 'properties', label: 'Properties' },
      { key: 'wallet', label: 'Wallet' },
    ];
  }
  return [{ key: 'profile', label: 'Profile' }];
}

function Person({ initial }: { initial: UserDetail }) {
  const navigate = useNavigate();
  const { filters, setFilters } = useUrlFilters(['tab'] as const);
  const [person, setPerson] = useState(initial);
  const [dialog, setDialog] = useState<'verify' | 'reject' | 'delete' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** Why the account cannot be closed yet (the server's 409 lists every reason). */
  const [blockers, setBlockers] = useState<string[] | null>(null);
  const name = fullName(person);
  const tabs = tabsFor(person);
  const tab = tabs.find((t) => t.key === filters.tab)?.key ?? 'profile';
  const listPath = person.role === 'PROPERTY_OWNER' ? paths.owners : paths.investors;
  const manageable = person.role !== 'ADMIN';
  // Only the actions the admin's role holds (support reads people, compliance verifies).
  const canVerify = useAdminCan('people.verify');
  const canEdit = useAdminCan('people.edit');
  const canDelete = useAdminCan('people.delete');

  const decide = async (status: 'VERIFIED' | 'REJECTED', reason: string) => {
    const user = await verifyUser(person._id, status === 'VERIFIED' ? { status } : { status, reason });
    setDialog(null);
    if (isSentForApproval(user)) {
      toast.info(SENT_FOR_APPROVAL);
      return;
    }
    setPerson((p) => ({ ...p, ...user }));
    peopleIndex.clear();
    toast.success(status === 'VERIFIED' ? `${name} is verified` : `${name} was rejected`);
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteUser(person._id);
      peopleIndex.clear();
      toast.success(MESSAGES.userDeleted);
      navigate(listPath, { replace: true });
    } catch (err) {
      setDeleting(false);
      const { status, messages } = await readErrorMessages(err);
      const reasons = status === 409 ? messages : [];
      if (reasons.length > 0) {
        setDialog(null);
        setBlockers(reasons);
        toast.error(`${name}'s account cannot be closed yet`);
      } else {
        toast.error(MESSAGES.userDeleteError);
      }
    }
  };

  const noDocuments = person.kycDocuments.length === 0;
  // The server refuses verifying anyone who has not submitted (KYC_MESSAGES): no button then.
  const missingBusinessDocuments = person.userType === 'BUSINESS_ENTITY' && person.businessDocuments.length === 0;
  const notSubmitted = !person.onboardingCompleted || noDocuments || missingBusinessDocuments;

  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <RouterTextLink to={listPath}>{person.role === 'PROPERTY_OWNER' ? '← All owners' : '← All investors'}</RouterTextLink>
      </Box>
      <PageHeader
        title={name}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <StatusBadge status={person.status} label={USER_STATUS_LABELS[person.status]} />
            <span>{person.role === 'PROPERTY_OWNER' ? 'Property owner' : person.role === 'INVESTOR' ? 'Investor' : 'Admin'}</span>
            <span aria-hidden>·</span>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {person.email}
            </Box>
          </Box>
        }
        actions={
          manageable && (
            <>
              {canVerify && person.status !== 'VERIFIED' && !notSubmitted && (
                <Button variant="filled-blue" size="SM" onClick={() => setDialog('verify')}>
                  Verify
                </Button>
              )}
              {canVerify && person.status !== 'REJECTED' && (
                <Button variant="outline-blue" size="SM" onClick={() => setDialog('reject')}>
                  Reject
                </Button>
              )}
              {canEdit && (
                <Button variant="outline-blue" size="SM" onClick={() => setDialog('edit')}>
                  Edit details
                </Button>
              )}
              {canDelete && (
                <Button variant="filled-red" size="SM" onClick={() => setDialog('delete')}>
                  Delete
                </Button>
              )}
            </>
          )
        }
      />

      {blockers && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setBlockers(null)}>
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
            {name}&apos;s account cannot be closed yet:
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </Box>
        </Alert>
      )}
      {person.status === 'PENDING' && manageable && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notSubmitted ? (
            `Not verifiable yet: ${
              person.onboardingCompleted ? 'the documents are missing' : 'onboarding is not completed'
            }. They can be verified once they submit their documents.`
          ) : (
            <>
              Awaiting verification. Review their case in <RouterTextLink to={paths.cases}>Cases</RouterTextLink>, or open the identity
              document{person.kycDocuments.length > 1 ? 's' : ''} below, then verify or reject.
            </>
          )}
        </Alert>
      )}
      {person.status === 'REJECTED' && person.rejectionReason && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Rejected: {person.rejectionReason}
        </Alert>
      )}

      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setFilters({ tab: v === 'profile' ? '' : v })}
        aria-label={`${name}: sections`}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} id={`person-tab-${t.key}`} aria-controls="person-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="person-panel" aria-labelledby={`person-tab-${tab}`} sx={{ display: 'grid', gap: 2 }}>
        {tab === 'profile' && (
          <>
            <KycDocuments person={person} />
            <ProfileDetails person={person} />
            {person.role === 'INVESTOR' && <QuestionnaireAnswersView person={person} />}
          </>
        )}
        {tab === 'orders' && <OrdersPanel userId={person._id} />}
        {tab === 'wallet' && (
          <>
            <WalletPanel userId={person._id} />
            <StatementsPanel userId={person._id} name={name} />
          </>
        )}
        {tab === 'holdings' && <HoldingsPanel userId={person._id} />}
        {tab === 'properties' && <PropertiesPanel ownerId={person._id} />}
      </Box>

      <DecisionDialog
        open={dialog === 'verify'}
        title={`Verify ${name}?`}
        description={`You checked the ${formatNumber(person.kycDocuments.length)} identity document${person.kycDocuments.length > 1 ? 's' : ''} and they match ${name}.`}
        confirmLabel="Verify"
        onConfirm={() => decide('VERIFIED', '')}
        onClose={() => setDialog(null)}
      />
      <DecisionDialog
        open={dialog === 'reject'}
        title={`Reject ${name}?`}
        description={`${name} will be told the reason and signed out; they can submit new documents.`}
        confirmLabel="Reject"
        reasonLabel="Reason (shown to the person)"
        destructive
        onConfirm={(reason) => decide('REJECTED', reason)}
        onClose={() => setDialog(null)}
      />
      <EditPersonDialog
        person={person}
        open={dialog === 'edit'}
        onClose={() => setDialog(null)}
        onSaved={(updated) => {
          setPerson(updated);
          setDialog(null);
          peopleIndex.clear();
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${name}?`}
        message={`${name}'s account will be closed and every session ended. This cannot be undone from the console.`}
        confirmLabel="Delete"
        loading={deleting}
        onConfirm={remove}
        onCancel={() => setDialog(null)}
      />
    </Box>
  );
}

export function UserDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { data, error, loading, reload } = useAsync(() => getUser(id), [id]);

  if (error) return <ErrorState message={error} onRetry={reload} />;
  if (loading && !data) return <LoadingState label="Loading this person..." />;
  if (!data) return null;
  // An owner's id under /investors (or the reverse): show them under the right list.
  const canonical = personPath(data);
  if (canonical && !pathname.startsWith(canonical)) {
    return <Navigate to={canonical} replace />;
  }
  return (
    <>
      <Person key={data._id} initial={data} />
      {data.role === 'ADMIN' && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Admin accounts are not verified or deleted here.
        </Typography>
      )}
    </>
  );
}

// One listing in full: figures, images and documents, and once it has been live its holder
// votes; for a listing pending review, Approve, or Reject with a reason.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, Modal, StatusBadge, formatDate, formatMoney, formatNumber, formatPercent, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { resumeProperty, reviewProperty } from 'shared-api/admin';
import {
  PROPERTY_TYPE_LABELS,
  amountRaised,
  annualReturn,
  stateName,
  totalValue,
  unitsReserved,
  unitsSold,
  type Property,
  type User,
} from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS, USER_STATUS_LABELS } from 'shared-api/labels';
import { listingApprovalRefusal } from 'shared-api/contract/dashboard';
import { DocumentLinks, ListingImages } from '../../components/files';
import { PersonLink } from '../../components/links';
import { Facts } from '../../components/section';
import { REASON_MAX, REASON_REQUIRED } from '../../components/decision-dialog';
import { HandoverDialog } from './handover-dialog';
import { SaleDialog } from './sale-dialog';
import { VotesPanel } from './votes-panel';

export interface ListingDialogProps {
  listing: Property | null;
  people: Map<string, User>;
  onClose: () => void;
  /** After an approval or rejection, with the listing as it is now. */
  onReviewed: (listing: Property) => void;
  onEdit?: (listing: Property) => void;
  /** False: the admin's role may not approve, reject, resume or hand over listings (read only). */
  canDecide?: boolean;
  /** True: the admin's role may record a funded listing's sale (distributions.manage). */
  canSell?: boolean;
}

// Votes are held on live listings only.
const HAD_VOTES = new Set<Property['status']>(['ACTIVE', 'FUNDED']);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ListingDialog({ listing, people, onClose, onReviewed, onEdit, canDecide = true, canSell = false }: ListingDialogProps) {
  const [mode, setMode] = useState<'view' | 'reject'>('view');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'APPROVE' | 'REJECT' | 'RESUME' | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const [selling, setSelling] = useState(false);

  useEffect(() => {
    setMode('view');
    setReason('');
    setProblem(null);
    setFailure(null);
    setHandingOver(false);
  }, [listing?._id]);

  const pending = listing?.status === 'PENDING_REVIEW';
  // Only a VERIFIED owner's listing can be approved (or resumed): the rule table in the contract.
  const owner = listing ? people.get(listing.ownerId) : undefined;
  const approvalBlocked = owner ? listingApprovalRefusal(owner.status) : null;
  const suspended = Boolean(listing?.suspendedAt);

  const resume = async () => {
    if (!listing) return;
    setBusy('RESUME');
    setFailure(null);
    try {
      const updated = await resumeProperty(listing._id);
      toast.success(`${listing.name} resumed: it is on sale again`);
      onReviewed(updated);
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const decide = async (decision: 'APPROVE' | 'REJECT') => {
    if (!listing) return;
    const text = reason.trim();
    if (decision === 'REJECT' && !text) {
      setProblem(REASON_REQUIRED);
      return;
    }
    setBusy(decision);
    setFailure(null);
    try {
      const updated = await reviewProperty(listing._id, decision === 'APPROVE' ? { decision } : { decision, reason: text });
      toast.success(decision === 'APPROVE' ? `${listing.name} approved: it is now live` : `${listing.name} rejected`);
      onReviewed(updated);
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  let actions: ReactNode = null;
  if (listing && pending && canDecide && mode === 'view') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={() => setMode('reject')} disabled={busy !== null}>
          Reject…
        </Button>
        <Button
          variant="filled-blue"
          size="SM"
          onClick={() => decide('APPROVE')}
          loading={busy === 'APPROVE'}
          disabled={approvalBlocked !== null}
          aria-describedby={approvalBlocked ? 'approve-blocked' : undefined}
        >
          Approve listing
        </Button>
      </>
    );
  } else if (listing && pending && canDecide && mode === 'reject') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={() => setMode('view')} disabled={busy !== null}>
          Back
        </Button>
        <Button variant="filled-red" size="SM" onClick={() => decide('REJECT')} loading={busy === 'REJECT'}>
          Reject listing
        </Button>
      </>
    );
  } else if (listing && (onEdit || canDecide || canSell)) {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={onClose} disabled={busy !== null}>
          Close
        </Button>
        {canDecide && (
          <Button variant="outline-blue" size="SM" onClick={() => setHandingOver(true)} disabled={busy !== null}>
            Hand over…
          </Button>
        )}
        {canSell && listing.status === 'FUNDED' && (
          <Button variant="outline-blue" size="SM" onClick={() => setSelling(true)} disabled={busy !== null}>
            Record sale…
          </Button>
        )}
        {suspended && canDecide && (
          <Button
            variant="filled-blue"
            size="SM"
            onClick={resume}
            loading={busy === 'RESUME'}
            disabled={approvalBlocked !== null}
            aria-describedby={approvalBlocked ? 'approve-blocked' : undefined}
          >
            Resume listing
          </Button>
        )}
        {onEdit && (
          <Button variant="filled-blue" size="SM" onClick={() => onEdit(listing)} disabled={busy !== null}>
            Edit listing
          </Button>
        )}
      </>
    );
  }

  if (selling && listing) {
    return (
      <SaleDialog
        listing={listing}
        onClose={() => setSelling(false)}
        onDone={(recorded) => {
          setSelling(false);
          onReviewed(recorded ? { ...listing, status: 'SOLD' } : listing);
        }}
      />
    );
  }

  // The handover replaces this dialog while it is open (one dialog at a time keeps the focus simple).
  if (handingOver && listing) {
    return (
      <HandoverDialog
        listing={listing}
        people={people}
        onClose={() => setHandingOver(false)}
        onDone={(moved) => {
          setHandingOver(false);
          onReviewed(moved ?? listing);
        }}
      />
    );
  }

  return (
    <Modal
      open={listing !== null}
      onClose={onClose}
      title={listing ? (pending ? `Review: ${listing.name}` : listing.name) : ''}
      maxWidth="md"
      disableClose={busy !== null}
      actions={actions}
    >
      {listing && (
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <StatusBadge status={listing.status} label={PROPERTY_STATUS_LABELS[listing.status]} />
            <Typography color="text.secondary">{PROPERTY_TYPE_LABELS[listing.type]}</Typography>
          </Box>
          {suspended && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              <strong>Suspended</strong> since {formatDate(listing.suspendedAt as string, 'datetime')}: {listing.suspendedReason}. Not on
              sale; its holders still see it.
            </Alert>
          )}
          {(pending || suspended) && approvalBlocked && (
            <Alert severity="info" id="approve-blocked" sx={{ mb: 2 }}>
              {pending ? 'Approve is disabled. ' : 'Resume is disabled. '}
              {approvalBlocked}. The owner&apos;s account is {USER_STATUS_LABELS[owner?.status ?? 'PENDING'].toLowerCase()}: verify the
              owner first.
            </Alert>
          )}
          {listing.status === 'REJECTED' && listing.rejectionReason && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Rejected: {listing.rejectionReason}
            </Alert>
          )}
          <Facts
            items={[
              { label: 'Address', value: `${listing.address}, ${stateName(listing.state)}` },
              { label: 'Owner', value: <PersonLink id={listing.ownerId} people={people} showEmail /> },
              ...(owner
                ? [{ label: 'Owner status', value: <StatusBadge status={owner.status} label={USER_STATUS_LABELS[owner.status]} /> }]
                : []),
              {
                label: 'Units',
                value: `${formatNumber(unitsSold(listing))} sold, ${formatNumber(unitsReserved(listing))} reserved in pending orders, of ${formatNumber(listing.totalQuantity)} (${formatNumber(listing.availableQuantity)} available)`,
              },
              { label: 'Unit price', value: formatMoney(listing.unitPrice) },
              { label: 'Total value', value: formatMoney(totalValue(listing)) },
              { label: 'Amount raised', value: formatMoney(amountRaised(listing)) },
              {
                label: 'Return',
                value: `${formatPercent(listing.roiInFiveYears)} over five years (${formatPercent(annualReturn(listing))} a year)`,
              },
              ...(listing.type === 'OFF_PLAN' ? [{ label: 'Construction progress', value: formatPercent(listing.progress ?? 0) }] : []),
              { label: 'Listed', value: formatDate(listing.createdAt) },
              { label: 'Last changed', value: formatDate(listing.updatedAt, 'datetime') },
            ]}
          />
          <Block title="Description">
            <Typography sx={{ whiteSpace: 'pre-line' }} color={listing.description ? 'text.primary' : 'text.secondary'}>
              {listing.description || 'No description.'}
            </Typography>
          </Block>
          <Block title={`Images (${formatNumber(listing.images.length)})`}>
            <ListingImages images={listing.images} name={listing.name} />
          </Block>
          <Block title={`Documents (${formatNumber(listing.documents.length)})`}>
            <DocumentLinks documents={listing.documents} />
          </Block>
          {HAD_VOTES.has(listing.status) && (
            <Block title="Votes">
              <VotesPanel propertyId={listing._id} canCancel={canDecide} />
            </Block>
          )}
          {pending && mode === 'reject' && (
            <Block title="Reason for the rejection">
              <TextField
                label="Reason (sent to the owner)"
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (problem) setProblem(null);
                }}
                required
                multiline
                minRows={3}
                autoFocus
                fullWidth
                error={Boolean(problem)}
                helperText={problem ?? `${reason.length}/${REASON_MAX} characters`}
                slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
              />
            </Block>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </Box>
      )}
    </Modal>
  );
}

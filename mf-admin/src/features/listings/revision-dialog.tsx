// The admin's decision on a live listing's changes under review (issue 16): what changes,
// field by field and file by file, then approve (applied at once) or reject with a reason
// (the live listing stays as it is).
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Button, Modal, formatDate, toast } from 'shared-ui';
import { RevisionChanges } from 'shared-ui/display';
import { readError } from 'shared-api';
import { reviewRevision } from 'shared-api/admin';
import type { PropertyRevision } from 'shared-api/contract';
import { DecisionDialog } from '../../components/decision-dialog';

export interface RevisionDialogProps {
  revision: PropertyRevision | null;
  onClose: () => void;
  /** The revision was approved or rejected. */
  onDecided: () => void;
}

export function RevisionDialog({ revision, onClose, onDecided }: RevisionDialogProps) {
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const approve = async () => {
    if (!revision) return;
    setApproving(true);
    setFailure(null);
    try {
      await reviewRevision(revision.propertyId, { decision: 'APPROVE' });
      toast.success(`The changes to ${revision.propertyName} are live`);
      onDecided();
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setApproving(false);
    }
  };

  return (
    <>
      <Modal
        open={revision !== null && !rejecting}
        onClose={onClose}
        title={revision ? `Changes to ${revision.propertyName}` : ''}
        maxWidth="md"
        disableClose={approving}
        actions={
          <>
            <Button variant="outline-blue" size="SM" onClick={onClose} disabled={approving}>
              Close
            </Button>
            <Button variant="filled-red" size="SM" onClick={() => setRejecting(true)} disabled={approving}>
              Reject changes
            </Button>
            <Button variant="filled-blue" size="SM" onClick={() => void approve()} loading={approving}>
              Approve changes
            </Button>
          </>
        }
      >
        {revision && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography color="text.secondary">
              Submitted {formatDate(revision.createdAt)}
              {revision.updatedAt !== revision.createdAt ? `, last changed ${formatDate(revision.updatedAt)}` : ''}. The live listing stays
              on sale as it is until you approve; approving applies every change below at once.
            </Typography>
            <RevisionChanges revision={revision} />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Box>
        )}
      </Modal>
      <DecisionDialog
        open={rejecting}
        title={revision ? `Reject the changes to ${revision.propertyName}?` : ''}
        description="The live listing stays as it is. The owner sees your reason."
        confirmLabel="Reject changes"
        reasonLabel="Reason for the rejection"
        destructive
        onConfirm={async (reason) => {
          if (!revision) return;
          await reviewRevision(revision.propertyId, { decision: 'REJECT', reason });
          toast.success(`The changes to ${revision.propertyName} were rejected`);
          setRejecting(false);
          onDecided();
        }}
        onClose={() => setRejecting(false)}
      />
    </>
  );
}

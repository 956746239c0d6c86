import { Alert, AlertTitle, Box } from 'shared-ui/mui';
import { formatNumber } from 'shared-ui/core';
import { RevisionChanges } from 'shared-ui/display';
import type { PropertyRevision, Property } from 'shared-api/contract';
import { editRules } from '../lib/listing-form';

/** A live listing's changes under review, or why the last ones were rejected (issue 16). */
export function RevisionNotice({ revision }: { revision: PropertyRevision | null | undefined }) {
  if (!revision) return null;
  if (revision.status === 'REJECTED') {
    return (
      <Alert severity="error">
        <AlertTitle>Your last changes were rejected</AlertTitle>
        Reason: {revision.reason}. The live listing stayed as it was. Saving new changes sends them for review.
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="region" aria-label="Changes under review" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>Changes under review</AlertTitle>
      Investors see the live listing as it is until an admin approves these changes. Changes you save now are added to them.
      <Box sx={{ mt: 1.5 }}>
        <RevisionChanges revision={revision} />
      </Box>
    </Alert>
  );
}

/** What saving does to this listing, in the server's terms. */
export function StatusNotice({ property }: { property: Property }) {
  const rules = editRules(property);
  const sold =
    rules.unitsSold > 0
      ? ` Investors hold or have ordered ${formatNumber(rules.unitsSold)} units, so the unit price and the total units are locked.`
      : '';
  switch (property.status) {
    case 'PENDING_REVIEW':
      return (
        <Alert severity="info">
          <AlertTitle>Pending review</AlertTitle>
          An admin is reviewing this listing. Changes you save are reviewed with it.
        </Alert>
      );
    case 'ACTIVE':
    case 'FUNDED':
      return (
        <Alert severity="warning">
          <AlertTitle>{property.status === 'FUNDED' ? 'This listing is live and fully funded' : 'This listing is live'}</AlertTitle>
          Changes you save (details, images, documents and their order) are reviewed by an admin before they replace the live version. Until
          then investors keep seeing, and buying, the listing as it is now.{sold}
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error">
          <AlertTitle>Rejected</AlertTitle>
          Reason: {property.rejectionReason ?? 'none given'}. Fix what the reviewer asked for and save to send it back to review.
        </Alert>
      );
  }
}

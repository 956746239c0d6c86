import { Alert, AlertTitle } from 'shared-ui/mui';
import { formatNumber } from 'shared-ui/core';
import type { Property } from 'shared-api/contract';
import { editRules } from '../lib/listing-form';

/** What saving does to this listing, in the server's terms. */
export function StatusNotice({ property }: { property: Property }) {
  const rules = editRules(property);
  const sold = rules.unitsSold > 0 ? ` Investors hold or have ordered ${formatNumber(rules.unitsSold)} units, so the unit price is locked and total units cannot go below that.` : '';
  switch (property.status) {
    case 'PENDING_REVIEW':
      return (
        <Alert severity="info">
          <AlertTitle>Pending review</AlertTitle>
          An admin is reviewing this listing. Changes you save are reviewed with it.
        </Alert>
      );
    case 'ACTIVE':
      return (
        <Alert severity="warning">
          <AlertTitle>This listing is live</AlertTitle>
          Saving changes to its details takes it off the public list and sends it back to review until an admin approves it again.
          Adding or removing images and documents does not.{sold}
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error">
          <AlertTitle>Rejected</AlertTitle>
          Reason: {property.rejectionReason ?? 'none given'}. Fix what the reviewer asked for and save to send it back to review.
        </Alert>
      );
    case 'FUNDED':
      return (
        <Alert severity="success">
          <AlertTitle>Fully funded</AlertTitle>
          Every unit of this listing is sold, so it can no longer be changed.
        </Alert>
      );
  }
}

import { Box, Typography } from 'shared-ui/mui-core';
import { StatusBadge } from 'shared-ui/display';
import type { Property, PropertyRevision } from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';

/**
 * A listing's status badge; a rejected listing also shows the reviewer's reason. A live
 * listing with changes under review keeps its status and says so (issue 16).
 */
export function ListingStatus({
  property,
}: {
  property: Pick<Property, 'status' | 'rejectionReason'> & { revision?: PropertyRevision | null };
}) {
  const revision = property.revision;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <StatusBadge status={property.status} label={PROPERTY_STATUS_LABELS[property.status]} />
      {property.status === 'REJECTED' && property.rejectionReason && (
        <Typography variant="caption" color="error.main" sx={{ maxWidth: 260 }}>
          Reason: {property.rejectionReason}
        </Typography>
      )}
      {revision?.status === 'PENDING' && <StatusBadge status="PENDING_REVIEW" label="Changes under review" />}
      {revision?.status === 'REJECTED' && (
        <Typography variant="caption" color="error.main" sx={{ maxWidth: 260 }}>
          Changes rejected: {revision.reason}
        </Typography>
      )}
    </Box>
  );
}

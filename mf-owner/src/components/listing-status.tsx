import { Box, Typography } from 'shared-ui/mui-core';
import { StatusBadge } from 'shared-ui/display';
import type { Property } from 'shared-api/contract';
import { STATUS_LABELS } from '../lib/status';

/** A listing's status badge; a rejected listing also shows the reviewer's reason. */
export function ListingStatus({ property }: { property: Pick<Property, 'status' | 'rejectionReason'> }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <StatusBadge status={property.status} label={STATUS_LABELS[property.status]} />
      {property.status === 'REJECTED' && property.rejectionReason && (
        <Typography variant="caption" color="error.main" sx={{ maxWidth: 260 }}>
          Reason: {property.rejectionReason}
        </Typography>
      )}
    </Box>
  );
}

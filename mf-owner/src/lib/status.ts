import type { PropertyStatus } from 'shared-api/contract';

/** How the owner area names a listing's status. */
export const STATUS_LABELS: Record<PropertyStatus, string> = {
  PENDING_REVIEW: 'Pending review',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
  FUNDED: 'Funded',
};

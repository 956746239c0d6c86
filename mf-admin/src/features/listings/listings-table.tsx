import { Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, StatusBadge, formatDate, formatMoney, formatNumber, type DataTablePagination } from 'shared-ui';
import { imageSources } from 'shared-api';
import { PROPERTY_TYPE_LABELS, amountRaised, unitsSold, type Property, type User } from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { PersonLink } from '../../components/links';

export interface ListingsTableProps {
  label: string;
  rows: Property[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  pagination?: DataTablePagination;
  people: Map<string, User>;
  emptyMessage: string;
  onOpen: (p: Property) => void;
  /** Absent: the admin's role may not edit or delete listings (no button). */
  onEdit?: (p: Property) => void;
  onDelete?: (p: Property) => void;
}

function Thumb({ p }: { p: Property }) {
  const img = p.images[0];
  return (
    <Box sx={{ width: 56, height: 42, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100', flexShrink: 0 }}>
      {img && (
        <Box
          component="img"
          {...imageSources(img)}
          sizes="56px"
          alt=""
          loading="lazy"
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

export function ListingsTable({
  label,
  rows,
  loading,
  error,
  onRetry,
  pagination,
  people,
  emptyMessage,
  onOpen,
  onEdit,
  onDelete,
}: ListingsTableProps) {
  return (
    <DataTable
      label={label}
      rows={rows}
      getRowId={(p) => p._id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyMessage={emptyMessage}
      pagination={pagination}
      columns={[
        {
          key: 'name',
          header: 'Listing',
          render: (p) => (
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 220 }}>
              <Thumb p={p} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.address}, {p.state}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {PROPERTY_TYPE_LABELS[p.type]}
                </Typography>
              </Box>
            </Box>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          // A suspended listing (its owner was rejected) says so before anything else.
          render: (p) =>
            p.suspendedAt ? (
              <StatusBadge status="SUSPENDED" tone="warning" label="Suspended" />
            ) : (
              <StatusBadge status={p.status} label={PROPERTY_STATUS_LABELS[p.status]} />
            ),
        },
        { key: 'owner', header: 'Owner', render: (p) => <PersonLink id={p.ownerId} people={people} /> },
        {
          key: 'funding',
          header: 'Raised',
          align: 'right',
          render: (p) => (
            <Box>
              <Box sx={{ fontWeight: 600 }}>{formatMoney(amountRaised(p))}</Box>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatNumber(unitsSold(p))} / {formatNumber(p.totalQuantity)} sold
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.unitPrice)} a unit
              </Typography>
            </Box>
          ),
        },
        { key: 'createdAt', header: 'Listed', render: (p) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.createdAt)}</Box> },
        {
          key: 'actions',
          header: 'Actions',
          render: (p) => (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, alignItems: 'stretch' }}>
              <Button
                variant={p.status === 'PENDING_REVIEW' ? 'filled-blue' : 'text-blue'}
                size="XS"
                onClick={() => onOpen(p)}
                aria-label={`${p.status === 'PENDING_REVIEW' ? 'Review' : 'View'} ${p.name}`}
              >
                {p.status === 'PENDING_REVIEW' ? 'Review' : 'View'}
              </Button>
              {onEdit && (
                <Button variant="text-blue" size="XS" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
              )}
              {onDelete && (
                <Button variant="text" size="XS" onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`} sx={{ color: 'error.main' }}>
                  Delete
                </Button>
              )}
            </Box>
          ),
        },
      ]}
    />
  );
}

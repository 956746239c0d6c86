// /dashboard/listings for an owner: every listing with its status, search by name,
// and view, edit, delete.
import { useEffect, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { TextField } from 'shared-ui/mui-inputs';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, ConfirmDialog, DataTable, PageHeader, formatMoney, formatNumber, toast, type DataTableColumn } from 'shared-ui';
import { deleteOwnedProperty, imageSources, readError } from 'shared-api';
import { queries, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import {
  PROPERTY_STATUSES,
  PROPERTY_TYPE_LABELS,
  paths,
  unitsReserved,
  unitsSold,
  unitsTaken,
  type Property,
  type PropertyStatus,
} from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { ListingStatus } from '../../../components/listing-status';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return current;
}

/** Why a listing cannot be deleted, or null. */
function deleteRefusal(p: Property): string | null {
  const sold = unitsTaken(p);
  return sold > 0 ? `“${p.name}” cannot be deleted: investors hold or have ordered ${formatNumber(sold)} of its units.` : null;
}

export function ListingsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PropertyStatus | ''>('');
  const searchName = useDebounced(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to one search: a new search starts at page 1.
  const filterKey = `${searchName}|${status}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: p });
  const { data, error, loading, reload } = useApiQuery(
    queries.me.properties({ searchName: searchName || undefined, status: status || undefined, page, pageSize: PAGE_SIZE }),
  );
  // A deletion changes the lists and the overview's figures: the owner's data is asked again.
  const invalidate = useInvalidate();
  const refresh = () => void invalidate(queryKeys.me.all);
  const [toDelete, setToDelete] = useState<Property | null>(null);
  const [deleting, setDeleting] = useState(false);

  const askDelete = (p: Property) => {
    const refusal = deleteRefusal(p);
    if (refusal) toast.error(refusal);
    else setToDelete(p);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteOwnedProperty(toDelete._id);
      toast.success(`“${toDelete.name}” was deleted.`);
      setToDelete(null);
      refresh();
    } catch (err) {
      // The server has the last word: someone may have bought units meanwhile.
      toast.error(await readError(err));
      setToDelete(null);
      refresh();
    } finally {
      setDeleting(false);
    }
  };

  const columns: DataTableColumn<Property>[] = [
    {
      key: 'name',
      header: 'Property',
      render: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 200 }}>
          <Box sx={{ width: 56, height: 42, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover' }}>
            {p.images[0] && (
              <Box
                component="img"
                {...imageSources(p.images[0])}
                sizes="56px"
                alt=""
                loading="lazy"
                decoding="async"
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {p.address}, {p.state}
            </Typography>
          </Box>
        </Box>
      ),
    },
    { key: 'type', header: 'Type', render: (p) => PROPERTY_TYPE_LABELS[p.type] },
    { key: 'status', header: 'Status', render: (p) => <ListingStatus property={p} /> },
    {
      key: 'units',
      header: 'Units sold',
      align: 'right',
      render: (p) => `${formatNumber(unitsSold(p))} of ${formatNumber(p.totalQuantity)}`,
    },
    { key: 'reserved', header: 'Reserved', align: 'right', render: (p) => formatNumber(unitsReserved(p)) },
    { key: 'unitPrice', header: 'Unit price', align: 'right', render: (p) => formatMoney(p.unitPrice, { cents: 'auto' }) },
    {
      key: 'actions',
      header: <Box component="span">Actions</Box>,
      align: 'right',
      render: (p) => (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button size="XS" variant="text-blue" component={RouterLink} to={paths.property(p._id)} aria-label={`View ${p.name}`}>
            View
          </Button>
          <Button size="XS" variant="text-blue" component={RouterLink} to={paths.editListing(p._id)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button size="XS" variant="text" sx={{ color: 'error.main' }} onClick={() => askDelete(p)} aria-label={`Delete ${p.name}`}>
            Delete
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="My listings"
        subtitle="Every property you have listed. New listings and changes are reviewed by an admin before they go live."
        actions={
          <Button variant="filled-blue" component={RouterLink} to={paths.createListing}>
            Create listing
          </Button>
        }
      />
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          label="Search by name"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          size="small"
          sx={{ minWidth: 260, flexGrow: 1, maxWidth: 420 }}
        />
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as PropertyStatus | '')}
          size="small"
          sx={{ minWidth: 200 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All statuses</option>
          {PROPERTY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PROPERTY_STATUS_LABELS[s]}
            </option>
          ))}
        </TextField>
      </Box>
      <DataTable
        label="My listings"
        columns={columns}
        rows={data?.items}
        getRowId={(p) => p._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={searchName || status ? 'No listings match your search' : 'You have not listed a property yet'}
        emptyAction={
          searchName || status ? undefined : (
            <Button variant="filled-blue" size="SM" component={RouterLink} to={paths.createListing}>
              Create your first listing
            </Button>
          )
        }
        pagination={data ? { page: data.page, pageSize: data.pageSize, total: data.total, onPageChange: setPage } : undefined}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this listing?"
        message={`“${toDelete?.name ?? ''}” and its images and documents are deleted for good.`}
        confirmLabel="Delete"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}

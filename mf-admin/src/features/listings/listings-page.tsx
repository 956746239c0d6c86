// /dashboard/listings for an admin: every listing with filters, the review queue,
// and the details, edit and delete of any listing.
import { useEffect, useMemo, useState } from 'react';
import { Box, Chip } from 'shared-ui/mui';
import { Autocomplete, TextField } from 'shared-ui/mui-forms';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { ConfirmDialog, PageHeader, formatNumber, toast } from 'shared-ui';
import { getProperty, readError } from 'shared-api';
import { deleteProperty } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { apiQuery, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { PROPERTY_TYPE_LABELS, US_STATES, type Property, type PropertyRevision, type User } from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { FilterBar, SearchField, SelectFilter, optionsOf } from '../../components/filter-bar';
import { fullName } from '../../components/links';
import { propertyIndex, usePeople } from '../../lib/directory';
import { useUrlFilters } from '../../lib/use-url-filters';
import { DownloadCsvButton, PageSizeSelect, TableTools, collectPages, usePageSize, type CsvColumn } from '../../lib/table-kit';
import { EditListingDialog } from './edit-listing-dialog';
import { LISTINGS_PAGE_SIZE, fetchListings } from './fetch-listings';
import { ListingDialog } from './listing-dialog';
import { ListingsTable } from './listings-table';
import { useAdminCan } from '../../lib/admin-access';
import { RevisionDialog } from './revision-dialog';
import { RevisionsTable } from './revisions-table';
import { ProgressReviews } from './progress-reviews';

const FILTERS = ['tab', 'q', 'status', 'type', 'state', 'owner', 'view'] as const;

const LISTINGS_CSV: CsvColumn<Property>[] = [
  { header: 'Listing', value: (p) => p._id },
  { header: 'Name', value: (p) => p.name },
  { header: 'Status', value: (p) => PROPERTY_STATUS_LABELS[p.status] },
  { header: 'Type', value: (p) => PROPERTY_TYPE_LABELS[p.type] },
  { header: 'State', value: (p) => p.state },
  { header: 'Owner', value: (p) => p.ownerId },
  { header: 'Units', value: (p) => p.totalQuantity },
  { header: 'Unit price', value: (p) => p.unitPrice },
  { header: 'Listed', value: (p) => p.createdAt },
];
const QUEUE_FILTERS = { q: '', status: 'PENDING_REVIEW', type: '', state: '', owner: '' };

function OwnerFilter({ value, onChange, people }: { value: string; onChange: (id: string) => void; people: Map<string, User> }) {
  const owners = useMemo(
    () => [...people.values()].filter((u) => u.role === 'PROPERTY_OWNER').sort((a, b) => fullName(a).localeCompare(fullName(b))),
    [people],
  );
  const selected = owners.find((o) => o._id === value) ?? null;
  return (
    <Autocomplete
      options={owners}
      value={selected}
      onChange={(_e, o) => onChange(o?._id ?? '')}
      getOptionLabel={(o) => `${fullName(o)} (${o.email})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      size="small"
      renderInput={(params) => <TextField {...params} label="Owner" placeholder="Any owner" />}
    />
  );
}

export function ListingsPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  // Reviewing (listings, their changes) is compliance's: other roles read listings only.
  const canReview = useAdminCan('listings.review');
  const canSell = useAdminCan('distributions.manage');
  const tab =
    filters.tab === 'review' ? 'review' : (filters.tab === 'changes' || filters.tab === 'progress') && canReview ? filters.tab : 'all';
  const people = usePeople();

  const shown = { q: filters.q, status: filters.status, type: filters.type, state: filters.state, owner: filters.owner };
  // The catalogue call sorts by its own presets (newest, price…), not by a column either way:
  // the listings keep their order and get a page size and the CSV.
  const size = usePageSize(LISTINGS_PAGE_SIZE);
  const all = useApiQuery(
    apiQuery(queryKeys.admin.listings('all', { ...shown, page, pageSize: size.pageSize }), () => fetchListings(shown, page, size.pageSize)),
    { enabled: tab === 'all' },
  );
  const queue = useApiQuery(
    adminQueries.properties({ status: 'PENDING_REVIEW', page: tab === 'review' ? page : 1, pageSize: size.pageSize }),
  );
  // Changes to live listings waiting for review (issue 16).
  const changes = useApiQuery(adminQueries.revisions(), { enabled: canReview });
  // Off-plan progress that went backwards, held for review.
  const progress = useApiQuery(adminQueries.progressReviews(), { enabled: canReview });
  const invalidate = useInvalidate();
  const [revision, setRevision] = useState<PropertyRevision | null>(null);

  // ?view=<id> opens that listing (links from the other pages of the console).
  const [open, setOpen] = useState<Property | null>(null);
  const [editing, setEditing] = useState<Property | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  useEffect(() => {
    if (!filters.view) {
      setOpen(null);
      return undefined;
    }
    let live = true;
    getProperty(filters.view).then(
      (p) => live && setOpen(p),
      async (err: unknown) => {
        if (!live) return;
        toast.error(await readError(err));
        setFilters({ view: '' }, { keepPage: true });
      },
    );
    return () => {
      live = false;
    };
  }, [filters.view, setFilters]);

  // A review, an edit or a deletion: every list of listings (and the console's figures) is asked again.
  const refresh = () => {
    propertyIndex.clear();
    void invalidate(queryKeys.admin.all);
  };

  const openListing = (p: Property) => {
    setOpen(p);
    if (filters.view !== p._id) setFilters({ view: p._id }, { keepPage: true });
  };
  const closeListing = () => {
    setOpen(null);
    if (filters.view) setFilters({ view: '' }, { keepPage: true });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteProperty(deleting._id);
      toast.success(`${deleting.name} deleted`);
      setDeleting(null);
      refresh();
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setDeleteBusy(false);
    }
  };

  const pendingCount = queue.data?.total;
  const tableProps = {
    people,
    onOpen: openListing,
    onEdit: canReview ? setEditing : undefined,
    onDelete: canReview ? setDeleting : undefined,
  };

  return (
    <Box>
      <PageHeader title="Listings" subtitle="Every property on the platform: review new listings, edit or delete any of them." />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setFilters({ tab: v === 'review' || v === 'changes' || v === 'progress' ? v : '' })}
        aria-label="Listings views"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="all" id="listings-tab-all" aria-controls="listings-panel" label="All listings" />
        <Tab
          value="review"
          id="listings-tab-review"
          aria-controls="listings-panel"
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              Review queue
              {pendingCount !== undefined && (
                <Chip
                  size="small"
                  color={pendingCount > 0 ? 'warning' : 'default'}
                  label={formatNumber(pendingCount)}
                  aria-label={`${formatNumber(pendingCount)} pending`}
                />
              )}
            </Box>
          }
        />
        {canReview && (
          <Tab
            value="changes"
            id="listings-tab-changes"
            aria-controls="listings-panel"
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                Changes under review
                {changes.data && (
                  <Chip
                    size="small"
                    color={changes.data.items.length > 0 ? 'warning' : 'default'}
                    label={formatNumber(changes.data.items.length)}
                    aria-label={`${formatNumber(changes.data.items.length)} pending`}
                  />
                )}
              </Box>
            }
          />
        )}
        {canReview && (
          <Tab
            value="progress"
            id="listings-tab-progress"
            aria-controls="listings-panel"
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                Progress under review
                {progress.data && (
                  <Chip
                    size="small"
                    color={progress.data.items.length > 0 ? 'warning' : 'default'}
                    label={formatNumber(progress.data.items.length)}
                    aria-label={`${formatNumber(progress.data.items.length)} pending`}
                  />
                )}
              </Box>
            }
          />
        )}
      </Tabs>

      <Box role="tabpanel" id="listings-panel" aria-labelledby={`listings-tab-${tab}`}>
        {tab === 'all' ? (
          <>
            <FilterBar label="Filter listings">
              <SearchField label="Search by name" value={filters.q} onChange={(q) => setFilters({ q })} />
              <SelectFilter
                label="Status"
                value={filters.status}
                onChange={(status) => setFilters({ status })}
                options={optionsOf(PROPERTY_STATUS_LABELS)}
                allLabel="Any status"
              />
              <SelectFilter
                label="Type"
                value={filters.type}
                onChange={(type) => setFilters({ type })}
                options={optionsOf(PROPERTY_TYPE_LABELS)}
                allLabel="Any type"
              />
              <SelectFilter
                label="State"
                value={filters.state}
                onChange={(state) => setFilters({ state })}
                options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
                allLabel="Any state"
              />
              <OwnerFilter value={filters.owner} onChange={(owner) => setFilters({ owner })} people={people} />
            </FilterBar>
            <TableTools>
              <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} />
              <DownloadCsvButton<Property>
                filename="listings.csv"
                rows={() => collectPages((p) => fetchListings(shown, p.page, p.pageSize))}
                columns={LISTINGS_CSV}
              />
            </TableTools>
            <ListingsTable
              label="All listings"
              rows={all.data?.items}
              loading={all.loading}
              error={all.error}
              onRetry={all.reload}
              emptyMessage="No listing matches these filters"
              pagination={all.data ? { page, pageSize: size.pageSize, total: all.data.total, onPageChange: setPage } : undefined}
              {...tableProps}
            />
          </>
        ) : tab === 'progress' ? (
          <ProgressReviews
            rows={progress.data?.items}
            loading={progress.loading}
            error={progress.error}
            onRetry={progress.reload}
            onDecided={refresh}
          />
        ) : tab === 'changes' ? (
          <RevisionsTable
            rows={changes.data?.items}
            loading={changes.loading}
            error={changes.error}
            onRetry={changes.reload}
            onOpen={setRevision}
          />
        ) : (
          <>
            <TableTools>
              <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} />
              <DownloadCsvButton<Property>
                filename="listings-pending-review.csv"
                rows={() => collectPages((p) => fetchListings(QUEUE_FILTERS, p.page, p.pageSize))}
                columns={LISTINGS_CSV}
              />
            </TableTools>
            <ListingsTable
              label="Listings pending review"
              rows={queue.data?.items}
              loading={queue.loading}
              error={queue.error}
              onRetry={queue.reload}
              emptyMessage="No listing is waiting for review"
              pagination={queue.data ? { page, pageSize: size.pageSize, total: queue.data.total, onPageChange: setPage } : undefined}
              {...tableProps}
            />
          </>
        )}
      </Box>

      <ListingDialog
        listing={editing ? null : open}
        people={people}
        onClose={closeListing}
        onReviewed={() => {
          closeListing();
          refresh();
        }}
        onEdit={canReview ? (p) => setEditing(p) : undefined}
        canDecide={canReview}
        canSell={canSell}
      />
      <RevisionDialog
        revision={revision}
        onClose={() => setRevision(null)}
        onDecided={() => {
          setRevision(null);
          refresh();
        }}
      />
      <EditListingDialog
        listing={editing}
        onClose={() => setEditing(null)}
        onSaved={(p) => {
          setEditing(null);
          if (open?._id === p._id) setOpen(p);
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this listing?"
        message={
          deleting
            ? `${deleting.name}, with its images and documents, will be removed for good. A listing with investors cannot be deleted.`
            : ''
        }
        confirmLabel="Delete listing"
        loading={deleteBusy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}

// /dashboard/listings for an admin: every listing with filters, the review queue,
// and the details, edit and delete of any listing.
import { useEffect, useMemo, useState } from 'react';
import { Box, Chip } from 'shared-ui/mui';
import { Autocomplete, TextField } from 'shared-ui/mui-forms';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { ConfirmDialog, PageHeader, formatNumber, toast } from 'shared-ui';
import { deleteProperty, getProperty, readError } from 'shared-api';
import { apiQuery, queries, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { PROPERTY_TYPE_LABELS, US_STATES, type Property, type PropertyRevision, type User } from 'shared-api/contract';
import { PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { FilterBar, SearchField, SelectFilter, optionsOf } from '../../components/filter-bar';
import { fullName } from '../../components/links';
import { propertyIndex, usePeople } from '../../lib/directory';
import { useUrlFilters } from '../../lib/use-url-filters';
import { EditListingDialog } from './edit-listing-dialog';
import { LISTINGS_PAGE_SIZE, fetchListings } from './fetch-listings';
import { ListingDialog } from './listing-dialog';
import { ListingsTable } from './listings-table';
import { RevisionDialog } from './revision-dialog';
import { RevisionsTable } from './revisions-table';

const FILTERS = ['tab', 'q', 'status', 'type', 'state', 'owner', 'view'] as const;

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
  const tab = filters.tab === 'review' ? 'review' : filters.tab === 'changes' ? 'changes' : 'all';
  const people = usePeople();

  const shown = { q: filters.q, status: filters.status, type: filters.type, state: filters.state, owner: filters.owner };
  const all = useApiQuery(
    apiQuery(queryKeys.admin.listings('all', { ...shown, page }), () => fetchListings(shown, page)),
    { enabled: tab === 'all' },
  );
  const queue = useApiQuery(
    queries.admin.properties({ status: 'PENDING_REVIEW', page: tab === 'review' ? page : 1, pageSize: LISTINGS_PAGE_SIZE }),
  );
  // Changes to live listings waiting for review (issue 16).
  const changes = useApiQuery(queries.admin.revisions());
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
  const tableProps = { people, onOpen: openListing, onEdit: setEditing, onDelete: setDeleting };

  return (
    <Box>
      <PageHeader title="Listings" subtitle="Every property on the platform: review new listings, edit or delete any of them." />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setFilters({ tab: v === 'review' || v === 'changes' ? v : '' })}
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
            <ListingsTable
              label="All listings"
              rows={all.data?.items}
              loading={all.loading}
              error={all.error}
              onRetry={all.reload}
              emptyMessage="No listing matches these filters"
              pagination={all.data ? { page, pageSize: LISTINGS_PAGE_SIZE, total: all.data.total, onPageChange: setPage } : undefined}
              {...tableProps}
            />
          </>
        ) : tab === 'changes' ? (
          <RevisionsTable
            rows={changes.data?.items}
            loading={changes.loading}
            error={changes.error}
            onRetry={changes.reload}
            onOpen={setRevision}
          />
        ) : (
          <ListingsTable
            label="Listings pending review"
            rows={queue.data?.items}
            loading={queue.loading}
            error={queue.error}
            onRetry={queue.reload}
            emptyMessage="No listing is waiting for review"
            pagination={queue.data ? { page, pageSize: LISTINGS_PAGE_SIZE, total: queue.data.total, onPageChange: setPage } : undefined}
            {...tableProps}
          />
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
        onEdit={(p) => setEditing(p)}
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

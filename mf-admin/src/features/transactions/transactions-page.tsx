// /dashboard/transactions: the whole ledger, filtered by type, person, property and
// dates, with the totals of the selection and a CSV export of it.
import { useMemo, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Autocomplete, TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, PageHeader, StatCard, formatMoney, formatNumber, toast, useAsync } from 'shared-ui';
import { readError } from 'shared-api';
import { exportTransactionsCsv, getTransactions } from 'shared-api/admin';
import type { LedgerEntryType, LedgerTotals, Property, TransactionsQuery, User } from 'shared-api/contract';
import { LEDGER_TYPE_LABELS } from 'shared-api/labels';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, PersonLink, PropertyLink, fullName } from '../../components/links';
import { saveFile } from '../../lib/download';
import { usePeople, usePropertyNames } from '../../lib/directory';
import { pageOf, useUrlFilters } from '../../lib/use-url-filters';
import { PageSizeSelect, TableTools, usePageSize } from '../../lib/table-kit';

export const TRANSACTIONS_PAGE_SIZE = 25;

const FILTERS = ['type', 'user', 'property', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function toQuery(f: Filters): TransactionsQuery {
  return {
    type: (f.type || undefined) as LedgerEntryType | undefined,
    userId: f.user || undefined,
    propertyId: f.property || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

function Totals({ totals }: { totals: LedgerTotals }) {
  const byType = (Object.keys(LEDGER_TYPE_LABELS) as LedgerEntryType[]).filter((t) => totals.byType[t] !== undefined);
  return (
    <Box component="section" aria-label="Totals of the selection" sx={{ mb: 2 }}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 210px), 1fr))', '& > *': { minWidth: 0 } }}
      >
        <StatCard title="Entries" value={formatNumber(totals.count)} />
        <StatCard title="Credits" value={formatMoney(totals.credits)} />
        <StatCard title="Debits" value={formatMoney(totals.debits)} />
        <StatCard title="Net" value={formatMoney(totals.net)} />
      </Box>
      {byType.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {byType.map((t) => `${LEDGER_TYPE_LABELS[t]}: ${formatMoney(totals.byType[t])}`).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

function PersonFilter({ value, onChange, people }: { value: string; onChange: (id: string) => void; people: Map<string, User> }) {
  const options = useMemo(() => [...people.values()].sort((a, b) => fullName(a).localeCompare(fullName(b))), [people]);
  return (
    <Autocomplete
      options={options}
      value={options.find((o) => o._id === value) ?? null}
      onChange={(_e, o) => onChange(o?._id ?? '')}
      getOptionLabel={(o) => `${fullName(o)} (${o.email})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      size="small"
      renderInput={(params) => <TextField {...params} label="Person" placeholder="Anyone" />}
    />
  );
}

function PropertyFilter({
  value,
  onChange,
  properties,
}: {
  value: string;
  onChange: (id: string) => void;
  properties: Map<string, Property>;
}) {
  const options = useMemo(() => [...properties.values()].sort((a, b) => a.name.localeCompare(b.name)), [properties]);
  return (
    <Autocomplete
      options={options}
      value={options.find((o) => o._id === value) ?? null}
      onChange={(_e, o) => onChange(o?._id ?? '')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      size="small"
      renderInput={(params) => <TextField {...params} label="Property" placeholder="Any property" />}
    />
  );
}

export function TransactionsPage() {
  const { filters, page, cursor, setFilters, setPage } = useUrlFilters(FILTERS);
  const people = usePeople();
  const properties = usePropertyNames();
  const [exporting, setExporting] = useState(false);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  // The ledger keeps its order (newest entry first, the seq its keyset follows): a page size
  // only. Its CSV is the server's export below.
  const table = usePageSize(TRANSACTIONS_PAGE_SIZE);
  const { data, error, loading, reload } = useAsync(
    () => (badRange ? Promise.resolve(undefined) : getTransactions({ ...toQuery(filters), page, ...cursor, pageSize: table.pageSize })),
    [filters.type, filters.user, filters.property, filters.from, filters.to, page, cursor, badRange, table.pageSize],
  );

  // The server writes the CSV of everything that matches (every page).
  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await exportTransactionsCsv(toQuery(filters));
      saveFile(blob, `tessera-transactions-${new Date().toISOString().slice(0, 10)}.csv`);
      toast.success(data ? `Exported ${formatNumber(data.total)} transaction${data.total === 1 ? '' : 's'}` : 'Transactions exported');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Transactions"
        subtitle="Every movement of money on the platform, as recorded in the ledger."
        actions={
          <Button
            variant="outline-blue"
            size="SM"
            onClick={exportCsv}
            loading={exporting}
            disabled={badRange || Boolean(error) || data?.total === 0}
          >
            Export CSV
          </Button>
        }
      />
      <FilterBar label="Filter transactions">
        <SelectFilter
          label="Type"
          value={filters.type}
          onChange={(type) => setFilters({ type })}
          options={optionsOf(LEDGER_TYPE_LABELS)}
          allLabel="Any type"
        />
        <PersonFilter value={filters.user} onChange={(user) => setFilters({ user })} people={people} />
        <PropertyFilter value={filters.property} onChange={(property) => setFilters({ property })} properties={properties} />
        <TextField
          type="date"
          size="small"
          label="From"
          value={filters.from}
          onChange={(e) => setFilters({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={filters.to}
          onChange={(e) => setFilters({ to: e.target.value })}
          error={badRange}
          helperText={badRange ? 'Must be on or after From' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </FilterBar>
      {data?.totals && <Totals totals={data.totals} />}
      {data && data.totals === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Totals are summed for selections of up to 1,000 entries: narrow this one by type, person, property or dates to see them.
        </Typography>
      )}
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
      </TableTools>
      <DataTable
        label="Transactions"
        rows={badRange ? [] : data?.items}
        getRowId={(t) => t._id}
        loading={loading && !badRange}
        error={error}
        onRetry={reload}
        emptyMessage={badRange ? 'Choose a date range that ends after it starts' : 'No transaction matches these filters'}
        pagination={data ? { page, pageSize: table.pageSize, ...pageOf(data), onPageChange: setPage } : undefined}
        columns={[
          { key: 'createdAt', header: 'Date', render: (t) => <DateTimeCell value={t.createdAt} /> },
          { key: 'type', header: 'Type', render: (t) => LEDGER_TYPE_LABELS[t.type] ?? t.type },
          { key: 'user', header: 'Person', render: (t) => <PersonLink id={t.userId} people={people} /> },
          {
            key: 'property',
            header: 'Property',
            render: (t) => (t.propertyId ? <PropertyLink id={t.propertyId} name={properties.get(t.propertyId)?.name} /> : '—'),
          },
          { key: 'description', header: 'Description', render: (t) => <Typography variant="body2">{t.description || '—'}</Typography> },
          {
            key: 'amount',
            header: 'Amount',
            align: 'right',
            render: (t) => (
              <Box component="span" sx={{ color: t.amount < 0 ? 'error.main' : 'success.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t.amount > 0 ? `+${formatMoney(t.amount)}` : formatMoney(t.amount)}
              </Box>
            ),
          },
          { key: 'balanceAfter', header: 'Balance after', align: 'right', render: (t) => formatMoney(t.balanceAfter) },
        ]}
      />
    </Box>
  );
}

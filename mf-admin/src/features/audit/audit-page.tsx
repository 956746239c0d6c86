// /dashboard/audit: every admin action — who, what, when, from which address. The
// server writes it and offers no way to change or remove it; this page only reads.
import { useMemo } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, PageHeader, formatMoney, formatNumber, useAsync } from 'shared-ui';
import { exportAuditCsv, getAuditLog } from 'shared-api/admin';
import { paths, type AuditEntry, type AuditSort, type Property, type User } from 'shared-api/contract';
import { actionLabel, AUDIT_ACTION_LABELS } from 'shared-api/contract/admin';
import { FilterBar, SelectFilter } from '../../components/filter-bar';
import { DateTimeCell, PropertyLink, RouterTextLink, fullName, personPath, shortId } from '../../components/links';
import { usePeople, usePropertyNames } from '../../lib/directory';
import { codeLabel } from '../../lib/labels';
import { pageOf, useUrlFilters } from '../../lib/use-url-filters';
import { PageSizeSelect, ServerCsvButton, TableTools, sortQuery, sortableColumns, useTableControls } from '../../lib/table-kit';

export const AUDIT_PAGE_SIZE = 25;
const FILTERS = ['action', 'actor'] as const;
// The server's allow-list (AUDIT_SORTS): the trail is paged there, so it is sorted there.
const SORTS: readonly AuditSort[] = ['createdAt', 'action'];
const SORTABLE: Record<string, AuditSort> = { createdAt: 'createdAt', action: 'action' };

/** Plain fields of a nested object shown in the trail; the CSV has them all. */
const OBJECT_FIELDS_SHOWN = 6;

const words = (camel: string) => camel.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

interface Directory {
  people: Map<string, User>;
  properties: Map<string, Property>;
}

function text(key: string, value: unknown, dir: Directory): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map((v) => (key === 'fields' && typeof v === 'string' ? words(v) : text(key, v, dir))).join(', ');
  if (typeof value === 'object') {
    // A person recorded as { id, email } (four eyes: who asked, who approved or rejected): named, not JSON.
    const ref = value as { id?: unknown; email?: unknown };
    if (typeof ref.email === 'string') {
      const person = typeof ref.id === 'string' ? dir.people.get(ref.id) : undefined;
      return person ? `${fullName(person)} (${ref.email})` : ref.email;
    }
    // Anything else (an approved action's answer): its plain fields as words, not JSON; the
    // raw row stays in the CSV.
    const fields = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== null && v !== undefined && typeof v !== 'object',
    );
    const shown = fields.slice(0, OBJECT_FIELDS_SHOWN).map(([k, v]) => `${words(k)}: ${text(k, v, dir)}`);
    return shown.length === 0 ? '—' : shown.join(' · ') + (fields.length > OBJECT_FIELDS_SHOWN ? ' …' : '');
  }
  if (typeof value === 'number') {
    // Money is recorded in cents where the key says so (valuePerUnitCents, grossRentCents),
    // in dollars otherwise (amount, price): each is shown in dollars.
    if (/Cents$/.test(key)) return formatMoney(value / 100);
    return /amount|price/i.test(key) ? formatMoney(value) : formatNumber(value);
  }
  if (typeof value === 'string') {
    const person = /Id$/.test(key) ? dir.people.get(value) : undefined;
    if (person) return fullName(person);
    const property = key === 'propertyId' ? dir.properties.get(value) : undefined;
    if (property) return property.name;
    if (/^[A-Z][A-Z_]+$/.test(value)) return codeLabel(value);
  }
  return String(value);
}

function Target({ entry, people, properties }: { entry: AuditEntry; people: Map<string, User>; properties: Map<string, Property> }) {
  const d = entry.detail;
  switch (entry.targetType) {
    case 'user': {
      const u = people.get(entry.targetId);
      const role = u?.role ?? (typeof d.role === 'string' ? d.role : null);
      const label = u ? fullName(u) : typeof d.email === 'string' ? d.email : `Person ${shortId(entry.targetId)}`;
      const to = role ? personPath({ _id: entry.targetId, role: role as User['role'] }) : null;
      // Deleted people have no page any more.
      return to && u ? <RouterTextLink to={to}>{label}</RouterTextLink> : <span>{label}</span>;
    }
    case 'property': {
      const name = properties.get(entry.targetId)?.name ?? (typeof d.name === 'string' ? d.name : undefined);
      return entry.action === 'property.delete' ? (
        <span>{name ?? shortId(entry.targetId)}</span>
      ) : (
        <PropertyLink id={entry.targetId} name={name} />
      );
    }
    case 'support_ticket':
      return (
        <RouterTextLink to={`${paths.support}?status=`}>
          {typeof d.subject === 'string' ? `Ticket: ${d.subject}` : `Ticket ${shortId(entry.targetId)}`}
        </RouterTextLink>
      );
    case 'order':
      return <RouterTextLink to={`${paths.orders}?tab=all`}>{`Order ${shortId(entry.targetId)}`}</RouterTextLink>;
    case 'payout':
      return <RouterTextLink to={`${paths.payouts}?tab=all`}>{`Withdrawal ${shortId(entry.targetId)}`}</RouterTextLink>;
    default:
      return <span>{`${codeLabel(entry.targetType)} ${shortId(entry.targetId)}`}</span>;
  }
}

function Details({ detail, dir }: { detail: Record<string, unknown>; dir: Directory }) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return <>—</>;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        minWidth: 240,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1,
        rowGap: 0.25,
        fontSize: '0.875rem',
      }}
    >
      {entries.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {codeLabel(k.replace(/([a-z])([A-Z])/g, '$1_$2')).replace(/ id$/, '')}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {text(k, v, dir)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function AuditPage() {
  const { filters, page, cursor, setFilters, setPage } = useUrlFilters(FILTERS);
  const people = usePeople();
  const properties = usePropertyNames();
  const admins = useMemo(() => [...people.values()].filter((u) => u.role === 'ADMIN'), [people]);
  const table = useTableControls(SORTS, { sort: 'createdAt', order: 'desc', pageSize: AUDIT_PAGE_SIZE });
  const listQuery = { action: filters.action || undefined, actorId: filters.actor || undefined, ...sortQuery(table) };
  const { data, error, loading, reload } = useAsync(
    () => getAuditLog({ ...listQuery, page, ...cursor, pageSize: table.pageSize }),
    [filters.action, filters.actor, page, cursor, table.pageSize, table.sort, table.order, table.chosen],
  );

  return (
    <Box>
      <PageHeader
        title="Audit trail"
        subtitle="Every admin action, recorded by the server with who, what, when and from which address. It cannot be edited or deleted."
      />
      <FilterBar label="Filter the audit trail">
        <SelectFilter
          label="Action"
          value={filters.action}
          onChange={(action) => setFilters({ action })}
          options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          allLabel="Any action"
        />
        <SelectFilter
          label="Admin"
          value={filters.actor}
          onChange={(actor) => setFilters({ actor })}
          options={admins.map((a) => ({ value: a._id, label: `${fullName(a)} (${a.email})` }))}
          allLabel="Any admin"
        />
      </FilterBar>
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
        {/* The trail only grows: the server streams every matching row, with no cap. */}
        <ServerCsvButton
          filename={`tessera-audit-${new Date().toISOString().slice(0, 10)}.csv`}
          file={() => exportAuditCsv({ action: listQuery.action, actorId: listQuery.actorId })}
        />
      </TableTools>
      <DataTable
        label="Audit trail"
        rows={data?.items}
        getRowId={(e) => e._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No admin action recorded yet"
        pagination={data ? { page, pageSize: table.pageSize, ...pageOf(data), onPageChange: setPage } : undefined}
        columns={sortableColumns<AuditEntry, AuditSort>(
          [
            { key: 'createdAt', header: 'When', render: (e) => <DateTimeCell value={e.createdAt} /> },
            {
              key: 'actor',
              header: 'Who',
              render: (e) => (
                <Typography variant="body2" sx={{ minWidth: 160, wordBreak: 'break-word' }}>
                  {e.actorEmail}
                </Typography>
              ),
            },
            {
              key: 'action',
              header: 'What',
              render: (e) => (
                <Box sx={{ minWidth: 140 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {actionLabel(e.action)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {e.action}
                  </Typography>
                </Box>
              ),
            },
            { key: 'target', header: 'Target', render: (e) => <Target entry={e} people={people} properties={properties} /> },
            { key: 'detail', header: 'Details', render: (e) => <Details detail={e.detail} dir={{ people, properties }} /> },
            {
              key: 'ip',
              header: 'Address',
              render: (e) => (
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
                  {e.ip || '—'}
                </Box>
              ),
            },
          ],
          SORTABLE,
          table,
        )}
      />
    </Box>
  );
}

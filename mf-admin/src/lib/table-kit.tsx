// The console's table toolkit: sorting by a column, a page size, and "Download CSV" of what a
// table shows. It lives in the console, not in shared-ui, so the other front ends never load
// it. Sort, order and page size are kept in the address beside the filters
// (?sort=name&order=asc&size=50), so a sorted list is a link like any other; changing one
// goes back to the first page.
import { useCallback, useState, type ReactNode } from 'react';
import type { DataTableColumn } from 'shared-ui';
import { Button, toast } from 'shared-ui';
import { Box } from 'shared-ui/mui';
import { MenuItem, TextField } from 'shared-ui/mui-forms';
import { useSearchParams } from 'shared-ui/router';
import { saveFile } from './download';

export type SortOrder = 'asc' | 'desc';
/** The page sizes offered, besides the list's own default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface TableControls<S extends string> {
  /** The chosen column, or the default one. */
  sort: S;
  order: SortOrder;
  /** Whether the admin chose the sort (else the list's default order). */
  chosen: boolean;
  pageSize: number;
  /** The sizes the list offers: PAGE_SIZES and its default. */
  sizes: number[];
  /** Sorts by a column; the current one again flips its order. */
  toggleSort: (column: S) => void;
  setPageSize: (size: number) => void;
}

/**
 * Where a table keeps its controls in the address, for a page with several tables: `prefix`
 * names its own (?holdingsSort=…&holdingsOrder=…&holdingsSize=…), and `resets` the paging
 * that another order or size sends back to the first page (its own list's, not a neighbour's).
 */
export interface TableScope {
  prefix?: string;
  resets?: readonly string[];
}

const PAGING = ['page', 'after', 'before'] as const;

const paramName = (prefix: string | undefined, name: string) =>
  prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;

/**
 * Sort and page size from the address. `sorts` is the list's allow-list (the server's, for
 * lists it pages): anything else in the address is ignored rather than sent.
 */
export function useTableControls<S extends string>(
  sorts: readonly S[],
  defaults: {
    sort: S;
    order?: SortOrder;
    pageSize?: number;
    /** Until the admin picks a column the rows keep the server's order, not the default sort's. */
    unsorted?: boolean;
  } & TableScope,
): TableControls<S> {
  const [params, setParams] = useSearchParams();
  const { prefix } = defaults;
  // A table of its own (prefixed) leaves the page's paging alone unless told otherwise.
  const resets = defaults.resets ?? (prefix ? [] : PAGING);
  const resetKey = resets.join(',');
  const rawSort = params.get(paramName(prefix, 'sort'));
  const rawOrder = params.get(paramName(prefix, 'order'));
  const rawSize = Number(params.get(paramName(prefix, 'size')));
  const chosen = rawSort !== null && (sorts as readonly string[]).includes(rawSort);
  const sort = chosen ? (rawSort as S) : defaults.sort;
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : (defaults.order ?? 'desc');
  const fallback = defaults.pageSize ?? 20;
  const sizes = [...new Set([...PAGE_SIZES, fallback])].sort((a, b) => a - b);
  const pageSize = sizes.includes(rawSize) ? rawSize : fallback;

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const name = paramName(prefix, k);
            if (v === null) next.delete(name);
            else next.set(name, v);
          }
          // Another order or page size starts again at the first page.
          for (const k of resetKey ? resetKey.split(',') : []) next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams, prefix, resetKey],
  );

  const toggleSort = useCallback(
    (column: S) => {
      // A new column starts ascending (A to Z, smallest first); the same one flips.
      // A list in the server's own order (unsorted) is not yet sorted by its default column.
      const same = column === sort && (chosen || !defaults.unsorted);
      const nextOrder: SortOrder = same ? (order === 'asc' ? 'desc' : 'asc') : 'asc';
      update({ sort: column, order: nextOrder });
    },
    [sort, order, chosen, defaults.unsorted, update],
  );
  const setPageSize = useCallback((size: number) => update({ size: String(size) }), [update]);
  return { sort, order, chosen, pageSize, sizes, toggleSort, setPageSize };
}

/** What the server's list takes (only when the admin chose a sort, so default links stay plain). */
export function sortQuery<S extends string>(c: TableControls<S>): { sort?: S; order?: SortOrder } {
  return c.chosen ? { sort: c.sort, order: c.order } : {};
}

/** A sortable header's content: a button (click, Enter or Space) with the direction shown. */
export function SortButton({
  label,
  active,
  order,
  onClick,
}: {
  label: ReactNode;
  active: boolean;
  order: SortOrder;
  onClick: () => void;
}) {
  return (
    <Box
      component="button"
      type="button"
      onClick={onClick}
      sx={{
        all: 'unset',
        cursor: 'pointer',
        fontWeight: 'inherit',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {label}
      <Box component="span" aria-hidden sx={{ opacity: active ? 1 : 0.35 }}>
        {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
      </Box>
    </Box>
  );
}

/** The aria-sort of a header sorting by `by`, for a table built by hand. */
export function ariaSortOf<S extends string>(by: S, c: { sort: S | undefined; order: SortOrder }): 'ascending' | 'descending' | 'none' {
  return c.sort === by ? (c.order === 'asc' ? 'ascending' : 'descending') : 'none';
}

/**
 * The columns with sortable headers: `sortable` maps a column's key to the sort it asks for.
 * The header becomes a button (click, Enter or Space) and carries aria-sort.
 */
export function sortableColumns<T, S extends string>(
  columns: readonly DataTableColumn<T>[],
  sortable: Partial<Record<string, S>>,
  c: { sort: S | undefined; order: SortOrder; toggleSort: (column: S) => void },
): DataTableColumn<T>[] {
  return columns.map((col) => {
    const by = sortable[col.key];
    if (!by) return col;
    const active = c.sort === by;
    return {
      ...col,
      label: col.label ?? (typeof col.header === 'string' ? col.header : undefined),
      ariaSort: active ? (c.order === 'asc' ? 'ascending' : 'descending') : 'none',
      header: <SortButton label={col.header} active={active} order={c.order} onClick={() => c.toggleSort(by)} />,
    };
  });
}

/** Sorts rows in the browser, for lists the server sends whole. Ties keep their order. */
export function sortRows<T>(
  rows: readonly T[] | null | undefined,
  value: (row: T) => string | number | null | undefined,
  order: SortOrder,
): T[] {
  const list = [...(rows ?? [])];
  const sign = order === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return list
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => {
      // Empty values go last either way.
      if (a.v == null || a.v === '') return b.v == null || b.v === '' ? a.i - b.i : 1;
      if (b.v == null || b.v === '') return -1;
      const d = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return d === 0 ? a.i - b.i : sign * d;
    })
    .map((x) => x.row);
}

/** The page-size choice above a table. */
export function PageSizeSelect({
  value,
  onChange,
  sizes = [...PAGE_SIZES],
  label = 'Rows per page',
}: {
  value: number;
  onChange: (size: number) => void;
  sizes?: readonly number[];
  label?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 140 }}
    >
      {sizes.map((n) => (
        <MenuItem key={n} value={String(n)}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
}

// ---- CSV ----

/**
 * One CSV cell: quoted when it holds a quote, comma or line break (quotes doubled), and a
 * text starting with = + - @ (or a tab or carriage return) gets a leading apostrophe so a
 * spreadsheet never runs it as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** The rows as CSV text (CRLF line ends, RFC 4180), header first. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The most rows a CSV built in the browser gathers (larger exports are the server's). */
export const CSV_ROW_CAP = 5_000;

interface ApiPage<T> {
  items: T[];
  total: number;
  nextCursor?: string | null;
}

/**
 * Every row of the current filter, page after page (100 at a time, following the cursor where
 * the list has one), up to `cap`. `capped` says rows were left out.
 */
export async function collectPages<T>(
  fetchPage: (p: { page: number; pageSize: number; after?: string }) => Promise<ApiPage<T>>,
  cap = CSV_ROW_CAP,
): Promise<{ rows: T[]; capped: boolean }> {
  const rows: T[] = [];
  let page = 1;
  let after: string | undefined;
  for (;;) {
    const got = await fetchPage({ page, pageSize: 100, ...(after ? { after } : {}) });
    rows.push(...got.items);
    if (rows.length >= cap) return { rows: rows.slice(0, cap), capped: rows.length > cap || got.total > cap };
    const byCursor = got.nextCursor !== undefined;
    if (got.items.length === 0 || (byCursor ? !got.nextCursor : rows.length >= got.total)) return { rows, capped: false };
    page += 1;
    after = byCursor ? (got.nextCursor ?? undefined) : undefined;
  }
}

/** A button that makes a file and saves it: busy while it works, a toast when it fails. */
function SaveFileButton({
  label,
  failure,
  make,
}: {
  label: string;
  failure: string;
  make: () => Promise<{ file: Blob; name: string; note?: string }>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const made = await make();
      saveFile(made.file, made.name);
      if (made.note) toast.info(made.note);
    } catch {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-blue" size="SM" onClick={() => void run()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Preparing CSV…' : label}
    </Button>
  );
}

/** "Download CSV": gathers the rows (all of the current filter), builds the file and saves it. */
export function DownloadCsvButton<T>({
  filename,
  columns,
  rows,
  label = 'Download CSV',
}: {
  filename: string;
  columns: readonly CsvColumn<T>[];
  /** The rows, or how to gather them (a paged list's every page). */
  rows: readonly T[] | (() => Promise<{ rows: T[]; capped: boolean }>);
  label?: string;
}) {
  return (
    <SaveFileButton
      label={label}
      failure="The CSV could not be prepared: try again"
      make={async () => {
        const got = typeof rows === 'function' ? await rows() : { rows: [...rows], capped: false };
        return {
          file: new Blob([toCsv(columns, got.rows)], { type: 'text/csv;charset=utf-8' }),
          name: filename,
          note: got.capped
            ? `The file holds the first ${CSV_ROW_CAP.toLocaleString('en')} rows: narrow the filters for the rest`
            : undefined,
        };
      }}
    />
  );
}

/** A CSV the server makes (every matching row, streamed by the API): no cap, nothing built here. */
export function ServerCsvButton({
  filename,
  file,
  label = 'Download CSV',
}: {
  filename: string;
  file: () => Promise<Blob>;
  label?: string;
}) {
  return (
    <SaveFileButton
      label={label}
      failure="The CSV could not be downloaded: try again"
      make={async () => ({ file: await file(), name: filename })}
    />
  );
}

/** The row of table tools (page size, download) above a table. */
export function TableTools({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 1.5, mb: 1.5 }}>{children}</Box>
  );
}

/**
 * Sorting for a list the server sends whole (no paging): the rows are sorted here, by the
 * value each sortable column names. Until the admin picks a column the rows keep the
 * server's order and no header claims a sort.
 */
export function useClientSort<T, S extends string>(
  rows: readonly T[] | null | undefined,
  values: Record<S, (row: T) => string | number | null | undefined>,
  scope: TableScope = {},
): { rows: T[] | undefined; sort: S | undefined; order: SortOrder; toggleSort: (column: S) => void } {
  const keys = Object.keys(values) as S[];
  const c = useTableControls<S>(keys, { sort: keys[0], order: 'asc', unsorted: true, ...scope });
  const sorted = rows ? (c.chosen ? sortRows(rows, values[c.sort], c.order) : [...rows]) : undefined;
  return { rows: sorted, sort: c.chosen ? c.sort : undefined, order: c.order, toggleSort: c.toggleSort };
}

/** A page size alone, for a list whose order is fixed (the ledger). */
export function usePageSize(
  defaultSize: number,
  scope: TableScope = {},
): Pick<TableControls<string>, 'pageSize' | 'sizes' | 'setPageSize'> {
  const { pageSize, sizes, setPageSize } = useTableControls<string>([], { sort: '', pageSize: defaultSize, ...scope });
  return { pageSize, sizes, setPageSize };
}

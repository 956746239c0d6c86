import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Theme } from 'shared-ui/mui-core';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from 'shared-ui/mui-data';
import { formatNumber, visuallyHidden } from 'shared-ui/core';
import type { DataTableGridProps } from './data-table';

function defaultCell(row: unknown, key: string): ReactNode {
  const value = row && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return '—';
}

/** A header as the short label a stacked cell shows beside its value (text headers only). */
function labelOf(header: ReactNode): string | undefined {
  return typeof header === 'string' || typeof header === 'number' ? String(header) : undefined;
}

// On a phone each row becomes a block of "label  value" lines instead of a table many
// screens wide that scrolls sideways. The header row stays for screen readers (visually
// hidden), and the elements keep their table roles explicitly: CSS display would
// otherwise take the table semantics away in some browsers.
const stackOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHidden,
    '& tbody, & tbody tr, & tbody td': { display: 'block', width: '100%' },
    '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody td': {
      display: 'flex',
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexWrap: 'wrap',
      gap: 1.5,
      border: 0,
      py: 0.75,
      textAlign: 'right',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 600,
      color: 'text.secondary',
      textAlign: 'left',
      mr: 'auto',
    },
  },
});

/**
 * True while the element is wider inside than out (it scrolls sideways). A table that
 * scrolls must be reachable by keyboard (axe: scrollable-region-focusable), so its
 * container then becomes a focusable, named region; one that fits adds no tab stop.
 */
function useScrollsSideways<E extends HTMLElement>(deps: readonly unknown[]) {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measured when the rows or columns change
  }, deps);
  return [ref, scrolls] as const;
}

export default function DataTableGrid<T>({ label, columns, rows: list, getRowId, loading }: DataTableGridProps<T>) {
  const [ref, scrolls] = useScrollsSideways<HTMLDivElement>([list, columns]);
  return (
    <TableContainer
      ref={ref}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      <Table
        role="table"
        aria-label={label}
        aria-busy={loading || undefined}
        size="medium"
        sx={[{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }, stackOnPhones]}
      >
        <TableHead role="rowgroup">
          <TableRow role="row">
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ width: c.width }} scope="col" role="columnheader" aria-sort={c.ariaSort}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {list.map((row) => (
            <TableRow key={getRowId(row)} hover role="row">
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} role="cell" data-label={labelOf(c.header) ?? c.label}>
                  {c.render ? c.render(row) : defaultCell(row, c.key)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

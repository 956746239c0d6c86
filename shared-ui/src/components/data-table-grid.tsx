import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from 'shared-ui/mui-data';
import { formatNumber } from 'shared-ui/core';
import type { DataTableGridProps } from './data-table';

function defaultCell(row: unknown, key: string): ReactNode {
  const value = row && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return '—';
}

export default function DataTableGrid<T>({ label, columns, rows: list, getRowId, loading }: DataTableGridProps<T>) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table aria-label={label} aria-busy={loading || undefined} size="medium" sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ width: c.width }} scope="col">
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((row) => (
            <TableRow key={getRowId(row)} hover>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
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

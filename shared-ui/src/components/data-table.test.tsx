import { screen, within } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  _id: string;
  name: string;
  units: number;
}
const rows: Row[] = [
  { _id: 'a', name: 'Maple Court', units: 12000 },
  { _id: 'b', name: 'Oak Lane', units: 40 },
];
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Property' },
  { key: 'units', header: 'Units', align: 'right' },
  { key: 'action', header: 'Action', render: (r) => <button type="button">Open {r.name}</button> },
];

describe('DataTable', () => {
  test('a table wider than its container is a focusable, named region (keyboard users can scroll it); one that fits is not', async () => {
    const { unmount } = renderUi(<DataTable label="Orders" columns={columns} rows={rows} getRowId={(r) => r._id} />);
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.queryByRole('region', { name: 'Orders (scrolls sideways)' })).not.toBeInTheDocument();
    unmount();
    const wide = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const narrow = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    try {
      renderUi(<DataTable label="Orders" columns={columns} rows={rows} getRowId={(r) => r._id} />);
      const region = await screen.findByRole('region', { name: 'Orders (scrolls sideways)' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name: 'Orders' })).toBeInTheDocument();
    } finally {
      wide.mockRestore();
      narrow.mockRestore();
    }
  });

  test('headers, rows, default and custom cells', async () => {
    renderUi(<DataTable label="Orders" columns={columns} rows={rows} getRowId={(r) => r._id} />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Property', 'Units', 'Action']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body).toHaveLength(2);
    expect(body[0]).toHaveTextContent('Maple Court12,000Open Maple Court');
    expect(within(body[1]).getByRole('button', { name: 'Open Oak Lane' })).toBeInTheDocument();
  });

  test('each cell carries its column’s label (stacked on phones) and keeps its table role', async () => {
    const icon = { key: 'icon', header: <span aria-label="Flag" />, render: () => '!' };
    renderUi(<DataTable label="Orders" columns={[...columns, icon]} rows={rows} getRowId={(r) => r._id} />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Property', 'Units', 'Action', null]);
    expect(within(table).getAllByRole('rowgroup')).toHaveLength(2);
  });

  test('loading without rows: a status; with rows: the table stays, busy', async () => {
    const { rerender } = renderUi(<DataTable label="Orders" columns={columns} rows={undefined} loading getRowId={(r) => r._id} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Orders');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<DataTable label="Orders" columns={columns} rows={rows} loading getRowId={(r) => r._id} />);
    expect(await screen.findByRole('table', { name: 'Orders' })).toHaveAttribute('aria-busy', 'true');
  });

  test('empty', () => {
    renderUi(<DataTable label="Orders" columns={columns} rows={[]} getRowId={(r) => r._id} emptyMessage="No orders yet" />);
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a page past the last one: says there is no such page and offers the last one, without the pager', async () => {
    const onPageChange = jest.fn();
    const { user } = renderUi(
      <DataTable
        label="Orders"
        columns={columns}
        rows={[]}
        getRowId={(r) => r._id}
        emptyMessage="No orders yet"
        pagination={{ page: 9, pageSize: 20, total: 45, onPageChange }}
      />,
    );
    expect(screen.getByText('There is no page 9')).toBeInTheDocument();
    expect(screen.getByText('This list has 3 pages.')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  test('error with Retry', async () => {
    const onRetry = jest.fn();
    const { user } = renderUi(
      <DataTable label="Orders" columns={columns} rows={rows} error="Forbidden" onRetry={onRetry} getRowId={(r) => r._id} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  test('pagination: range, page count, previous/next limits', async () => {
    const onPageChange = jest.fn();
    const { user, rerender } = renderUi(
      <DataTable
        label="Orders"
        columns={columns}
        rows={rows}
        getRowId={(r) => r._id}
        pagination={{ page: 1, pageSize: 2, total: 5, onPageChange }}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(nav).toHaveTextContent('1–2 of 5');
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    rerender(
      <DataTable
        label="Orders"
        columns={columns}
        rows={rows.slice(0, 1)}
        getRowId={(r) => r._id}
        pagination={{ page: 3, pageSize: 2, total: 5, onPageChange }}
      />,
    );
    expect(screen.getByRole('navigation')).toHaveTextContent('5–5 of 5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('pagination by cursor: Next and Previous carry the cursors; an estimated total says "about"', async () => {
    const onPageChange = jest.fn();
    const paged = (page: number, next: string | null, prev: string | null) => (
      <DataTable
        label="Orders"
        columns={columns}
        rows={rows.slice(0, 2)}
        getRowId={(r) => r._id}
        pagination={{ page, pageSize: 2, total: 4000, totalIsEstimate: true, nextCursor: next, prevCursor: prev, onPageChange }}
      />
    );
    const { user, rerender } = renderUi(paged(612, 'n612', 'p612'));
    const nav = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(nav).toHaveTextContent('1,223–1,224 of about 4,000');
    expect(nav).toHaveTextContent('Page 612 of about 2,000');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(613, { after: 'n612' });
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(611, { before: 'p612' });
    // Page 2 back to page 1: a plain link, no cursor.
    rerender(paged(2, 'n2', 'p2'));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    // The last page: the server says there is no next one, whatever the estimate.
    rerender(paged(5, null, 'p5'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

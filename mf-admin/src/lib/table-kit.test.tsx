import { screen, waitFor, within } from '@testing-library/react';
import { DataTable } from 'shared-ui';
import { renderPage } from 'shared-ui/testing';
import { saveFile } from './download';
import {
  DownloadCsvButton,
  PageSizeSelect,
  collectPages,
  csvCell,
  sortRows,
  sortableColumns,
  toCsv,
  useClientSort,
  usePageSize,
  useTableControls,
  type CsvColumn,
} from './table-kit';

jest.mock('./download', () => ({ saveFile: jest.fn() }));
jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

// jsdom's Blob has no text(); FileReader reads it.
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

interface Row {
  id: string;
  name: string;
  amount: number;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Bravo', amount: 20 },
  { id: 'b', name: 'alpha', amount: 5 },
  { id: 'c', name: 'Charlie', amount: 20 },
];
type S = 'name' | 'amount' | 'createdAt';

function Table() {
  const t = useTableControls<S>(['name', 'amount', 'createdAt'], { sort: 'createdAt', pageSize: 20 });
  const rows = t.chosen ? sortRows(ROWS, (r) => (t.sort === 'name' ? r.name : r.amount), t.order) : ROWS;
  return (
    <>
      <PageSizeSelect value={t.pageSize} sizes={t.sizes} onChange={t.setPageSize} />
      <DataTable
        label="Things"
        rows={rows}
        getRowId={(r) => r.id}
        columns={sortableColumns<Row, S>(
          [
            { key: 'name', header: 'Name' },
            { key: 'amount', header: 'Amount' },
            { key: 'id', header: 'Id' },
          ],
          { name: 'name', amount: 'amount' },
          t,
        )}
      />
    </>
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent?.match(/^[A-Za-z]+/)?.[0]);

test('a header sorts on click and on Enter, flips on the second, and says so with aria-sort', async () => {
  const { user, location } = renderPage(<Table />, { url: '/?page=3&status=X' });
  const table = await screen.findByRole('table', { name: 'Things' });
  const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
  const amountHeader = within(table).getByRole('columnheader', { name: /Amount/ });
  expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  expect(within(table).getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute('aria-sort');
  // Phones stack each cell under its header's words: a sort button keeps them.
  expect(within(table).getAllByRole('cell')[0]).toHaveAttribute('data-label', 'Name');

  await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(amountHeader).toHaveAttribute('aria-sort', 'none');
  expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
  // Sorting keeps the filters and starts again at page 1.
  expect(location()).toBe('/?status=X&sort=name&order=asc');

  within(nameHeader).getByRole('button').focus();
  await user.keyboard('{Enter}');
  expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
  expect(location()).toBe('/?status=X&sort=name&order=desc');

  // Another column starts ascending; ties keep their order.
  await user.click(within(amountHeader).getByRole('button'));
  expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
});

function ClientTable() {
  // A second table on the page: its own names in the address.
  const t = useClientSort(ROWS, { name: (r: Row) => r.name, amount: (r: Row) => r.amount }, { prefix: 'things' });
  const size = usePageSize(20, { prefix: 'things' });
  return (
    <>
      <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} />
      <DataTable
        label="Things"
        rows={t.rows}
        getRowId={(r) => r.id}
        columns={sortableColumns<Row, 'name' | 'amount'>(
          [
            { key: 'name', header: 'Name' },
            { key: 'amount', header: 'Amount' },
          ],
          { name: 'name', amount: 'amount' },
          t,
        )}
      />
    </>
  );
}

test("sorting in the browser: the first click on the first column is ascending; a prefixed table leaves the page's paging alone", async () => {
  const { user, location } = renderPage(<ClientTable />, { url: '/?page=3&sort=amount' });
  const table = await screen.findByRole('table', { name: 'Things' });
  const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
  // The address's plain sort is another table's.
  expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
  await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
  expect(location()).toBe('/?page=3&sort=amount&thingsSort=name&thingsOrder=asc');
  await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
  expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(location()).toBe('/?page=3&sort=amount&thingsSort=name&thingsOrder=desc&thingsSize=50'));
});

test('an unknown sort in the address is ignored', async () => {
  renderPage(<Table />, { url: '/?sort=password&order=sideways' });
  const table = await screen.findByRole('table', { name: 'Things' });
  expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
  expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
});

test('the page size goes to the address and back to page 1', async () => {
  const { user, location } = renderPage(<Table />, { url: '/?q=ivy&page=4&after=abc' });
  await screen.findByRole('table', { name: 'Things' });
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(location()).toBe('/?q=ivy&size=50'));
  expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
});

test('CSV cells: quotes, commas, line breaks escaped; formulas neutralised', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  expect(csvCell('+1 555')).toBe("'+1 555");
  expect(csvCell('-2+3')).toBe("'-2+3");
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvCell('\t=1')).toBe("'\t=1");
  // Numbers are data, not text a spreadsheet would run.
  expect(csvCell(-5)).toBe('-5');
  expect(csvCell(null)).toBe('');
  expect(csvCell(undefined)).toBe('');
  expect(csvCell(true)).toBe('true');

  const cols: CsvColumn<Row>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'Amount, $', value: (r) => r.amount },
  ];
  expect(toCsv(cols, [{ id: 'x', name: '=cmd|calc', amount: 3 }])).toBe('Name,"Amount, $"\r\n\'=cmd|calc,3\r\n');
});

test('collectPages follows the cursor to the end, and stops at the cap', async () => {
  const fetchPage = jest.fn(async ({ after }: { after?: string }) =>
    after === undefined ? { items: [1, 2], total: 3, nextCursor: 'c1' } : { items: [3], total: 3, nextCursor: null },
  );
  await expect(collectPages(fetchPage)).resolves.toEqual({ rows: [1, 2, 3], capped: false });
  expect(fetchPage).toHaveBeenNthCalledWith(2, { page: 2, pageSize: 100, after: 'c1' });

  const endless = jest.fn(async ({ page }: { page: number }) => ({ items: [page * 2 - 1, page * 2], total: 1000 }));
  await expect(collectPages(endless, 5)).resolves.toEqual({ rows: [1, 2, 3, 4, 5], capped: true });
  expect(endless).toHaveBeenCalledTimes(3);
});

test('Download CSV saves the gathered rows as a file', async () => {
  const { user } = renderPage(
    <DownloadCsvButton<Row>
      filename="things.csv"
      rows={async () => ({ rows: ROWS, capped: false })}
      columns={[{ header: 'Name', value: (r) => r.name }]}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const [blob, name] = jest.mocked(saveFile).mock.calls[0];
  expect(name).toBe('things.csv');
  expect(await textOf(blob as Blob)).toBe('Name\r\nBravo\r\nalpha\r\nCharlie\r\n');
});

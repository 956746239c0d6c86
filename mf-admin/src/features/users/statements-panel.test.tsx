import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { ApiError } from 'shared-api';
import { renderPage, settle } from 'shared-ui/testing';
import * as download from '../../lib/download';
import { StatementsPanel } from './statements-panel';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const api = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUserStatementPeriods: jest.fn(),
  downloadUserStatement: jest.fn(),
  downloadUserTaxDocument: jest.fn(),
}));
jest.mock('../../lib/download');

const periods = jest.mocked(api.getUserStatementPeriods);
const fetchFile = jest.mocked(api.downloadUserStatement);
const save = jest.mocked(download.saveFile);

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  periods.mockResolvedValue({
    months: [{ period: '2026-11', kind: 'MONTH', label: 'November 2026', entries: 4 }],
    years: [
      { period: '2026', kind: 'YEAR', label: '2026', entries: 9 },
      { period: '2025', kind: 'YEAR', label: '2025', entries: 5 },
    ],
  });
});
afterEach(() => settle(50));

test("an admin downloads a person's statement as PDF and as CSV", async () => {
  const pdf = new Blob(['%PDF-'], { type: 'application/pdf' });
  fetchFile.mockResolvedValue(pdf);
  const { user } = renderPage(<StatementsPanel userId="u1" name="Ivy Investor" />);
  expect(screen.getByRole('heading', { level: 2, name: 'Statements' })).toBeInTheDocument();
  const months = await screen.findByRole('table', { name: 'Monthly statements of this person' });
  await user.click(within(months).getByRole('button', { name: 'Download statement November 2026 of Ivy Investor as PDF' }));
  expect(periods).toHaveBeenCalledWith('u1');
  expect(fetchFile).toHaveBeenCalledWith('u1', '2026-11', 'pdf');
  await waitFor(() => expect(save).toHaveBeenCalledWith(pdf, 'tessera-statement-2026-11.pdf'));
  const years = screen.getByRole('table', { name: 'Annual tax summaries of this person' });
  expect(within(years).getAllByRole('row')).toHaveLength(3);
  await user.click(within(years).getByRole('button', { name: 'Download tax summary 2025 of Ivy Investor as CSV' }));
  expect(fetchFile).toHaveBeenLastCalledWith('u1', '2025', 'csv');
  await waitFor(() => expect(save).toHaveBeenLastCalledWith(pdf, 'tessera-statement-2025.csv'));
});

test('loading, then an error message when the download fails', async () => {
  let fail!: (e: unknown) => void;
  fetchFile.mockReturnValue(new Promise<Blob>((_r, j) => (fail = j)));
  const { user } = renderPage(<StatementsPanel userId="u1" name="Ivy Investor" />);
  const button = await screen.findByRole('button', { name: 'Download tax summary 2026 of Ivy Investor as PDF' });
  await user.click(button);
  await waitFor(() => expect(button).toHaveTextContent('Loading...'));
  fail(new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'User not found' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the 2026 statement: User not found');
  expect(save).not.toHaveBeenCalled();
  await waitFor(() => expect(button).toHaveTextContent('PDF'));
});

test('the periods fail to load: the error is shown', async () => {
  periods.mockRejectedValue(new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'User not found' }));
  renderPage(<StatementsPanel userId="u1" name="Ivy Investor" />);
  expect((await screen.findAllByText('User not found')).length).toBeGreaterThan(0);
});

test("an admin downloads a person's year-end tax document", async () => {
  const csv = new Blob(['a,b'], { type: 'text/csv' });
  jest.mocked(api.downloadUserTaxDocument).mockResolvedValue(csv);
  const { user } = renderPage(<StatementsPanel userId="u1" name="Ivy Investor" />);
  const years = await screen.findByRole('table', { name: 'Annual tax summaries of this person' });
  await user.click(within(years).getByRole('button', { name: 'Download tax document 2025 of Ivy Investor as CSV' }));
  expect(api.downloadUserTaxDocument).toHaveBeenCalledWith('u1', '2025', 'csv');
  expect(fetchFile).not.toHaveBeenCalled();
  await waitFor(() => expect(save).toHaveBeenCalledWith(csv, 'tessera-tax-document-2025.csv'));
});

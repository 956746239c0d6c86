import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import * as browser from '../../../lib/browser';
import { renderPage, settle } from 'shared-ui/testing';
import { StatementsSection } from './statements-section';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyStatementPeriods: jest.fn(),
  downloadMyStatement: jest.fn(),
  downloadMyTaxDocument: jest.fn(),
}));
jest.mock('../../../lib/browser');

const periods = jest.mocked(api.getMyStatementPeriods);
const download = jest.mocked(api.downloadMyStatement);
const downloadTax = jest.mocked(api.downloadMyTaxDocument);
const save = jest.mocked(browser.saveFile);

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  periods.mockResolvedValue({
    months: [
      { period: '2026-11', kind: 'MONTH', label: 'November 2026', entries: 12 },
      { period: '2026-10', kind: 'MONTH', label: 'October 2026', entries: 3 },
    ],
    years: [{ period: '2026', kind: 'YEAR', label: '2026', entries: 15 }],
  });
});
afterEach(() => settle(50));

test('lists the months and tax years, each with a PDF and a CSV download', async () => {
  renderPage(<StatementsSection />);
  expect(screen.getByRole('heading', { level: 2, name: 'Statements' })).toBeInTheDocument();
  const months = await screen.findByRole('table', { name: 'Monthly statements' });
  expect(within(months).getByRole('row', { name: /November 2026.*12/ })).toBeInTheDocument();
  expect(within(months).getByRole('button', { name: 'Download statement October 2026 as CSV' })).toBeEnabled();
  const years = screen.getByRole('table', { name: 'Annual tax summaries' });
  expect(within(years).getByRole('button', { name: 'Download tax summary 2026 as PDF' })).toBeEnabled();
  expect(screen.getByText(/Periods are in UTC/)).toBeInTheDocument();
});

test('downloading: the button shows it is loading, then the file is saved under its name', async () => {
  let resolve!: (b: Blob) => void;
  download.mockReturnValue(new Promise<Blob>((r) => (resolve = r)));
  const { user } = renderPage(<StatementsSection />);
  const button = await screen.findByRole('button', { name: 'Download statement November 2026 as PDF' });
  await user.click(button);
  expect(download).toHaveBeenCalledWith('2026-11', 'pdf');
  await waitFor(() => expect(button).toHaveTextContent('Loading...'));
  expect(button).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Download tax summary 2026 as CSV' })).toBeDisabled();
  const blob = new Blob(['%PDF-'], { type: 'application/pdf' });
  resolve(blob);
  await waitFor(() => expect(save).toHaveBeenCalledWith(blob, 'tessera-statement-2026-11.pdf'));
  await waitFor(() => expect(button).toHaveTextContent('PDF'));
  expect(button).toBeEnabled();
});

test('a failed download says why and lets the person try again', async () => {
  download
    .mockRejectedValueOnce(
      new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'No statement yet: that period has not started' }),
    )
    .mockResolvedValueOnce(new Blob(['a,b']));
  const { user } = renderPage(<StatementsSection />);
  await user.click(await screen.findByRole('button', { name: 'Download tax summary 2026 as CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Could not download the 2026 statement: No statement yet: that period has not started',
  );
  expect(save).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Download tax summary 2026 as CSV' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), 'tessera-statement-2026.csv'));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
});

test('the list fails to load: an error with a retry', async () => {
  periods.mockRejectedValueOnce(new Error('Network down'));
  const { user } = renderPage(<StatementsSection />);
  const retry = (await screen.findAllByRole('button', { name: /retry|try again/i }))[0];
  await user.click(retry);
  expect(await screen.findByRole('table', { name: 'Monthly statements' })).toBeInTheDocument();
});

test('each tax year offers its tax document: loading, saved under its name, a failure said and retried', async () => {
  let resolve!: (b: Blob) => void;
  downloadTax.mockReturnValueOnce(new Promise<Blob>((r) => (resolve = r)));
  const { user } = renderPage(<StatementsSection />);
  const years = await screen.findByRole('table', { name: 'Annual tax summaries' });
  expect(within(years).getByText('Tax document')).toBeInTheDocument();
  const pdf = within(years).getByRole('button', { name: 'Download tax document 2026 as PDF' });
  pdf.focus();
  await user.keyboard('{Enter}');
  expect(downloadTax).toHaveBeenCalledWith('2026', 'pdf');
  expect(download).not.toHaveBeenCalled();
  await waitFor(() => expect(pdf).toHaveTextContent('Loading...'));
  expect(screen.getByRole('button', { name: 'Download tax summary 2026 as PDF' })).toBeDisabled();
  const blob = new Blob(['%PDF-'], { type: 'application/pdf' });
  resolve(blob);
  await waitFor(() => expect(save).toHaveBeenCalledWith(blob, 'tessera-tax-document-2026.pdf'));
  await waitFor(() => expect(pdf).toBeEnabled());

  downloadTax.mockRejectedValueOnce(
    new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'No tax document yet: that year has not started' }),
  );
  await user.click(within(years).getByRole('button', { name: 'Download tax document 2026 as CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Could not download the 2026 tax document: No tax document yet: that year has not started',
  );
  downloadTax.mockResolvedValueOnce(new Blob(['a,b']));
  await user.click(within(years).getByRole('button', { name: 'Download tax document 2026 as CSV' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), 'tessera-tax-document-2026.csv'));
});

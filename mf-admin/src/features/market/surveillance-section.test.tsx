import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { ApiError } from 'shared-api';
import type { MarketFlag } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { pageOf, serverDown } from 'shared-api/testing';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { SurveillanceSection } from './surveillance-section';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const api = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getMarketFlags: jest.fn(),
  reviewMarketFlag: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const m = { list: jest.mocked(api.getMarketFlags), review: jest.mocked(api.reviewMarketFlag) };

jest.setTimeout(30_000);

function flag(over: Partial<MarketFlag> = {}): MarketFlag {
  return {
    _id: 'f1',
    kind: 'WASH_TRADES',
    status: 'OPEN',
    property: { _id: 'p1', name: 'Harbor Lofts', unitPrice: 10 },
    accounts: [
      { _id: 'u1', name: 'Al Ames', email: 'al@example.com' },
      { _id: 'u2', name: 'Bea Burr', email: 'bea@example.com' },
    ],
    detail: { trades: 6, units: 6, firstTradeAt: '2026-11-21T10:00:00.000Z', lastTradeAt: '2026-11-21T11:00:00.000Z' },
    createdAt: '2026-11-21T11:05:00.000Z',
    lastSeenAt: '2026-11-21T11:05:00.000Z',
    reviewedAt: null,
    reviewerEmail: null,
    reviewNote: null,
    ...over,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
});

test('the open queue: pattern, accounts, property, what was seen; open flags by default', async () => {
  m.list.mockResolvedValue(
    pageOf([flag(), flag({ _id: 'f2', kind: 'SHARED_BANK_ACCOUNT', property: null, detail: { trades: 1, last4: '6789' } })]),
  );
  renderPage(<SurveillanceSection />);
  expect(screen.getByRole('heading', { name: 'Surveillance' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Surveillance flags' });
  const [, wash, bank] = within(table).getAllByRole('row');
  expect(wash).toHaveTextContent('Trading back and forth');
  expect(wash).toHaveTextContent('al@example.com');
  expect(wash).toHaveTextContent('bea@example.com');
  expect(wash).toHaveTextContent('Harbor Lofts');
  expect(wash).toHaveTextContent('6 units traded both ways in 6 trades');
  expect(bank).toHaveTextContent('Shared bank account');
  expect(bank).toHaveTextContent('Same bank account ending 6789; 1 trade between them');
  expect(m.list).toHaveBeenCalledWith({ status: 'OPEN', page: 1, pageSize: 20 });
});

test('empty and error states', async () => {
  m.list.mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<SurveillanceSection />);
  expect(await screen.findByText('No open flags: nothing waits for a review')).toBeInTheDocument();
  unmount();
  m.list.mockRejectedValueOnce(serverDown());
  m.list.mockResolvedValueOnce(pageOf([flag()]));
  const { user } = renderPage(<SurveillanceSection />);
  await user.click(await screen.findByRole('button', { name: /Try again|Retry/ }));
  expect(await screen.findByRole('table', { name: 'Surveillance flags' })).toHaveTextContent('Trading back and forth');
});

test('review: a confirmation with a note is required; a refusal stays in the dialog; then the queue reloads', async () => {
  m.list.mockResolvedValue(pageOf([flag()]));
  m.review.mockRejectedValueOnce(new ApiError(409, { message: 'This flag has already been reviewed' }));
  m.review.mockResolvedValueOnce(flag({ status: 'ESCALATED' }));
  const { user } = renderPage(<SurveillanceSection />);
  const table = await screen.findByRole('table', { name: 'Surveillance flags' });
  await user.click(within(table).getByRole('button', { name: 'Escalate: Trading back and forth, al@example.com and bea@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Escalate this flag?' });
  expect(dialog).toHaveTextContent('Trading back and forth: al@example.com and bea@example.com.');
  await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
  expect(within(dialog).getByText('A note is required')).toBeInTheDocument();
  expect(m.review).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Same household, large volume');
  await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
  expect(await within(dialog).findByText('This flag has already been reviewed')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
  expect(m.review).toHaveBeenLastCalledWith('f1', { decision: 'ESCALATE', note: 'Same household, large volume' });
  expect(await screen.findByText('Flag escalated')).toBeInTheDocument();
  await waitFor(() => expect(m.list).toHaveBeenCalledTimes(2));
});

test('a reviewed flag shows its decision and note, without review buttons', async () => {
  m.list.mockResolvedValue(
    pageOf([
      flag({
        status: 'DISMISSED',
        reviewNote: 'Siblings rebalancing',
        reviewerEmail: 'admin@example.com',
        reviewedAt: '2026-11-22T09:00:00.000Z',
      }),
    ]),
  );
  renderPage(<SurveillanceSection />);
  const table = await screen.findByRole('table', { name: 'Surveillance flags' });
  expect(table).toHaveTextContent('Dismissed');
  expect(table).toHaveTextContent('Siblings rebalancing (admin@example.com)');
  expect(within(table).queryByRole('button', { name: /Dismiss|Escalate/ })).not.toBeInTheDocument();
});

test('a page size of its own; the CSV gathers every flag of the status, page after page', async () => {
  m.list.mockImplementation(async (q = {}) =>
    q.pageSize === 100
      ? {
          ...pageOf(q.after ? [flag({ _id: 'f2', property: null, kind: 'SHARED_DEVICE', detail: { devices: 2 } })] : [flag()], {
            total: 2,
          }),
          nextCursor: q.after ? null : 'c2',
        }
      : pageOf([flag()], { total: 2 }),
  );
  const { user, location } = renderPage(<SurveillanceSection />);
  await screen.findByRole('table', { name: 'Surveillance flags' });
  await user.click(screen.getByRole('combobox', { name: 'Flags per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(m.list).toHaveBeenLastCalledWith({ status: 'OPEN', page: 1, pageSize: 50 }));
  expect(location()).toBe('/?flagsSize=50');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(m.list).toHaveBeenCalledWith({ status: 'OPEN', page: 2, pageSize: 100, after: 'c2' });
  const { name, lines } = await savedCsv();
  expect(name).toBe('market-flags.csv');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('Raised,Last seen,Pattern,Accounts,Property,Seen,Status,Reviewed,Reviewer,Review note');
  expect(lines[1]).toContain(
    'Trading back and forth,Al Ames <al@example.com>; Bea Burr <bea@example.com>,Harbor Lofts,6 units traded both ways in 6 trades,Open',
  );
  expect(lines[2]).toContain(',Any,Signed in from 2 same devices,Open');
});

import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { resetToasts } from 'shared-ui';
import type { OwnedPropertiesQuery, ProgressUpdateRecord } from 'shared-api/contract';
import { PROGRESS_REVIEW_MESSAGES } from 'shared-api/contract/dashboard';
import { renderPage } from 'shared-ui/testing';
import { makeListing, noInvestors, pageOf } from 'shared-api/testing';
import { ActiveListingsPage } from './active-listings-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getOwnedProperties: jest.fn(),
  getActiveInvestmentsOf: jest.fn(),
  updateOffPlanProgress: jest.fn(),
  // Issue 18's income section of funded listings: loading here (tested in features/income).
  getPropertyPerformance: jest.fn(() => new Promise(() => undefined)),
  getOwnedIncomeReports: jest.fn(() => new Promise(() => undefined)),
  getOwnedDistributions: jest.fn(() => new Promise(() => undefined)),
}));

const m = {
  list: jest.mocked(api.getOwnedProperties),
  investments: jest.mocked(api.getActiveInvestmentsOf),
  progress: jest.mocked(api.updateOffPlanProgress),
};

jest.setTimeout(30_000);

const harbor = makeListing({
  _id: 'h',
  name: 'Harbor View',
  status: 'ACTIVE',
  totalQuantity: 1000,
  availableQuantity: 700,
  reservedQuantity: 50,
  unitPrice: 50,
});
const sunset = makeListing({
  _id: 's',
  name: 'Sunset Terrace',
  type: 'OFF_PLAN',
  status: 'ACTIVE',
  progress: 15,
  progressUpdates: [{ _id: 'u1', percent: 15, note: 'Foundations complete.', createdAt: '2026-01-05T10:00:00.000Z' }],
});
const funded = makeListing({ _id: 'f', name: 'Old Mill', status: 'FUNDED', availableQuantity: 0 });

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  m.list.mockImplementation(async (q: OwnedPropertiesQuery = {}) =>
    pageOf(q.status === 'ACTIVE' ? [harbor, sunset] : q.status === 'FUNDED' ? [funded] : []),
  );
  const one = (id: string) =>
    id === 'h'
      ? {
          propertyId: 'h',
          unitsSold: 250,
          investors: [
            { investorId: 'i1', firstName: 'Ivan', lastName: 'Investor', quantity: 200, amountInvested: 10000 },
            { investorId: 'i2', firstName: 'Grace', lastName: 'Hopper', quantity: 50, amountInvested: 2500 },
          ],
        }
      : noInvestors(id);
  m.investments.mockImplementation(async (ids) => ids.map(one));
});

const card = (name: string) => screen.getByRole('article', { name });
const update = (over: Partial<ProgressUpdateRecord> = {}): ProgressUpdateRecord => ({
  _id: 'u9',
  propertyId: 's',
  percent: 30,
  note: '',
  status: 'APPLIED',
  previousPercent: 15,
  reviewReason: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

test('shows approved listings with funding progress and their investors', async () => {
  renderPage(<ActiveListingsPage />, { url: '/dashboard/active_listings' });
  expect(screen.getByRole('heading', { level: 1, name: 'Active listings' })).toBeInTheDocument();
  await screen.findByRole('article', { name: 'Harbor View' });
  expect(m.list).toHaveBeenCalledWith({ status: 'ACTIVE', pageSize: 100 });
  expect(m.list).toHaveBeenCalledWith({ status: 'FUNDED', pageSize: 100 });
  // Every card's investors in one request, not one per card.
  await waitFor(() => expect(m.investments).toHaveBeenCalledTimes(1));
  expect(m.investments).toHaveBeenCalledWith(['h', 's', 'f']);

  const h = card('Harbor View');
  expect(within(h).getByText('$12,500 raised of $50,000')).toBeInTheDocument();
  expect(within(h).getByText('25% funded')).toBeInTheDocument();
  expect(within(h).getByRole('progressbar', { name: 'Funding of Harbor View' })).toHaveAttribute('aria-valuenow', '25');
  expect(within(h).getByText('250 of 1,000 units sold · 50 reserved in pending orders · 700 available at $50 each')).toBeInTheDocument();
  const investors = await within(h).findByRole('table', { name: 'Investors in Harbor View' });
  expect(within(investors).getByRole('row', { name: /Ivan Investor 200 \$10,000\.00/ })).toBeInTheDocument();
  expect(within(investors).getByRole('row', { name: /Grace Hopper 50 \$2,500\.00/ })).toBeInTheDocument();

  expect(card('Old Mill')).toBeInTheDocument();
  expect(within(card('Old Mill')).getByText('Funded')).toBeInTheDocument();
  expect(await within(card('Sunset Terrace')).findByText('No investors yet.')).toBeInTheDocument();
  // Rental-ready listings have no construction progress.
  expect(within(h).queryByRole('form')).not.toBeInTheDocument();
});

test('an off-plan listing posts a progress update with a note', async () => {
  m.progress.mockImplementation(async (id, body) => ({
    ...sunset,
    progress: body.percent,
    progressUpdates: [
      ...sunset.progressUpdates,
      { _id: 'u2', percent: body.percent, note: body.note ?? '', createdAt: '2026-02-01T10:00:00.000Z' },
    ],
    progressUpdate: update({ _id: 'u2', percent: body.percent, note: body.note ?? '' }),
    message: null,
  }));
  const ui = renderPage(<ActiveListingsPage />);
  const s = await screen.findByRole('article', { name: 'Sunset Terrace' });
  expect(within(s).getByRole('progressbar', { name: 'Construction progress of Sunset Terrace' })).toHaveAttribute('aria-valuenow', '15');
  expect(within(s).getByText(/Foundations complete\./)).toBeInTheDocument();

  const form = within(s).getByRole('form', { name: 'Progress update for Sunset Terrace' });
  const percent = within(form).getByRole('textbox', { name: 'Progress' });
  await ui.user.clear(percent);
  await ui.user.type(percent, '150');
  await ui.user.click(within(form).getByRole('button', { name: 'Post update' }));
  expect(within(form).getByText('Construction progress must be a whole number from 0 to 100')).toBeInTheDocument();
  expect(m.progress).not.toHaveBeenCalled();

  await ui.user.clear(percent);
  await ui.user.type(percent, '30');
  await ui.user.type(within(form).getByRole('textbox', { name: 'Note for investors' }), 'Second floor slab poured.');
  await ui.user.click(within(form).getByRole('button', { name: 'Post update' }));
  await waitFor(() => expect(m.progress).toHaveBeenCalledWith('s', { percent: 30, note: 'Second floor slab poured.' }));
  expect(await screen.findByText('Progress update posted. Investors see it on the property page.')).toBeInTheDocument();
  expect(within(s).getByRole('progressbar', { name: 'Construction progress of Sunset Terrace' })).toHaveAttribute('aria-valuenow', '30');
  expect(within(s).getByText(/Second floor slab poured\./)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: 'Note for investors' })).toHaveValue('');
});

test('a lower percent is held: the card says it awaits review and keeps the progress investors see', async () => {
  const held = update({ _id: 'u3', percent: 5, note: 'Frame rebuilt', status: 'PENDING_REVIEW', previousPercent: 15 });
  m.progress.mockResolvedValue({ ...sunset, progressUpdate: held, message: PROGRESS_REVIEW_MESSAGES.held(15) });
  const ui = renderPage(<ActiveListingsPage />);
  const s = await screen.findByRole('article', { name: 'Sunset Terrace' });
  expect(within(s).queryByRole('status', { name: /awaiting review/i })).not.toBeInTheDocument();
  const form = within(s).getByRole('form', { name: 'Progress update for Sunset Terrace' });
  const percent = within(form).getByRole('textbox', { name: 'Progress' });
  await ui.user.clear(percent);
  await ui.user.type(percent, '5');
  await ui.user.click(within(form).getByRole('button', { name: 'Post update' }));
  expect(await screen.findByText(PROGRESS_REVIEW_MESSAGES.held(15))).toBeInTheDocument();
  expect(screen.queryByText('Progress update posted. Investors see it on the property page.')).not.toBeInTheDocument();
  const notice = within(s).getByRole('status', { name: 'Progress update awaiting review' });
  expect(within(notice).getByText('Awaiting review')).toBeInTheDocument();
  expect(within(notice).getByText(/^5% posted/)).toBeInTheDocument();
  expect(within(notice).getByText('Frame rebuilt')).toBeInTheDocument();
  expect(within(s).getByRole('progressbar', { name: 'Construction progress of Sunset Terrace' })).toHaveAttribute('aria-valuenow', '15');
});

test('a rejected lower update shows its reason', async () => {
  const rejected = update({ percent: 2, status: 'REJECTED', reviewReason: 'Site photos show 15%', decidedAt: '2026-02-02T10:00:00.000Z' });
  m.list.mockImplementation(async (q: OwnedPropertiesQuery = {}) =>
    pageOf(q.status === 'ACTIVE' ? [{ ...sunset, progressReview: rejected }] : []),
  );
  renderPage(<ActiveListingsPage />);
  const s = await screen.findByRole('article', { name: 'Sunset Terrace' });
  const notice = within(s).getByRole('status', { name: 'Progress update rejected' });
  expect(within(notice).getByText('Rejected')).toBeInTheDocument();
  expect(within(notice).getByText(/Reason: Site photos show 15%/)).toBeInTheDocument();
});

test('with no approved listings, it points to My listings', async () => {
  m.list.mockResolvedValue(pageOf([]));
  renderPage(<ActiveListingsPage />);
  expect(await screen.findByText('No active listings yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my listings' })).toHaveAttribute('href', '/dashboard/listings');
});

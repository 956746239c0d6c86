import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore, getProperties, getProperty } from 'shared-api';
import {
  deleteProperty,
  getOwnersProperties,
  getPendingRevisions,
  getProgressReviews,
  approveProgressReview,
  rejectProgressReview,
  getUsers,
  reviewRevision,
} from 'shared-api/admin';
import { clearDirectory } from '../../lib/directory';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { makeProperty, makeRevision, makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import type { ProgressReview } from 'shared-api/contract';
import { ListingsPage } from './listings-page';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getProperties: jest.fn(), getProperty: jest.fn() }));
jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getOwnersProperties: jest.fn(),
  getUsers: jest.fn(),
  deleteProperty: jest.fn(),
  reviewProperty: jest.fn(),
  getPendingRevisions: jest.fn(),
  reviewRevision: jest.fn(),
  getProgressReviews: jest.fn(),
  approveProgressReview: jest.fn(),
  rejectProgressReview: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));

const owner = makeUser({
  _id: 'o1',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'owner@example.com',
  role: 'PROPERTY_OWNER',
  status: 'VERIFIED',
});
const live = makeProperty();
const waiting = makeProperty({ _id: 'p2', name: 'Music Row Flats', status: 'PENDING_REVIEW', availableQuantity: 1000 });

// Typing is slow on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([owner]));
  jest.mocked(getPendingRevisions).mockResolvedValue({ items: [] });
  jest.mocked(getProgressReviews).mockResolvedValue({ items: [] });
  jest
    .mocked(getProperties)
    .mockImplementation(async (q = {}) => (q.status === 'PENDING_REVIEW' ? pageOf([waiting]) : pageOf([live, waiting])));
});

test('loading, then every listing with its figures and owner', async () => {
  jest.mocked(getProperties).mockImplementation((q = {}) => (q.status === 'PENDING_REVIEW' ? Promise.resolve(pageOf([waiting])) : never()));
  const { unmount } = renderPage(<ListingsPage />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading All listings');
  unmount();

  jest
    .mocked(getProperties)
    .mockImplementation(async (q = {}) => (q.status === 'PENDING_REVIEW' ? pageOf([waiting]) : pageOf([live, waiting])));
  renderPage(<ListingsPage />);
  const table = await screen.findByRole('table', { name: 'All listings' });
  const row = within(table).getByText('Harbor Lofts').closest('tr')!;
  expect(row).toHaveTextContent('Rental Ready');
  expect(row).toHaveTextContent('Active');
  expect(row).toHaveTextContent('500 / 2,000');
  expect(row).toHaveTextContent('$50.00');
  expect(row).toHaveTextContent('$25,000.00');
  expect(await within(row).findByRole('link', { name: 'Olivia Owner' })).toHaveAttribute('href', '/dashboard/owners/o1');
  // The review tab counts the waiting listings.
  expect(screen.getByRole('tab', { name: /Review queue/ })).toHaveTextContent('1');
});

test('an empty selection and a failed load (with Retry)', async () => {
  jest.mocked(getProperties).mockResolvedValue(pageOf([]));
  const { user, unmount } = renderPage(<ListingsPage />, { url: '/?status=REJECTED' });
  expect(await screen.findByText('No listing matches these filters')).toBeInTheDocument();
  unmount();

  jest.mocked(getProperties).mockRejectedValue(new Error('Could not reach the server'));
  renderPage(<ListingsPage />);
  const alerts = await screen.findAllByRole('alert');
  expect(alerts[0]).toHaveTextContent('Could not reach the server');
  jest.mocked(getProperties).mockResolvedValue(pageOf([live]));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Harbor Lofts')).toBeInTheDocument();
});

test('filters go to the API and into the address; an owner is filtered through their own listings', async () => {
  const { user, location } = renderPage(<ListingsPage />, { url: '/?state=MA&type=RENTAL_READY&status=ACTIVE' });
  await screen.findByRole('table', { name: 'All listings' });
  expect(getProperties).toHaveBeenCalledWith({
    searchName: undefined,
    status: 'ACTIVE',
    type: 'RENTAL_READY',
    state: 'MA',
    page: 1,
    pageSize: 20,
  });

  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Harbor{Enter}');
  await waitFor(() => expect(location()).toContain('q=Harbor'));
  expect(getProperties).toHaveBeenLastCalledWith(expect.objectContaining({ searchName: 'Harbor' }));

  jest
    .mocked(getOwnersProperties)
    .mockResolvedValue(
      pageOf([live, makeProperty({ _id: 'p3', name: 'Desert Villas', state: 'AZ' })].map((p) => ({ ...p, revision: null }))),
    );
  await user.click(screen.getByRole('combobox', { name: 'Owner' }));
  await user.click(await screen.findByRole('option', { name: /Olivia Owner/ }));
  await waitFor(() => expect(location()).toContain('owner=o1'));
  expect(getOwnersProperties).toHaveBeenCalledWith('o1', { searchName: 'Harbor', status: 'ACTIVE', page: 1, pageSize: 100 });
  // Type and state are applied to the owner's listings here.
  const table = await screen.findByRole('table', { name: 'All listings' });
  await waitFor(() => expect(within(table).queryByText('Desert Villas')).not.toBeInTheDocument());
  expect(within(table).getByText('Harbor Lofts')).toBeInTheDocument();
});

test('the review queue lists what waits; a listing opens from ?view=', async () => {
  jest.mocked(getProperty).mockResolvedValue(waiting);
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=review' });
  const table = await screen.findByRole('table', { name: 'Listings pending review' });
  await user.click(within(table).getByRole('button', { name: 'Review Music Row Flats' }));
  expect(await screen.findByRole('dialog', { name: 'Review: Music Row Flats' })).toBeInTheDocument();
});

test('deleting asks first; a refusal is shown', async () => {
  jest
    .mocked(deleteProperty)
    .mockRejectedValueOnce(new Error('A property with investors cannot be deleted'))
    .mockResolvedValueOnce({ message: 'Property deleted' });
  const { user } = renderPage(<ListingsPage />);
  const table = await screen.findByRole('table', { name: 'All listings' });
  await user.click(within(table).getByRole('button', { name: 'Delete Harbor Lofts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
  expect(deleteProperty).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
  expect(await screen.findByText('A property with investors cannot be deleted')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
  expect(await screen.findByText('Harbor Lofts deleted')).toBeInTheDocument();
  expect(deleteProperty).toHaveBeenCalledWith('p1');
});

test('changes to live listings: a tab counts them, the dialog shows the diff, approve applies and refreshes', async () => {
  const revision = makeRevision();
  jest
    .mocked(getPendingRevisions)
    .mockResolvedValueOnce({ items: [revision] })
    .mockResolvedValue({ items: [] });
  jest.mocked(reviewRevision).mockResolvedValue({ ...live, name: 'Harbor Lofts II', revision: null });
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=changes' });
  const table = await screen.findByRole('table', { name: 'Changes to live listings under review' });
  expect(screen.getByRole('tab', { name: /Changes under review/ })).toHaveTextContent('1');
  const row = within(table).getByText('Harbor Lofts').closest('tr')!;
  expect(row).toHaveTextContent('2 fields, 3 file changes, new cover');
  await user.click(within(row).getByRole('button', { name: 'Review the changes to Harbor Lofts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Changes to Harbor Lofts' });
  await user.click(within(dialog).getByRole('button', { name: 'Approve changes' }));
  await waitFor(() => expect(reviewRevision).toHaveBeenCalledWith('p1', { decision: 'APPROVE' }));
  expect(await screen.findByText('The changes to Harbor Lofts are live')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changes to Harbor Lofts' })).not.toBeInTheDocument());
  expect(await screen.findByText('No live listing has changes waiting for review')).toBeInTheDocument();
});

const held: ProgressReview = {
  _id: 'u1',
  propertyId: 'p1',
  propertyTitle: 'Harbor Lofts',
  currentPercent: 80,
  proposedPercent: 20,
  note: 'Frame rebuilt after the storm',
  ownerId: 'o1',
  ownerName: 'Olivia Owner',
  ownerEmail: 'owner@example.com',
  createdAt: '2026-03-01T10:00:00.000Z',
  ageHours: 50,
};
const decided = { ...held, status: 'APPLIED' as const, percent: 20, previousPercent: 80, reviewReason: null, decidedAt: null };

test('progress under review: a tab lists lower progress with both percents; approve applies and refreshes', async () => {
  jest
    .mocked(getProgressReviews)
    .mockResolvedValueOnce({ items: [held] })
    .mockResolvedValue({ items: [] });
  jest.mocked(approveProgressReview).mockResolvedValue(decided);
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=progress' });
  const table = await screen.findByRole('table', { name: 'Construction progress under review' });
  expect(screen.getByRole('tab', { name: /Progress under review/ })).toHaveTextContent('1');
  const row = within(table).getByText('Harbor Lofts').closest('tr')!;
  expect(row).toHaveTextContent('80% → 20%');
  expect(row).toHaveTextContent('Frame rebuilt after the storm');
  expect(row).toHaveTextContent('Olivia Owner');
  expect(row).toHaveTextContent('2 d');
  await user.click(within(row).getByRole('button', { name: 'Approve 20% for Harbor Lofts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Harbor Lofts to 20%?' });
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(approveProgressReview).toHaveBeenCalledWith('u1'));
  expect(await screen.findByText('Harbor Lofts now shows 20%')).toBeInTheDocument();
  expect(await screen.findByText('No lower construction progress is waiting for review')).toBeInTheDocument();
});

test('progress under review: reject asks for a reason first', async () => {
  jest.mocked(getProgressReviews).mockResolvedValue({ items: [held] });
  jest.mocked(rejectProgressReview).mockResolvedValue({ ...decided, status: 'REJECTED', reviewReason: 'Photos show 75%' });
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=progress' });
  const table = await screen.findByRole('table', { name: 'Construction progress under review' });
  await user.click(within(table).getByRole('button', { name: 'Reject 20% for Harbor Lofts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject 20% for Harbor Lofts?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(rejectProgressReview).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason for the rejection/ }), 'Photos show 75%');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(rejectProgressReview).toHaveBeenCalledWith('u1', { reason: 'Photos show 75%' }));
});

test('a suspended listing is marked Suspended in the list', async () => {
  const suspended = makeProperty({
    _id: 'p9',
    name: 'Quiet Court',
    suspendedAt: '2026-02-01T00:00:00.000Z',
    suspendedReason: 'The owner’s identity verification was rejected',
  });
  jest.mocked(getProperties).mockImplementation(async (q = {}) => (q.status === 'PENDING_REVIEW' ? pageOf([]) : pageOf([live, suspended])));
  renderPage(<ListingsPage />);
  const table = await screen.findByRole('table', { name: 'All listings' });
  expect(within(table).getByText('Quiet Court').closest('tr')).toHaveTextContent('Suspended');
  expect(within(table).getByText('Harbor Lofts').closest('tr')).not.toHaveTextContent('Suspended');
});

test('a finance admin reads listings without review, edit or delete actions', async () => {
  useSessionStore.getState().setSession(makeUser({ _id: 'a1', role: 'ADMIN', adminRole: 'FINANCE' }), 'token');
  try {
    renderPage(<ListingsPage />);
    const table = await screen.findByRole('table', { name: 'All listings' });
    expect(within(table).getByText('Harbor Lofts')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit Harbor Lofts' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Harbor Lofts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Changes under review/ })).not.toBeInTheDocument();
    expect(getPendingRevisions).not.toHaveBeenCalled();
    expect(screen.queryByRole('tab', { name: /Progress under review/ })).not.toBeInTheDocument();
    expect(getProgressReviews).not.toHaveBeenCalled();
  } finally {
    useSessionStore.getState().clearSession();
  }
});

const listingsIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

test('changes under review sort by a column and download as CSV in that order', async () => {
  jest.mocked(getPendingRevisions).mockResolvedValue({
    items: [
      makeRevision(),
      makeRevision({ _id: 'rev-2', propertyId: 'p3', propertyName: 'Alder, House', fieldChanges: [], fileChanges: [], coverChanged: true }),
    ],
  });
  const { user, location } = renderPage(<ListingsPage />, { url: '/?tab=changes' });
  const table = await screen.findByRole('table', { name: 'Changes to live listings under review' });
  expect(listingsIn(table)).toEqual(['Harbor Lofts', 'Alder, House']);
  const changes = within(table).getByRole('columnheader', { name: /Changes/ });
  await user.click(within(changes).getByRole('button', { name: /Changes/ }));
  expect(changes).toHaveAttribute('aria-sort', 'ascending');
  expect(listingsIn(table)).toEqual(['Alder, House', 'Harbor Lofts']);
  expect(location()).toBe('/?tab=changes&changesSort=changes&changesOrder=asc');
  expect(within(table).getAllByRole('cell')[1]).toHaveAttribute('data-label', 'Changes');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('listing-changes.csv');
  expect(lines).toEqual([
    'Listing,Fields changed,File changes,New cover,Submitted',
    expect.stringMatching(/^"Alder, House",0,0,Yes,/),
    expect.stringMatching(/^Harbor Lofts,2,3,Yes,/),
  ]);
});

test('progress under review sorts by how long it has waited and downloads as CSV', async () => {
  jest.mocked(getProgressReviews).mockResolvedValue({
    items: [held, { ...held, _id: 'u2', propertyTitle: 'Alder House', currentPercent: 60, proposedPercent: 55, ageHours: 3, note: '=1+1' }],
  });
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=progress' });
  const table = await screen.findByRole('table', { name: 'Construction progress under review' });
  expect(listingsIn(table)).toEqual(['Harbor Lofts', 'Alder House']);
  const waitingHeader = within(table).getByRole('columnheader', { name: /Waiting/ });
  await user.click(within(waitingHeader).getByRole('button', { name: /Waiting/ }));
  expect(waitingHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(listingsIn(table)).toEqual(['Alder House', 'Harbor Lofts']);
  await user.click(within(waitingHeader).getByRole('button', { name: /Waiting/ }));
  expect(waitingHeader).toHaveAttribute('aria-sort', 'descending');
  expect(listingsIn(table)).toEqual(['Harbor Lofts', 'Alder House']);

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('progress-reviews.csv');
  expect(lines).toEqual([
    'Listing,Owner,Owner e-mail,Progress now (%),Proposed (%),Note,Submitted,Waiting (hours)',
    'Harbor Lofts,Olivia Owner,owner@example.com,80,20,Frame rebuilt after the storm,2026-03-01T10:00:00.000Z,50',
    "Alder House,Olivia Owner,owner@example.com,60,55,'=1+1,2026-03-01T10:00:00.000Z,3",
  ]);
});

test('the review queue takes a page size and downloads every listing waiting as CSV', async () => {
  const { user } = renderPage(<ListingsPage />, { url: '/?tab=review' });
  await screen.findByRole('table', { name: 'Listings pending review' });
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() =>
    expect(getProperties).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'PENDING_REVIEW', page: 1, pageSize: 50 })),
  );
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(getProperties).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'PENDING_REVIEW', page: 1, pageSize: 100 }));
  const { name, lines } = await savedCsv();
  expect(name).toBe('listings-pending-review.csv');
  expect(lines).toEqual(['Listing,Name,Status,Type,State,Owner,Units,Unit price,Listed', expect.stringMatching(/^p2,Music Row Flats,/)]);
});

import { screen, waitFor, within } from '@testing-library/react';
import { deleteProperty, getOwnersProperties, getPendingRevisions, getProperties, getProperty, getUsers, reviewRevision } from 'shared-api';
import { clearDirectory } from '../../lib/directory';
import { makeProperty, makeRevision, makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { ListingsPage } from './listings-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getProperties: jest.fn(),
  getProperty: jest.fn(),
  getOwnersProperties: jest.fn(),
  getUsers: jest.fn(),
  deleteProperty: jest.fn(),
  reviewProperty: jest.fn(),
  getPendingRevisions: jest.fn(),
  reviewRevision: jest.fn(),
}));

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

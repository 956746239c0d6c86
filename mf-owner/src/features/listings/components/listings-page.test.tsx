import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import { resetToasts } from 'shared-ui';
import { renderPage } from 'shared-ui/testing';
import { makeListing, pageOf } from 'shared-api/testing';
import { ListingsPage } from './listings-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getOwnedProperties: jest.fn(),
  deleteOwnedProperty: jest.fn(),
}));

const m = { list: jest.mocked(api.getOwnedProperties), remove: jest.mocked(api.deleteOwnedProperty) };

jest.setTimeout(30_000);

const listings = [
  makeListing({ _id: 'a', name: 'Maple Court', status: 'PENDING_REVIEW' }),
  makeListing({ _id: 'b', name: 'Harbor View', status: 'ACTIVE', totalQuantity: 1000, availableQuantity: 700 }),
  makeListing({ _id: 'c', name: 'Old Mill', status: 'REJECTED', rejectionReason: 'Photos missing.' }),
  makeListing({ _id: 'd', name: 'Sunset Terrace', type: 'OFF_PLAN', status: 'FUNDED', availableQuantity: 0, progress: 40 }),
];

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  m.list.mockResolvedValue(pageOf(listings));
});

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

test('lists every listing with its status, the rejection reason and units sold', async () => {
  renderPage(<ListingsPage />, { url: '/dashboard/listings' });
  expect(screen.getByRole('heading', { level: 1, name: 'My listings' })).toBeInTheDocument();
  await screen.findByRole('table', { name: 'My listings' });
  expect(within(row('Maple Court')).getByText('Pending review')).toBeInTheDocument();
  expect(within(row('Harbor View')).getByText('Active')).toBeInTheDocument();
  expect(within(row('Harbor View')).getByText('300 of 1,000')).toBeInTheDocument();
  expect(within(row('Old Mill')).getByText('Rejected')).toBeInTheDocument();
  expect(within(row('Old Mill')).getByText('Reason: Photos missing.')).toBeInTheDocument();
  expect(within(row('Sunset Terrace')).getByText('Funded')).toBeInTheDocument();
  expect(within(row('Sunset Terrace')).getByText('Off Plan')).toBeInTheDocument();
  expect(within(row('Maple Court')).getByRole('link', { name: 'View Maple Court' })).toHaveAttribute('href', '/properties/a');
  expect(within(row('Maple Court')).getByRole('link', { name: 'Edit Maple Court' })).toHaveAttribute('href', '/dashboard/listings/a/edit');
  expect(screen.getByRole('link', { name: 'Create listing' })).toHaveAttribute('href', '/dashboard/listings/create');
});

test('searches by name and filters by status through the API', async () => {
  const ui = renderPage(<ListingsPage />);
  await screen.findByRole('table', { name: 'My listings' });
  m.list.mockResolvedValue(pageOf([listings[1]]));
  await ui.user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'harbor');
  await waitFor(() => expect(m.list).toHaveBeenLastCalledWith({ searchName: 'harbor', status: undefined, page: 1, pageSize: 10 }));
  await waitFor(() => expect(screen.queryByRole('row', { name: /Maple Court/ })).not.toBeInTheDocument());
  await ui.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ACTIVE');
  await waitFor(() => expect(m.list).toHaveBeenLastCalledWith({ searchName: 'harbor', status: 'ACTIVE', page: 1, pageSize: 10 }));
  m.list.mockResolvedValue(pageOf([]));
  await ui.user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
  expect(await screen.findByText('No listings match your search')).toBeInTheDocument();
});

test('deleting asks first, then removes the listing', async () => {
  m.remove.mockResolvedValue({ message: 'Property deleted' });
  const ui = renderPage(<ListingsPage />);
  await screen.findByRole('table', { name: 'My listings' });
  await ui.user.click(within(row('Maple Court')).getByRole('button', { name: 'Delete Maple Court' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
  expect(within(dialog).getByText(/“Maple Court” and its images and documents are deleted for good/)).toBeInTheDocument();
  m.list.mockResolvedValue(pageOf(listings.slice(1)));
  await ui.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(m.remove).toHaveBeenCalledWith('a'));
  expect(await screen.findByText('“Maple Court” was deleted.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('row', { name: /Maple Court/ })).not.toBeInTheDocument());
});

test('a listing whose units are held cannot be deleted, and says why', async () => {
  const ui = renderPage(<ListingsPage />);
  await screen.findByRole('table', { name: 'My listings' });
  await ui.user.click(within(row('Harbor View')).getByRole('button', { name: 'Delete Harbor View' }));
  expect(await screen.findByText('“Harbor View” cannot be deleted: investors hold or have ordered 300 of its units.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(m.remove).not.toHaveBeenCalled();
});

test('when the server refuses a delete (units bought meanwhile) its message is shown', async () => {
  m.remove.mockRejectedValue(
    new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'A property with investors cannot be deleted' }),
  );
  const ui = renderPage(<ListingsPage />);
  await screen.findByRole('table', { name: 'My listings' });
  await ui.user.click(within(row('Maple Court')).getByRole('button', { name: 'Delete Maple Court' }));
  await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('A property with investors cannot be deleted')).toBeInTheDocument();
});

test('an owner with no listings is invited to create one', async () => {
  m.list.mockResolvedValue(pageOf([]));
  renderPage(<ListingsPage />);
  expect(await screen.findByText('You have not listed a property yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create your first listing' })).toHaveAttribute('href', '/dashboard/listings/create');
});

test('thumbnails load the smallest photo that fits, lazily', async () => {
  const photo = {
    _id: 'i1',
    url: '/download/x.webp',
    srcset: '/download/x-480.webp 480w, /download/x.webp 1600w',
    width: 1600,
    height: 1000,
  };
  m.list.mockResolvedValue(pageOf([makeListing({ _id: 'e', name: 'Photo House', images: [photo] as never })]));
  const { container } = renderPage(<ListingsPage />, { url: '/dashboard/listings' });
  await screen.findByRole('table', { name: 'My listings' });
  const img = container.querySelector('img');
  expect(img).toHaveAttribute('sizes', '56px');
  expect(img?.getAttribute('srcset')).toMatch(/\/download\/x-480\.webp 480w/);
  expect(img).toHaveAttribute('loading', 'lazy');
});

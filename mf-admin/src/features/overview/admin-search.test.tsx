import { screen, waitFor, within } from '@testing-library/react';
import { searchAdmin } from 'shared-api/admin';
import type { AdminSearchResults } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { AdminSearch } from './admin-search';

jest.mock('shared-api/admin', () => ({ ...jest.requireActual('shared-api/admin'), searchAdmin: jest.fn() }));
jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const RESULTS: AdminSearchResults = {
  q: 'ivy',
  searched: ['people', 'properties', 'orders'],
  people: [
    { _id: 'u1', firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com', role: 'INVESTOR', status: 'VERIFIED' },
    { _id: 'u2', firstName: 'Ivo', lastName: 'Owner', email: 'ivo@example.com', role: 'PROPERTY_OWNER', status: 'PENDING' },
  ],
  properties: [{ _id: 'p1', name: 'Ivy Court', status: 'ACTIVE' }],
  orders: [
    {
      _id: 'o1234567-0000-4000-8000-000000000000',
      investorId: 'u1',
      investorName: 'Ivy Investor',
      propertyId: 'p1',
      propertyName: 'Ivy Court',
      amount: 150,
      status: 'PENDING',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
};

test('typing searches once there are 2 characters; results grouped by kind, each a link to its page', async () => {
  jest.mocked(searchAdmin).mockResolvedValue(RESULTS);
  const { user, location } = renderPage(<AdminSearch />);
  const box = within(screen.getByRole('search', { name: 'Search people, properties and orders' })).getByRole('searchbox', {
    name: 'Name, e-mail, property or id',
  });
  await user.type(box, 'i');
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters'));
  expect(searchAdmin).not.toHaveBeenCalled();

  await user.type(box, 'vy');
  await waitFor(() => expect(searchAdmin).toHaveBeenLastCalledWith('ivy', expect.anything()));
  expect(await screen.findByText('4 results for “ivy”')).toBeInTheDocument();
  expect(location()).toBe('/?q=ivy');

  const people = screen.getByRole('region', { name: 'People' });
  expect(within(people).getByRole('link', { name: 'Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  expect(within(people).getByRole('link', { name: 'Ivo Owner' })).toHaveAttribute('href', '/dashboard/owners/u2');
  const properties = screen.getByRole('region', { name: 'Properties' });
  expect(within(properties).getByRole('link', { name: 'Ivy Court' })).toHaveAttribute('href', '/dashboard/listings?view=p1');
  const orders = screen.getByRole('region', { name: 'Orders' });
  expect(within(orders).getByRole('link', { name: 'Order #o1234567 by Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  expect(orders).toHaveTextContent('$150.00');
});

test('kinds the role may not read are not shown; nothing found is said', async () => {
  jest.mocked(searchAdmin).mockResolvedValue({ ...RESULTS, q: 'ivy', searched: ['people', 'properties'], orders: [] });
  renderPage(<AdminSearch />, { url: '/?q=ivy' });
  await screen.findByRole('region', { name: 'People' });
  expect(screen.queryByRole('region', { name: 'Orders' })).not.toBeInTheDocument();

  jest.mocked(searchAdmin).mockResolvedValue({ q: 'zzz', searched: ['people'], people: [], properties: [], orders: [] });
  renderPage(<AdminSearch />, { url: '/?q=zzz' });
  expect(await screen.findByText('Nothing matches “zzz”')).toBeInTheDocument();
});

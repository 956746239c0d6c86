import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, getProperties, useSessionStore } from 'shared-api';
import { prefetchFirstScreen } from 'shared-api/prefetch';
import { makeProperty, makeUser, pageOf } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { PropertiesPage } from './properties-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getProperties: jest.fn(),
}));
const getPropertiesMock = jest.mocked(getProperties);

const two = [
  makeProperty(),
  makeProperty({
    _id: 'p2',
    name: 'Desert Bloom Villas',
    type: 'OFF_PLAN',
    state: 'AZ',
    availableQuantity: 1500,
    soldQuantity: 0,
    totalQuantity: 1500,
    unitPrice: 100,
    roiInFiveYears: 55,
  }),
];

beforeEach(() => {
  getPropertiesMock.mockReset();
  useSessionStore.getState().clearSession();
});

test('cards with the spec figures; a visitor’s Invest now goes to /login, the picture opens the property', async () => {
  getPropertiesMock.mockResolvedValue(pageOf(two));
  renderPage(<PropertiesPage />, { url: '/properties' });
  expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Properties' });
  const cards = within(list).getAllByRole('article');
  expect(cards).toHaveLength(2);
  const first = within(cards[0]);
  expect(first.getByRole('heading', { name: 'Harbor Lofts' })).toBeInTheDocument();
  expect(first.getByText('1 Harbor Way, Boston')).toBeInTheDocument();
  expect(first.getByTestId('raised')).toHaveTextContent('$25,000 raised of $100,000');
  expect(first.getByTestId('annual-return')).toHaveTextContent('8%');
  expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  expect(first.getByRole('link', { name: 'Invest now' })).toHaveAttribute('href', '/login?next=%2Fproperties%2Fp1');
  expect(screen.getByRole('link', { name: 'View details of Harbor Lofts' })).toHaveAttribute('href', '/properties/p1');
  expect(screen.getByText('2 properties')).toBeInTheDocument();
  expect(getPropertiesMock).toHaveBeenCalledWith({ searchName: undefined, state: undefined, type: undefined, page: 1, pageSize: 12 });
});

test('a first page prefetched by the shell renders in the first render: no skeleton, no second call', async () => {
  const body = pageOf(two);
  const res = { ok: true, status: 200, json: () => Promise.resolve(JSON.parse(JSON.stringify(body))), clone: () => res };
  const fetchMock = jest.fn(() => Promise.resolve(res));
  global.fetch = fetchMock as unknown as typeof fetch;
  prefetchFirstScreen({ pathname: '/properties', search: '' });
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  renderPage(<PropertiesPage />, { url: '/properties' });
  // Synchronously, in the first render.
  expect(within(screen.getByRole('list', { name: 'Properties' })).getAllByRole('article')).toHaveLength(2);
  expect(screen.getByText('2 properties')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 0));
  expect(getPropertiesMock).not.toHaveBeenCalled();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a signed-in user’s Invest now opens the property', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  getPropertiesMock.mockResolvedValue(pageOf(two));
  renderPage(<PropertiesPage />, { url: '/properties' });
  const list = await screen.findByRole('list', { name: 'Properties' });
  expect(within(list).getAllByRole('link', { name: 'Invest now' })[0]).toHaveAttribute('href', '/properties/p1');
});

test('the filters go to the server and into the URL; quick changes build on each other', async () => {
  getPropertiesMock.mockResolvedValue(pageOf(two));
  const { user, location } = renderPage(<PropertiesPage />, { url: '/properties' });
  await screen.findByRole('list', { name: 'Properties' });
  const states = screen.getByLabelText('Location');
  expect(within(states).getAllByRole('option')).toHaveLength(51);
  const types = screen.getByLabelText('Property type');
  expect(
    within(types)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['All types', 'Off Plan', 'Rental/Residency Ready']);
  await user.selectOptions(states, 'AZ');
  await user.selectOptions(types, 'OFF_PLAN');
  await waitFor(() => expect(location()).toBe('/properties?state=AZ&type=OFF_PLAN'));
  await waitFor(() =>
    expect(getPropertiesMock).toHaveBeenLastCalledWith({ searchName: undefined, state: 'AZ', type: 'OFF_PLAN', page: 1, pageSize: 12 }),
  );
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bloom');
  await waitFor(() => expect(location()).toBe('/properties?q=bloom&state=AZ&type=OFF_PLAN'));
  await waitFor(() =>
    expect(getPropertiesMock).toHaveBeenLastCalledWith(expect.objectContaining({ searchName: 'bloom', state: 'AZ', type: 'OFF_PLAN' })),
  );
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(location()).toBe('/properties'));
});

test('empty: says so, and offers to clear the filters', async () => {
  getPropertiesMock.mockResolvedValue(pageOf([]));
  const { user, location } = renderPage(<PropertiesPage />, { url: '/properties?type=OFF_PLAN&state=WY' });
  expect(await screen.findByText('No properties match your filters')).toBeInTheDocument();
  const clears = screen.getAllByRole('button', { name: 'Clear filters' });
  await user.click(clears[clears.length - 1]);
  await waitFor(() => expect(location()).toBe('/properties'));
});

test('a page past the last one says so (not "no properties") and offers the last page, filters kept', async () => {
  getPropertiesMock.mockResolvedValue(pageOf([], { total: 30, pageSize: 12 }));
  const { user, location } = renderPage(<PropertiesPage />, { url: '/properties?type=RENTAL_READY&page=100001' });
  expect(await screen.findByText('There is no page 100,001')).toBeInTheDocument();
  expect(screen.getByText('This list has 3 pages.')).toBeInTheDocument();
  expect(screen.queryByText('No properties match your filters')).not.toBeInTheDocument();
  getPropertiesMock.mockResolvedValue(pageOf(two, { total: 30, pageSize: 12 }));
  await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
  await waitFor(() => expect(location()).toBe('/properties?type=RENTAL_READY&page=3'));
  expect(await screen.findByRole('list', { name: 'Properties' })).toBeInTheDocument();
});

test('loading, then an error with Retry', async () => {
  getPropertiesMock.mockRejectedValueOnce(new ApiError(400, { message: 'state must be a US state' })).mockResolvedValue(pageOf(two));
  const { user } = renderPage(<PropertiesPage />, { url: '/properties' });
  expect(screen.getByText('Loading properties...')).toBeInTheDocument();
  expect(await screen.findByText('state must be a US state')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('list', { name: 'Properties' })).toBeInTheDocument();
});

test('more than one page: page links', async () => {
  getPropertiesMock.mockResolvedValue(pageOf(two, { total: 30, pageSize: 12 }));
  const { user, location } = renderPage(<PropertiesPage />, { url: '/properties' });
  const pager = await screen.findByRole('navigation', { name: 'Pages of properties' });
  await user.click(within(pager).getByRole('button', { name: 'Go to page 3' }));
  await waitFor(() => expect(location()).toBe('/properties?page=3'));
  await waitFor(() => expect(getPropertiesMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 })));
});

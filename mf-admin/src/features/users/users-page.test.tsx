import { screen, waitFor, within } from '@testing-library/react';
import { getUsers } from 'shared-api/admin';
import { makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { saveFile } from '../../lib/download';
import { UsersPage } from './users-page';

jest.mock('shared-api/admin', () => ({ ...jest.requireActual('shared-api/admin'), getUsers: jest.fn() }));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));

// Typing is slow on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

test('investors: loading, then rows linking to each person', async () => {
  jest.mocked(getUsers).mockReturnValueOnce(never());
  const { unmount } = renderPage(<UsersPage role="INVESTOR" />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Investors');
  unmount();

  jest.mocked(getUsers).mockResolvedValue(
    pageOf([makeUser(), makeUser({ _id: 'u2', firstName: 'Vic', lastName: 'Verified', status: 'VERIFIED', isSubscribed: false })], {
      total: 41,
    }),
  );
  renderPage(<UsersPage role="INVESTOR" />);
  const table = await screen.findByRole('table', { name: 'Investors' });
  expect(within(table).getByRole('link', { name: 'Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  const row = within(table).getByText('Vic Verified').closest('tr')!;
  expect(row).toHaveTextContent('Verified');
  expect(row).toHaveTextContent('No');
  expect(screen.getByText('1–20 of 41')).toBeInTheDocument();
  expect(getUsers).toHaveBeenLastCalledWith({ role: 'INVESTOR', q: undefined, status: undefined, page: 1, pageSize: 20 });
});

test('owners: search and status filter reach the API and the address', async () => {
  jest.mocked(getUsers).mockResolvedValue(
    pageOf([
      makeUser({
        role: 'PROPERTY_OWNER',
        firstName: 'Olga',
        lastName: 'Owner',
        userType: 'BUSINESS_ENTITY',
        businessName: 'Olga Estates Ltd',
      }),
    ]),
  );
  const { user, location } = renderPage(<UsersPage role="PROPERTY_OWNER" />, { url: '/?status=PENDING' });
  const table = await screen.findByRole('table', { name: 'Owners' });
  expect(within(table).getByRole('link', { name: 'Olga Owner' })).toHaveAttribute('href', '/dashboard/owners/u1');
  expect(table).toHaveTextContent('Olga Estates Ltd');
  expect(getUsers).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'PROPERTY_OWNER', status: 'PENDING' }));

  await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'olga');
  await waitFor(() =>
    expect(getUsers).toHaveBeenLastCalledWith({ role: 'PROPERTY_OWNER', q: 'olga', status: 'PENDING', page: 1, pageSize: 20 }),
  );
  expect(location()).toBe('/?status=PENDING&q=olga');

  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: 'Any status' }));
  await waitFor(() => expect(location()).toBe('/?q=olga'));
});

test('no match, and a failure with Retry', async () => {
  jest.mocked(getUsers).mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<UsersPage role="INVESTOR" />, { url: '/?q=nobody' });
  expect(await screen.findByText('No investor matches these filters')).toBeInTheDocument();
  unmount();

  jest
    .mocked(getUsers)
    .mockRejectedValueOnce(new Error('Forbidden'))
    .mockResolvedValueOnce(pageOf([makeUser()]));
  const { user } = renderPage(<UsersPage role="INVESTOR" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Ivy Investor' })).toBeInTheDocument();
});

test('a large list pages by cursor: Next and Previous keep page and cursor in the address', async () => {
  jest
    .mocked(getUsers)
    .mockResolvedValue(pageOf([makeUser()], { total: 98_000, totalIsEstimate: true, page: 1, nextCursor: 'c-next', prevCursor: null }));
  const { user, location, unmount } = renderPage(<UsersPage role="INVESTOR" />);
  const nav = await screen.findByRole('navigation', { name: 'Investors pages' });
  expect(nav).toHaveTextContent('of about 98,000');
  await user.click(within(nav).getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(location()).toBe('/?page=2&after=c-next'));
  await waitFor(() =>
    expect(getUsers).toHaveBeenLastCalledWith({
      role: 'INVESTOR',
      q: undefined,
      status: undefined,
      page: 2,
      after: 'c-next',
      pageSize: 20,
    }),
  );

  unmount();

  // A shared deep link opens the same page; Previous goes back by cursor.
  jest
    .mocked(getUsers)
    .mockResolvedValue(pageOf([makeUser()], { total: 98_000, totalIsEstimate: true, page: 700, nextCursor: 'n700', prevCursor: 'p700' }));
  const deep = renderPage(<UsersPage role="INVESTOR" />, { url: '/?page=700&after=c699' });
  await waitFor(() => expect(getUsers).toHaveBeenLastCalledWith(expect.objectContaining({ page: 700, after: 'c699' })));
  const deepNav = await screen.findByRole('navigation', { name: 'Investors pages' });
  await deep.user.click(within(deepNav).getByRole('button', { name: 'Previous' }));
  await waitFor(() => expect(deep.location()).toBe('/?page=699&before=p700'));
});

test('sorting asks the server; the CSV holds every page of the current filter and sort', async () => {
  jest.mocked(getUsers).mockImplementation(async (q = {}) =>
    q.after === 'c2'
      ? { ...pageOf([makeUser({ _id: 'u3', firstName: '=cmd', lastName: 'Last' })], { total: 3 }), nextCursor: null }
      : {
          ...pageOf([makeUser({ _id: 'u1' }), makeUser({ _id: 'u2', firstName: 'Vic', lastName: 'Comma, Jr' })], { total: 3 }),
          nextCursor: q.pageSize === 100 ? 'c2' : null,
        },
  );
  const { user, location } = renderPage(<UsersPage role="INVESTOR" />, { url: '/?status=VERIFIED' });
  const table = await screen.findByRole('table', { name: 'Investors' });
  const name = within(table).getByRole('columnheader', { name: /Name/ });
  expect(within(table).getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'descending');
  await user.click(within(name).getByRole('button'));
  await waitFor(() =>
    expect(getUsers).toHaveBeenLastCalledWith({
      role: 'INVESTOR',
      q: undefined,
      status: 'VERIFIED',
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 20,
    }),
  );
  expect(name).toHaveAttribute('aria-sort', 'ascending');
  expect(location()).toBe('/?status=VERIFIED&sort=name&order=asc');

  jest.mocked(getUsers).mockClear();
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(getUsers).toHaveBeenCalledWith(
    expect.objectContaining({ status: 'VERIFIED', sort: 'name', order: 'asc', page: 1, pageSize: 100 }),
  );
  expect(getUsers).toHaveBeenCalledWith(expect.objectContaining({ sort: 'name', page: 2, pageSize: 100, after: 'c2' }));
  const [blob, filename] = jest.mocked(saveFile).mock.calls[0];
  expect(filename).toBe('investors.csv');
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  const lines = text.trim().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[2]).toContain('"Comma, Jr"');
  expect(lines[3]).toContain(",'=cmd,");
});

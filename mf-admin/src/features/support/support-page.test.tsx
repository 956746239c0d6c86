import { screen, waitFor } from '@testing-library/react';
import { getSupportTickets, getUsers } from 'shared-api/admin';
import { clearDirectory } from '../../lib/directory';
import { makeContactTicket, makeTicket, makeUser, pageOf } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { SupportPage } from './support-page';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  getSupportTickets: jest.fn(),
}));

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([makeUser()]));
  jest.mocked(getSupportTickets).mockResolvedValue(pageOf([makeContactTicket(), makeTicket({ _id: 't2', subject: 'Order stuck' })]));
});

test('open messages by default: contact-form senders and signed-in people', async () => {
  renderPage(<SupportPage />);
  const table = await screen.findByRole('table', { name: 'Support messages' });
  expect(getSupportTickets).toHaveBeenCalledWith({ status: 'OPEN', kind: undefined, assignee: undefined, page: 1, pageSize: 20 });
  expect(table).toHaveTextContent('Sam Sender');
  expect(table).toHaveTextContent('Contact form');
  await waitFor(() => expect(table).toHaveTextContent('Ivy Investor'));
  expect(table).toHaveTextContent('ivy@example.com');
});

test('each row opens its thread; the assignee is shown', async () => {
  jest.mocked(getSupportTickets).mockResolvedValue(pageOf([makeContactTicket({ assignedTo: 'u1', status: 'WAITING' })]));
  renderPage(<SupportPage />);
  const link = await screen.findByRole('link', { name: 'Read: Question about fees' });
  expect(link).toHaveAttribute('href', '/dashboard/support/t1');
  const table = screen.getByRole('table', { name: 'Support messages' });
  expect(table).toHaveTextContent('Waiting for the person');
  await waitFor(() => expect(table).toHaveTextContent('Ivy Investor'));
});

test('filters by status and assignee; an empty inbox', async () => {
  jest.mocked(getSupportTickets).mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<SupportPage />);
  expect(await screen.findByText('The inbox is empty: nothing open')).toBeInTheDocument();
  unmount();

  jest.mocked(getSupportTickets).mockResolvedValue(pageOf([makeTicket({ status: 'CLOSED' })]));
  const { user, location } = renderPage(<SupportPage />);
  await user.click(await screen.findByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: 'Any status' }));
  await waitFor(() => expect(location()).toBe('/?status='));
  expect(getSupportTickets).toHaveBeenLastCalledWith({ status: undefined, kind: undefined, assignee: undefined, page: 1, pageSize: 20 });
  await user.click(await screen.findByRole('combobox', { name: 'Assignee' }));
  await user.click(await screen.findByRole('option', { name: 'Assigned to me' }));
  await waitFor(() =>
    expect(getSupportTickets).toHaveBeenLastCalledWith({ status: undefined, kind: undefined, assignee: 'me', page: 1, pageSize: 20 }),
  );
  await user.click(await screen.findByRole('combobox', { name: 'Assignee' }));
  await user.click(await screen.findByRole('option', { name: 'Unassigned' }));
  await waitFor(() => expect(getSupportTickets).toHaveBeenLastCalledWith(expect.objectContaining({ assignee: 'unassigned' })));
});

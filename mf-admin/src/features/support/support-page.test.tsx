import { screen, waitFor, within } from '@testing-library/react';
import { closeSupportTicket, getSupportTickets, getUsers } from 'shared-api';
import { clearDirectory } from '../../lib/directory';
import { makeTicket, makeUser, pageOf } from '../../testing/fixtures';
import { renderPage } from 'shared-ui/testing';
import { SupportPage } from './support-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getUsers: jest.fn(),
  getSupportTickets: jest.fn(),
  closeSupportTicket: jest.fn(),
}));

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([makeUser()]));
  jest
    .mocked(getSupportTickets)
    .mockResolvedValue(
      pageOf([
        makeTicket(),
        makeTicket({ _id: 't2', kind: 'TICKET', userId: 'u1', name: null, email: null, phoneNumber: null, subject: 'Order stuck' }),
      ]),
    );
});

test('open messages by default: contact-form senders and signed-in people', async () => {
  renderPage(<SupportPage />);
  const table = await screen.findByRole('table', { name: 'Support messages' });
  expect(getSupportTickets).toHaveBeenCalledWith({ status: 'OPEN', kind: undefined, page: 1, pageSize: 20 });
  expect(table).toHaveTextContent('Sam Sender');
  expect(table).toHaveTextContent('Contact form');
  await waitFor(() => expect(table).toHaveTextContent('Ivy Investor'));
  expect(table).toHaveTextContent('ivy@example.com');
});

test('read a message, then close it', async () => {
  jest.mocked(closeSupportTicket).mockResolvedValue(makeTicket({ status: 'CLOSED', closedAt: '2026-02-05T00:00:00.000Z' }));
  const { user } = renderPage(<SupportPage />);
  await user.click(await screen.findByRole('button', { name: 'Read: Question about fees' }));
  const dialog = await screen.findByRole('dialog', { name: 'Question about fees' });
  expect(dialog).toHaveTextContent('how much is the fee?');
  expect(within(dialog).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute('href', 'mailto:sam@example.com');
  expect(dialog).toHaveTextContent('+1 555 0100');
  await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
  expect(closeSupportTicket).toHaveBeenCalledWith('t1');
  expect(await screen.findByText('Ticket closed')).toBeInTheDocument();
  await waitFor(() => expect(getSupportTickets).toHaveBeenCalledTimes(2));
});

test('every status, an empty inbox and a failure', async () => {
  jest.mocked(getSupportTickets).mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<SupportPage />);
  expect(await screen.findByText('The inbox is empty: nothing open')).toBeInTheDocument();
  unmount();

  jest.mocked(getSupportTickets).mockResolvedValue(pageOf([makeTicket({ status: 'CLOSED' })]));
  const { user, location } = renderPage(<SupportPage />);
  await user.click(await screen.findByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: 'Any status' }));
  await waitFor(() => expect(location()).toBe('/?status='));
  expect(getSupportTickets).toHaveBeenLastCalledWith({ status: undefined, kind: undefined, page: 1, pageSize: 20 });
  await user.click(await screen.findByRole('button', { name: 'Read: Question about fees' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
});

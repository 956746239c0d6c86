import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { useSessionStore } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { makeTicket, makeUser, pageOf, serverDown } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { SupportPage } from './support-page';
import { TICKET_SENT } from './ticket-form';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMySupportTickets: jest.fn(),
  sendSupport: jest.fn(),
}));

const m = { list: jest.mocked(api.getMySupportTickets), send: jest.mocked(api.sendSupport) };

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser({ role: 'PROPERTY_OWNER' }), 'token');
});

test('loading', () => {
  m.list.mockReturnValue(never());
  renderPage(<SupportPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your tickets...');
});

test('data: each ticket with its subject, message, dates and status', async () => {
  m.list.mockResolvedValue(
    pageOf([
      makeTicket(),
      makeTicket({
        _id: 't2',
        subject: 'Payout received',
        message: 'Thanks!',
        status: 'CLOSED',
        createdAt: '2026-02-01T10:00:00.000Z',
        closedAt: '2026-02-02T10:00:00.000Z',
      }),
    ]),
  );
  renderPage(<SupportPage />);
  const list = await screen.findByRole('list', { name: 'Your tickets' });
  const open = within(list).getByRole('article', { name: 'Withdrawal timing' });
  expect(open).toHaveTextContent('Open');
  expect(open).toHaveTextContent('When will my withdrawal be paid?');
  expect(open).toHaveTextContent('Our team is on it');
  const closed = within(list).getByRole('article', { name: 'Payout received' });
  expect(closed).toHaveTextContent('Closed');
  expect(closed).toHaveTextContent(/Closed Feb 2, 2026/);
});

test('a ticket the team answered is waiting for the person, and links to its conversation', async () => {
  m.list.mockResolvedValue(pageOf([makeTicket({ status: 'WAITING', updatedAt: '2026-03-08T09:00:00.000Z' })]));
  renderPage(<SupportPage />);
  const ticket = await screen.findByRole('article', { name: 'Withdrawal timing' });
  expect(ticket).toHaveTextContent('Waiting for you');
  expect(ticket).toHaveTextContent(/We replied Mar 8, 2026/);
  expect(within(ticket).getByRole('link', { name: 'Read the reply and answer: Withdrawal timing' })).toHaveAttribute(
    'href',
    '/dashboard/support/t1',
  );
});

test('empty', async () => {
  m.list.mockResolvedValue(pageOf([]));
  renderPage(<SupportPage />);
  expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
});

test('error: Retry loads again', async () => {
  m.list.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(pageOf([makeTicket()]));
  const { user } = renderPage(<SupportPage />);
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: 'Withdrawal timing' })).toBeInTheDocument();
});

test('pages through many tickets', async () => {
  m.list.mockResolvedValue(pageOf([makeTicket()], { total: 12, pageSize: 10 }));
  const { user } = renderPage(<SupportPage />);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await waitFor(() => expect(m.list).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 }));
});

test('opening a ticket: both fields are required, then it is sent and listed', async () => {
  m.list
    .mockResolvedValueOnce(pageOf([]))
    .mockResolvedValue(pageOf([makeTicket({ subject: 'Deposit question', message: 'Is there a fee?' })]));
  m.send.mockResolvedValue(makeTicket({ subject: 'Deposit question', message: 'Is there a fee?' }));
  const { user } = renderPage(<SupportPage />);
  await screen.findByText('No tickets yet');
  const form = screen.getByRole('form', { name: 'Open a ticket' });
  await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
  expect(within(form).getByText(MESSAGES.contactRequired)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveAttribute('aria-invalid', 'true');
  expect(m.send).not.toHaveBeenCalled();

  await user.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Deposit question');
  await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Is there a fee?');
  await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
  expect(m.send).toHaveBeenCalledWith({ subject: 'Deposit question', message: 'Is there a fee?' });
  expect(await screen.findByText(TICKET_SENT)).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'Deposit question' })).toHaveTextContent('Open');
  expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('');
});

test("a refused ticket shows the server's message and keeps what was typed", async () => {
  m.list.mockResolvedValue(pageOf([]));
  m.send.mockRejectedValue(
    new api.ApiError(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests, please try again later.' }),
  );
  const { user } = renderPage(<SupportPage />);
  const form = screen.getByRole('form', { name: 'Open a ticket' });
  await user.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Hello');
  await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Anyone there?');
  await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
  expect(await screen.findByText('Too many requests, please try again later.')).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('Hello');
});

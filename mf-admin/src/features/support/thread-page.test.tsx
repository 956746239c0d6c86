import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { useSessionStore } from 'shared-api';
import { SUPPORT_MESSAGES } from 'shared-api/contract';
import { never, renderPage } from 'shared-ui/testing';
import { makeAdminThread, makeSupportMessage, makeTicket, makeUser } from 'shared-api/testing';
import { MAIL_SENT, REPLY_SENT, SupportThreadPage } from './thread-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const api = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getSupportThread: jest.fn(),
  replySupportTicket: jest.fn(),
  resendSupportReply: jest.fn(),
  assignSupportTicket: jest.fn(),
  closeSupportTicket: jest.fn(),
}));

const m = {
  get: jest.mocked(api.getSupportThread),
  reply: jest.mocked(api.replySupportTicket),
  resend: jest.mocked(api.resendSupportReply),
  assign: jest.mocked(api.assignSupportTicket),
  close: jest.mocked(api.closeSupportTicket),
};

jest.setTimeout(30_000);

const ADMIN = makeUser({ _id: 'admin1', firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' });
const person = {
  _id: 'u1',
  firstName: 'Ivy',
  lastName: 'Investor',
  email: 'ivy@example.com',
  role: 'INVESTOR' as const,
  status: 'VERIFIED' as const,
  walletBalance: 1250.5,
  holdingsCount: 3,
};
const ticketThread = makeAdminThread({
  ticket: makeTicket({ subject: 'Order stuck' }),
  messages: [makeSupportMessage({ authorId: 'u1', authorName: 'Ivy Investor', body: 'My order is pending' })],
  person,
});

const open = () => renderPage(<SupportThreadPage />, { url: '/dashboard/support/t1', path: '/dashboard/support/:id' });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(ADMIN, 'token');
});

test('loading, then the thread with the person’s account beside it', async () => {
  m.get.mockReturnValueOnce(never());
  const { unmount } = open();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the conversation...');
  unmount();

  m.get.mockResolvedValue(ticketThread);
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Order stuck' })).toBeInTheDocument();
  expect(m.get).toHaveBeenCalledWith('t1');
  const conversation = screen.getByRole('list', { name: 'Conversation' });
  expect(within(conversation).getByRole('article', { name: /Ivy Investor/ })).toHaveTextContent('My order is pending');
  const account = screen.getByRole('region', { name: 'Account' });
  expect(within(account).getByRole('link', { name: 'Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  expect(account).toHaveTextContent('ivy@example.com');
  expect(account).toHaveTextContent('Investor');
  expect(account).toHaveTextContent('Verified');
  expect(account).toHaveTextContent('$1,250.50');
  expect(account).toHaveTextContent('3');
});

test('not found and errors', async () => {
  m.get.mockRejectedValueOnce(new api.ApiError(404, { statusCode: 404, error: 'Not Found', message: 'Ticket not found' }));
  const { unmount } = open();
  expect(await screen.findByText('Ticket not found')).toBeInTheDocument();
  unmount();
  m.get
    .mockRejectedValueOnce(new api.ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }))
    .mockResolvedValueOnce(ticketThread);
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Order stuck' })).toBeInTheDocument();
});

test('reply: an empty reply is refused in place; a reply is sent and shown, status waiting', async () => {
  m.get.mockResolvedValue(ticketThread);
  m.reply.mockResolvedValue({
    ...ticketThread,
    ticket: { ...ticketThread.ticket, status: 'WAITING', assignedTo: 'admin1' },
    messages: [
      ...ticketThread.messages,
      makeSupportMessage({ _id: 'm2', authorRole: 'ADMIN', authorId: 'admin1', authorName: 'Ada Admin', body: 'Approved now' }),
    ],
    assignee: { _id: 'admin1', name: 'Ada Admin' },
  });
  const { user } = open();
  const form = await screen.findByRole('form', { name: 'Your reply' });
  await user.click(within(form).getByRole('button', { name: 'Send reply' }));
  expect(within(form).getByText(SUPPORT_MESSAGES.emptyMessage)).toBeInTheDocument();
  expect(m.reply).not.toHaveBeenCalled();
  await user.type(within(form).getByRole('textbox', { name: /Your reply/ }), 'Approved now');
  await user.click(within(form).getByRole('button', { name: 'Send reply' }));
  expect(m.reply).toHaveBeenCalledWith('t1', 'Approved now');
  expect(await screen.findByText(REPLY_SENT)).toBeInTheDocument();
  expect(screen.getByRole('article', { name: /Ada Admin/ })).toHaveTextContent('Approved now');
  expect(screen.getByText('Waiting for the person')).toBeInTheDocument();
  expect(screen.getByText(/Assigned to you/)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: /Your reply/ })).toHaveValue('');
});

test('assign to me, then close', async () => {
  m.get.mockResolvedValue(ticketThread);
  m.assign.mockResolvedValue({
    ...ticketThread,
    ticket: { ...ticketThread.ticket, assignedTo: 'admin1' },
    assignee: { _id: 'admin1', name: 'Ada Admin' },
  });
  m.close.mockResolvedValue({ ...ticketThread.ticket, status: 'CLOSED', closedAt: '2026-02-05T00:00:00.000Z', assignedTo: 'admin1' });
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
  expect(m.assign).toHaveBeenCalledWith('t1', 'me');
  expect(await screen.findByRole('button', { name: 'Unassign' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(m.close).toHaveBeenCalledWith('t1');
  expect(await screen.findByText('Closed: the person can reopen it by answering.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Your reply' })).not.toBeInTheDocument();
});

test('a contact message: reply by e-mail in the app, the reply kept; a failed e-mail is sent again', async () => {
  const contact = makeAdminThread();
  m.get.mockResolvedValue(contact);
  const failed = makeSupportMessage({
    _id: 'm2',
    authorRole: 'ADMIN',
    authorId: 'admin1',
    authorName: 'Ada Admin',
    body: 'It is 8%',
    email: { status: 'FAILED', sentAt: null, error: 'SMTP down' },
  });
  m.reply.mockResolvedValue({ ...contact, ticket: { ...contact.ticket, status: 'WAITING' }, messages: [...contact.messages, failed] });
  m.resend.mockResolvedValue({
    ...contact,
    messages: [...contact.messages, { ...failed, email: { status: 'SENT', sentAt: '2026-02-05T10:00:00.000Z', error: null } }],
  });
  const { user } = open();
  expect(await screen.findByRole('region', { name: 'Visitor (no account)' })).toHaveTextContent('+1 555 0100');
  const form = screen.getByRole('form', { name: 'Reply by e-mail' });
  expect(form).toHaveTextContent('Sent to sam@example.com');
  await user.type(within(form).getByRole('textbox', { name: /Reply by e-mail/ }), 'It is 8%');
  await user.click(within(form).getByRole('button', { name: 'Reply by e-mail' }));
  const reply = await screen.findByRole('article', { name: /Ada Admin/ });
  expect(reply).toHaveTextContent('The e-mail was not sent: SMTP down');
  await user.click(within(reply).getByRole('button', { name: 'Send again' }));
  expect(m.resend).toHaveBeenCalledWith('t1', 'm2');
  expect(await screen.findByText(MAIL_SENT)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('article', { name: /Ada Admin/ })).toHaveTextContent('Sent by e-mail'));
});

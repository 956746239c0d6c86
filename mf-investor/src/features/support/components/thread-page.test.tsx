import { screen, within } from '@testing-library/react';
import * as api from 'shared-api';
import { useSessionStore } from 'shared-api';
import { SUPPORT_MESSAGES, type SupportThread } from 'shared-api/contract';
import { never, renderPage } from 'shared-ui/testing';
import { makeSupportMessage, makeTicket, makeUser, serverDown } from 'shared-api/testing';
import { ANSWER_SENT, SupportThreadPage } from './thread-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMySupportThread: jest.fn(),
  answerSupportTicket: jest.fn(),
}));

const m = { get: jest.mocked(api.getMySupportThread), answer: jest.mocked(api.answerSupportTicket) };

jest.setTimeout(30_000);

const waiting: SupportThread = {
  ticket: makeTicket({ status: 'WAITING', updatedAt: '2026-03-08T09:00:00.000Z' }),
  messages: [
    makeSupportMessage(),
    makeSupportMessage({
      _id: 'm2',
      authorRole: 'ADMIN',
      authorId: null,
      authorName: 'Support team',
      body: 'Within two business days.',
      createdAt: '2026-03-08T09:00:00.000Z',
    }),
  ],
};

const open = () => renderPage(<SupportThreadPage />, { url: '/dashboard/support/t1', path: '/dashboard/support/:id' });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
});

test('loading, then the conversation: who wrote what and when, status waiting for you', async () => {
  m.get.mockReturnValueOnce(never());
  const { unmount } = open();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the conversation...');
  unmount();

  m.get.mockResolvedValue(waiting);
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal timing' })).toBeInTheDocument();
  expect(m.get).toHaveBeenCalledWith('t1');
  expect(screen.getByText('Waiting for you')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Conversation' });
  const items = within(list).getAllByRole('article');
  expect(items.map((a) => a.getAttribute('aria-labelledby') && a.textContent)).toHaveLength(2);
  expect(within(list).getByRole('article', { name: /You/ })).toHaveTextContent('When will my withdrawal be paid?');
  const reply = within(list).getByRole('article', { name: /Support team/ });
  expect(reply).toHaveTextContent('Within two business days.');
  expect(reply).toHaveTextContent('Mar 8, 2026');
  expect(screen.getByRole('link', { name: '← All tickets' })).toHaveAttribute('href', '/dashboard/support');
});

test('answering: empty refused in place, then sent, the thread reloads', async () => {
  m.get.mockResolvedValueOnce(waiting).mockResolvedValue({
    ticket: { ...waiting.ticket, status: 'OPEN' },
    messages: [...waiting.messages, makeSupportMessage({ _id: 'm3', body: 'Thanks!' })],
  });
  m.answer.mockResolvedValue(waiting);
  const { user } = open();
  const form = await screen.findByRole('form', { name: 'Your answer' });
  await user.click(within(form).getByRole('button', { name: 'Send answer' }));
  expect(within(form).getByText(SUPPORT_MESSAGES.emptyMessage)).toBeInTheDocument();
  expect(m.answer).not.toHaveBeenCalled();
  await user.type(within(form).getByRole('textbox', { name: /Your answer/ }), 'Thanks!');
  await user.click(within(form).getByRole('button', { name: 'Send answer' }));
  expect(m.answer).toHaveBeenCalledWith('t1', 'Thanks!');
  expect(await screen.findByText(ANSWER_SENT)).toBeInTheDocument();
  expect(await screen.findByText('Open')).toBeInTheDocument();
  expect(screen.getByText(/Our team is on it/)).toBeInTheDocument();
});

test('a closed ticket says answering reopens it; a refused answer keeps the text', async () => {
  m.get.mockResolvedValue({ ...waiting, ticket: { ...waiting.ticket, status: 'CLOSED', closedAt: '2026-03-09T09:00:00.000Z' } });
  m.answer.mockRejectedValue(new api.ApiError(400, { statusCode: 400, error: 'Bad Request', message: SUPPORT_MESSAGES.tooLong }));
  const { user } = open();
  const form = await screen.findByRole('form', { name: 'Your answer' });
  expect(form).toHaveTextContent('This ticket is closed. Answering reopens it.');
  await user.type(within(form).getByRole('textbox', { name: /Your answer/ }), 'Hello again');
  await user.click(within(form).getByRole('button', { name: 'Send answer' }));
  expect(await within(form).findByText(SUPPORT_MESSAGES.tooLong)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: /Your answer/ })).toHaveValue('Hello again');
});

test('another person’s ticket is not found; an error can be retried', async () => {
  m.get.mockRejectedValueOnce(new api.ApiError(404, { statusCode: 404, error: 'Not Found', message: 'Ticket not found' }));
  const { unmount } = open();
  expect(await screen.findByText('Ticket not found')).toBeInTheDocument();
  unmount();
  m.get.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(waiting);
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal timing' })).toBeInTheDocument();
});

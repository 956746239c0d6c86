// Support as the API returns it: u1's ticket t1 with its first message (as u1 reads it), and
// a contact-form message from a visitor without an account (as an admin reads it); override
// what the test is about.
import type { AdminSupportThread, SupportMessage, SupportTicket } from '../contract';

export function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    _id: 't1',
    kind: 'TICKET',
    userId: 'u1',
    name: null,
    email: null,
    phoneNumber: null,
    subject: 'Withdrawal timing',
    message: 'When will my withdrawal be paid?',
    status: 'OPEN',
    createdAt: '2026-03-07T15:00:00.000Z',
    closedAt: null,
    updatedAt: '2026-03-07T15:00:00.000Z',
    assignedTo: null,
    ...overrides,
  };
}

/** u1's first message of t1, as u1 reads it (the server names the reader's own messages "You"). */
export function makeSupportMessage(overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    _id: 'm1',
    ticketId: 't1',
    authorId: 'u1',
    authorRole: 'PERSON',
    authorName: 'You',
    body: 'When will my withdrawal be paid?',
    createdAt: '2026-03-07T15:00:00.000Z',
    email: null,
    ...overrides,
  };
}

/** A message sent through the contact form by Sam Sender, who has no account. */
export function makeContactTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return makeTicket({
    kind: 'CONTACT',
    userId: null,
    name: 'Sam Sender',
    email: 'sam@example.com',
    phoneNumber: '+1 555 0100',
    subject: 'Question about fees',
    message: 'Hello,\nhow much is the fee?',
    createdAt: '2026-02-04T12:00:00.000Z',
    updatedAt: '2026-02-04T12:00:00.000Z',
    ...overrides,
  });
}

/** The contact message's thread as an admin reads it: the ticket, its message, no account, nobody assigned. */
export function makeAdminThread(overrides: Partial<AdminSupportThread> = {}): AdminSupportThread {
  const ticket = makeContactTicket();
  const message = makeSupportMessage({
    ticketId: ticket._id,
    authorId: null,
    authorName: 'Sam Sender',
    body: ticket.message,
    createdAt: ticket.createdAt,
  });
  return { ticket, messages: [message], person: null, assignee: null, ...overrides };
}

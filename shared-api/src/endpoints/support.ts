// POST /support, the person's threads and the support inbox.
import type { ContactBody, Page, SupportQuery, SupportThread, SupportTicket, SupportTicketBody } from '../contract';
import { http } from '../client';
import { id, query } from './query';

/** A ticket ({ subject, message }, signed in) or a contact-form message (anyone). */
export const sendSupport = (body: SupportTicketBody | ContactBody): Promise<SupportTicket> =>
  http.post('support', { json: body }).json<SupportTicket>();

export const getMySupportTickets = (q: SupportQuery = {}): Promise<Page<SupportTicket>> =>
  http.get('v1/support/mine', { searchParams: query(q) }).json<Page<SupportTicket>>();

/** One of the person's own tickets with its messages. */
export const getMySupportThread = (ticketId: string): Promise<SupportThread> =>
  http.get(`v1/support/mine/${id(ticketId)}`).json<SupportThread>();

/** The person answers (the ticket is open again; a closed one reopens). */
export const answerSupportTicket = (ticketId: string, body: string): Promise<SupportThread> =>
  http.post(`v1/support/mine/${id(ticketId)}/messages`, { json: { body } }).json<SupportThread>();

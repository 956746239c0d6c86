// POST /support, the person's threads and the support inbox.
import type { AdminSupportThread, ContactBody, Page, SupportQuery, SupportThread, SupportTicket, SupportTicketBody } from '../contract';
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

/** Admins. */
export const getSupportTickets = (q: SupportQuery = {}): Promise<Page<SupportTicket>> =>
  http.get('v1/support', { searchParams: query(q) }).json<Page<SupportTicket>>();

export const getSupportThread = (ticketId: string): Promise<AdminSupportThread> =>
  http.get(`v1/support/${id(ticketId)}`).json<AdminSupportThread>();

/** A ticket: the person is notified; a contact-form message: the reply is e-mailed. */
export const replySupportTicket = (ticketId: string, body: string): Promise<AdminSupportThread> =>
  http.post(`v1/support/${id(ticketId)}/messages`, { json: { body } }).json<AdminSupportThread>();

export const resendSupportReply = (ticketId: string, messageId: string): Promise<AdminSupportThread> =>
  http.post(`v1/support/${id(ticketId)}/messages/${id(messageId)}/resend`).json<AdminSupportThread>();

export const assignSupportTicket = (ticketId: string, assignee: 'me' | null): Promise<AdminSupportThread> =>
  http.patch(`v1/support/${id(ticketId)}/assignee`, { json: { assignee } }).json<AdminSupportThread>();

export const closeSupportTicket = (ticketId: string): Promise<SupportTicket> =>
  http.patch(`v1/support/${id(ticketId)}/close`).json<SupportTicket>();

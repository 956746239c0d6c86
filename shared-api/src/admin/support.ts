// The support inbox: tickets, threads, replies, assignment.
import type { AdminSupportThread, Page, SupportQuery, SupportTicket } from '../contract';
import { http } from 'shared-api';
import { id, query } from '../endpoints/query';

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

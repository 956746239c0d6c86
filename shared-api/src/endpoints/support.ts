// POST /support and the support inbox.
import type { ContactBody, Page, SupportQuery, SupportTicket, SupportTicketBody } from '../contract';
import { http } from '../client';
import { id, query } from './query';

/** A ticket ({ subject, message }, signed in) or a contact-form message (anyone). */
export const sendSupport = (body: SupportTicketBody | ContactBody): Promise<SupportTicket> =>
  http.post('support', { json: body }).json<SupportTicket>();

export const getMySupportTickets = (q: SupportQuery = {}): Promise<Page<SupportTicket>> =>
  http.get('v1/support/mine', { searchParams: query(q) }).json<Page<SupportTicket>>();

/** Admins. */
export const getSupportTickets = (q: SupportQuery = {}): Promise<Page<SupportTicket>> =>
  http.get('v1/support', { searchParams: query(q) }).json<Page<SupportTicket>>();

export const closeSupportTicket = (ticketId: string): Promise<SupportTicket> =>
  http.patch(`v1/support/${id(ticketId)}/close`).json<SupportTicket>();

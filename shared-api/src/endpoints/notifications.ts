// /v1/notifications (issue 19): the signed-in person's notices and e-mail preferences,
// and the ticket that opens the real-time stream (GET /v1/events, see ../realtime.ts).
import type { Notification, NotificationKind, NotificationPreferences, NotificationsPage } from '../contract';
import { http } from '../client';
import { id, query } from './query';

export interface NotificationsQuery {
  page?: number;
  /** At most 50; the server's default is 20. */
  pageSize?: number;
}

/** Newest first, with the person's unread count over all pages. */
export const getNotifications = (q: NotificationsQuery = {}): Promise<NotificationsPage> =>
  http.get('v1/notifications', { searchParams: query(q) }).json<NotificationsPage>();

export const markNotificationRead = (notificationId: string): Promise<Notification> =>
  http.post(`v1/notifications/${id(notificationId)}/read`).json<Notification>();

export const markAllNotificationsRead = (): Promise<{ unread: 0 }> => http.post('v1/notifications/read-all').json<{ unread: 0 }>();

export const getNotificationPreferences = (): Promise<NotificationPreferences> =>
  http.get('v1/notifications/preferences').json<NotificationPreferences>();

/** Partial: only the kinds named change. Mandatory kinds cannot be switched off (400). */
export const updateNotificationPreferences = (email: Partial<Record<NotificationKind, boolean>>): Promise<NotificationPreferences> =>
  http.put('v1/notifications/preferences', { json: { email } }).json<NotificationPreferences>();

/** A one-use ticket (valid 60 s) that names the person to GET /v1/events. */
export interface EventsTicket {
  ticket: string;
  expiresAt: string;
}

export const getEventsTicket = (): Promise<EventsTicket> => http.post('v1/events/ticket').json<EventsTicket>();

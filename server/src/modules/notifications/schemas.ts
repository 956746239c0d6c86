import { Type, type Static } from 'typebox';
import type { Notification, NotificationPreferences, NotificationsPage } from 'shared-api/contract';
import { NOTIFICATION_KINDS } from 'shared-api/contract/dashboard';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';

export const NotificationSchema = Type.Object({
  _id: Id,
  kind: StringEnum(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  link: Nullable(Type.String()),
  createdAt: DateTime,
  readAt: Nullable(DateTime),
});
assertSame<Same<Static<typeof NotificationSchema>, Notification>>();

export const NotificationsPageSchema = Type.Object({
  items: Type.Array(NotificationSchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  unread: Type.Integer({ minimum: 0 }),
});
assertSame<Same<Static<typeof NotificationsPageSchema>, NotificationsPage>>();

export const NotificationsQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);

const EmailPrefs = Type.Unsafe<Record<(typeof NOTIFICATION_KINDS)[number], boolean>>(
  Type.Object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Type.Boolean()])), { additionalProperties: false }),
);

export const PreferencesSchema = Type.Object({
  email: EmailPrefs,
  mandatory: Type.Array(StringEnum(NOTIFICATION_KINDS)),
});
assertSame<Same<Static<typeof PreferencesSchema>, NotificationPreferences>>();

/** Partial; unknown kinds and non-booleans are checked by the service for a clear message. */
export const PreferencesBodySchema = Type.Object({ email: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false });
export type PreferencesBody = Static<typeof PreferencesBodySchema>;

export const TicketSchema = Type.Object({ ticket: Type.String(), expiresAt: DateTime });

export const EventsQuerySchema = Type.Object(
  {
    ticket: Type.Optional(Type.String({ maxLength: 2000 })),
    topics: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);

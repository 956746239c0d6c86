import { Type, type Static } from 'typebox';
import {
  CONTACT_FIELD_MAX,
  ROLES,
  SUPPORT_AUTHOR_ROLES,
  SUPPORT_KINDS,
  SUPPORT_MAIL_STATUSES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATUSES,
  SUPPORT_SORTS,
  SORT_ORDERS,
  USER_STATUSES,
  type AdminSupportThread,
  type SupportAssignBody,
  type SupportMessage,
  type SupportMessageBody,
  type SupportQuery,
  type SupportThread,
  type SupportTicket,
} from 'shared-api/contract';
import { assertSame, DateTime, Id, Nullable, PageQuery, StringEnum, type Same } from '../../lib/schema';

export const SupportTicketSchema = Type.Object({
  _id: Id,
  kind: StringEnum(SUPPORT_KINDS),
  userId: Nullable(Id),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  subject: Type.String(),
  message: Type.String(),
  status: StringEnum(SUPPORT_STATUSES),
  createdAt: DateTime,
  closedAt: Nullable(DateTime),
  updatedAt: DateTime,
  assignedTo: Nullable(Id),
});
assertSame<Same<Static<typeof SupportTicketSchema>, SupportTicket>>();

export const SupportMessageSchema = Type.Object({
  _id: Id,
  ticketId: Id,
  authorId: Nullable(Id),
  authorRole: StringEnum(SUPPORT_AUTHOR_ROLES),
  authorName: Type.String(),
  body: Type.String(),
  createdAt: DateTime,
  email: Nullable(Type.Object({ status: StringEnum(SUPPORT_MAIL_STATUSES), sentAt: Nullable(DateTime), error: Nullable(Type.String()) })),
});
assertSame<Same<Static<typeof SupportMessageSchema>, SupportMessage>>();

export const SupportThreadSchema = Type.Object({ ticket: SupportTicketSchema, messages: Type.Array(SupportMessageSchema) });
assertSame<Same<Static<typeof SupportThreadSchema>, SupportThread>>();

export const AdminSupportThreadSchema = Type.Object({
  ticket: SupportTicketSchema,
  messages: Type.Array(SupportMessageSchema),
  person: Nullable(
    Type.Object({
      _id: Id,
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      role: StringEnum(ROLES),
      status: StringEnum(USER_STATUSES),
      walletBalance: Type.Number(),
      holdingsCount: Type.Integer(),
    }),
  ),
  assignee: Nullable(Type.Object({ _id: Id, name: Type.String() })),
});
assertSame<Same<Static<typeof AdminSupportThreadSchema>, AdminSupportThread>>();

const contact = Type.String({ maxLength: CONTACT_FIELD_MAX });

/** A signed-in user's ticket ({ subject, message }) or the contact form (all five fields). */
export const SupportBodySchema = Type.Object(
  {
    name: Type.Optional(contact),
    phoneNumber: Type.Optional(contact),
    email: Type.Optional(contact),
    subject: Type.Optional(Type.String({ maxLength: 120 })),
    message: Type.Optional(Type.String({ maxLength: SUPPORT_MESSAGE_MAX })),
  },
  { additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBodySchema>;

/** The length is checked by the service (after trimming) for a clear message. */
export const SupportMessageBodySchema = Type.Object({ body: Type.String({ maxLength: 20_000 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof SupportMessageBodySchema>, SupportMessageBody>>();

export const SupportAssignBodySchema = Type.Object(
  { assignee: Type.Union([Type.Literal('me'), Type.Null()]) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof SupportAssignBodySchema>, SupportAssignBody>>();

export const SupportQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(SUPPORT_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    status: Type.Optional(StringEnum(SUPPORT_STATUSES)),
    kind: Type.Optional(StringEnum(SUPPORT_KINDS)),
    assignee: Type.Optional(
      Type.Union([Type.Literal('me'), Type.Literal('unassigned'), Id], { description: "'me', 'unassigned' or an admin's user id" }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof SupportQuerySchema>, SupportQuery>>();

export const MessageParams = Type.Object({ id: Id, messageId: Id }, { additionalProperties: false });

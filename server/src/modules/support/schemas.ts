import { Type, type Static } from 'typebox';
import { CONTACT_FIELD_MAX, SUPPORT_KINDS, SUPPORT_STATUSES, type SupportQuery, type SupportTicket } from 'shared-api/contract';
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
});
assertSame<Same<Static<typeof SupportTicketSchema>, SupportTicket>>();

const contact = Type.String({ maxLength: CONTACT_FIELD_MAX });

/** A signed-in user's ticket ({ subject, message }) or the contact form (all five fields). */
export const SupportBodySchema = Type.Object(
  {
    name: Type.Optional(contact),
    phoneNumber: Type.Optional(contact),
    email: Type.Optional(contact),
    subject: Type.Optional(Type.String({ maxLength: 120 })),
    message: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBodySchema>;

export const SupportQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(SUPPORT_STATUSES)), kind: Type.Optional(StringEnum(SUPPORT_KINDS)), ...PageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof SupportQuerySchema>, SupportQuery>>();

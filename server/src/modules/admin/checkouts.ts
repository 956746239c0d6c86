// Checkouts for admins (issue 16): the open ones (money on its way in) with the person's
// verification status, so the payouts screen shows who is paying before they are verified.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  CHECKOUT_PURPOSES,
  CHECKOUT_STATUSES,
  ROLES,
  USER_STATUSES,
  centsToDollars,
  type AdminCheckout,
  type AdminCheckoutsQuery,
  type Page,
} from 'shared-api/contract';
import { checkouts, users } from '../../db/schema';
import { assertSame, DateTime, Id, PageQuery, StringEnum, type Same } from '../../lib/schema';

export const AdminCheckoutSchema = Type.Object({
  _id: Id,
  userId: Id,
  purpose: StringEnum(CHECKOUT_PURPOSES),
  amount: Type.Number(),
  status: StringEnum(CHECKOUT_STATUSES),
  createdAt: DateTime,
  expiresAt: DateTime,
  user: Type.Optional(
    Type.Object({
      _id: Id,
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      role: StringEnum(ROLES),
      status: StringEnum(USER_STATUSES),
    }),
  ),
});
assertSame<Same<Static<typeof AdminCheckoutSchema>, AdminCheckout>>();

export const AdminCheckoutsQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(CHECKOUT_STATUSES)), ...PageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof AdminCheckoutsQuerySchema>, AdminCheckoutsQuery>>();

const person = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
};

export async function listCheckouts(app: FastifyInstance, q: AdminCheckoutsQuery): Promise<Page<AdminCheckout>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const where: SQL[] = [];
  if (q.status) where.push(eq(checkouts.status, q.status));
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(checkouts).where(cond);
  const rows = await app.db
    .select({ c: checkouts, user: person })
    .from(checkouts)
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(cond)
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ c, user }) => ({
      _id: c.id,
      userId: c.userId,
      purpose: c.purpose,
      amount: centsToDollars(c.amountCents),
      status: c.status,
      createdAt: c.createdAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
      user,
    })),
    total,
    page,
    pageSize,
  };
}

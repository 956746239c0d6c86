// The console's one search box: people by name, e-mail or id, properties by name or id,
// orders by id, up to ADMIN_SEARCH_LIMIT of each, and only the kinds the admin's role may
// read. Every lookup is indexed so it stays fast at 100,000 people and properties: a text
// match is an ILIKE the trigram indexes serve (users_search_trgm_idx, migration 1060;
// properties_admin_search_trgm_idx, migration 1270; PGlite loads pg_trgm as PostgreSQL
// does), an id or an id's leading hex digits (what the console shows as a short id) is a
// range on the primary key. The query is a bound parameter and its % _ \ are escaped, so
// it only ever matches itself.
import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { centsToDollars, type AdminRole, type AdminSearchResults } from 'shared-api/contract';
import { adminCan } from 'shared-api/contract/dashboard';
import {
  ADMIN_SEARCH_KINDS,
  ADMIN_SEARCH_LIMIT,
  ADMIN_SEARCH_MAX,
  ADMIN_SEARCH_MESSAGES,
  ADMIN_SEARCH_MIN,
  ADMIN_SEARCH_PERMISSIONS,
} from 'shared-api/contract/admin';
import { ORDER_STATUSES, PROPERTY_STATUSES, USER_STATUSES } from 'shared-api/contract';
import { orders, properties, users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { assertSame, DateTime, Id, StringEnum, type Same } from '../../lib/schema';

export const AdminSearchQuerySchema = Type.Object(
  { q: Type.String({ minLength: ADMIN_SEARCH_MIN, maxLength: ADMIN_SEARCH_MAX }) },
  { additionalProperties: false },
);

export const AdminSearchResultsSchema = Type.Object({
  q: Type.String(),
  searched: Type.Array(StringEnum(ADMIN_SEARCH_KINDS)),
  people: Type.Array(
    Type.Object({
      _id: Id,
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      role: StringEnum(['INVESTOR', 'PROPERTY_OWNER'] as const),
      status: StringEnum(USER_STATUSES),
    }),
  ),
  properties: Type.Array(Type.Object({ _id: Id, name: Type.String(), status: StringEnum(PROPERTY_STATUSES) })),
  orders: Type.Array(
    Type.Object({
      _id: Id,
      investorId: Id,
      investorName: Type.String(),
      propertyId: Id,
      propertyName: Type.String(),
      amount: Type.Number(),
      status: StringEnum(ORDER_STATUSES),
      createdAt: DateTime,
    }),
  ),
});
assertSame<Same<Static<typeof AdminSearchResultsSchema>, AdminSearchResults>>();

/** The ILIKE pattern of a text: its own characters anywhere, % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids an id or its leading hex digits (8 or more, hyphens optional) can be: the lowest
 * and highest UUIDs with that prefix, a range the primary key serves. Null if it is not one.
 */
export function idRange(text: string): { low: string; high: string } | null {
  const lower = text.toLowerCase();
  if (!/^[0-9a-f-]+$/.test(lower)) return null;
  const hex = lower.replace(/-/g, '');
  if (hex.length < 8 || hex.length > 32) return null;
  // Hyphens, if any, sit where a UUID has them.
  if (lower.includes('-') && !'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'.startsWith(lower.replace(/[0-9a-f]/g, 'x'))) return null;
  const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return { low: uuid(hex.padEnd(32, '0')), high: uuid(hex.padEnd(32, 'f')) };
}

const idIn = (column: typeof users.id | typeof properties.id | typeof orders.id, r: { low: string; high: string }): SQL =>
  and(gte(column, r.low), lte(column, r.high)) as SQL;

export async function adminSearch(app: FastifyInstance, adminRole: AdminRole | null, raw: string): Promise<AdminSearchResults> {
  const q = raw.trim();
  if (q.length < ADMIN_SEARCH_MIN) throw badRequest(ADMIN_SEARCH_MESSAGES.tooShort);
  const searched = ADMIN_SEARCH_KINDS.filter((k) => adminCan(adminRole, ADMIN_SEARCH_PERMISSIONS[k]));
  const may = (k: (typeof ADMIN_SEARCH_KINDS)[number]) => searched.includes(k);
  const ids = idRange(q);
  const pattern = containsPattern(q);

  const people = may('people')
    ? app.db
        .select({
          _id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
          status: users.status,
        })
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            inArray(users.role, ['INVESTOR', 'PROPERTY_OWNER']),
            // The expression users_search_trgm_idx indexes; an id-like text may also be a name.
            ids
              ? sql`(${idIn(users.id, ids)} OR (${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ILIKE ${pattern})`
              : sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ILIKE ${pattern}`,
          ),
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(ADMIN_SEARCH_LIMIT)
    : Promise.resolve([]);

  const found = may('properties')
    ? app.db
        .select({ _id: properties.id, name: properties.name, status: properties.status })
        .from(properties)
        .where(ids ? sql`(${idIn(properties.id, ids)} OR ${properties.name} ILIKE ${pattern})` : sql`${properties.name} ILIKE ${pattern}`)
        .orderBy(desc(properties.createdAt), desc(properties.id))
        .limit(ADMIN_SEARCH_LIMIT)
    : Promise.resolve([]);

  // Orders have no text worth searching: only their id.
  const orderRows =
    may('orders') && ids
      ? app.db
          .select({
            _id: orders.id,
            investorId: orders.investorId,
            firstName: users.firstName,
            lastName: users.lastName,
            propertyId: orders.propertyId,
            propertyName: properties.name,
            amountCents: orders.amountCents,
            status: orders.status,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.investorId))
          .leftJoin(properties, eq(properties.id, orders.propertyId))
          .where(and(isNull(orders.deletedAt), idIn(orders.id, ids)))
          .orderBy(orders.id)
          .limit(ADMIN_SEARCH_LIMIT)
      : Promise.resolve([]);

  const [p, f, o] = await Promise.all([people, found, orderRows]);
  return {
    q,
    searched,
    people: p as AdminSearchResults['people'],
    properties: f,
    orders: o.map((r) => ({
      _id: r._id,
      investorId: r.investorId,
      investorName: r.firstName === null ? '' : `${r.firstName} ${r.lastName ?? ''}`.trim(),
      propertyId: r.propertyId,
      propertyName: r.propertyName ?? '',
      amount: centsToDollars(r.amountCents),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

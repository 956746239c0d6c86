// Small TypeBox helpers shared by the route schemas.
import { Type, type Static, type TSchema } from 'typebox';

/** A string enum as a plain JSON-schema `enum` (readable errors, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A primitive schema that also accepts null. */
export function Nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as { type?: string };
  if (typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...(schema as object), type: [s.type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
}

export const Id = Type.String({ format: 'uuid' });
/** A UUID as a regular-expression source, for ids inside other strings (a comma-separated list, an event channel). */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const DateTime = Type.String({ format: 'date-time' });
/** A calendar day, YYYY-MM-DD, that PostgreSQL can hold: a real date (no 2024-02-30, no month 13) of the years 1000 to 9999. */
export const dateOnly = (description = 'YYYY-MM-DD (UTC)') =>
  Type.String({ format: 'date', pattern: '^[1-9]\\d{3}-\\d{2}-\\d{2}$', description });
export const DateOnly = dateOnly();

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.Union([Type.String(), Type.Array(Type.String())]),
  },
  { description: 'Every failed call answers with this body.' },
);

export const MessageBody = Type.Object({ message: Type.String() });

export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalIsEstimate: Type.Optional(Type.Boolean()),
    nextCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    prevCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  });
}

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** PageQuery plus the cursors of the lists that page by keyset (lib/list-page.ts). */
export const CursorPageQuery = {
  ...PageQuery,
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
  before: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
};

/** The error answers a route may give, for the OpenAPI document. */
export function errors(...codes: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}

/** Compile-time check that a schema's static type and a contract type are the same shape. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export function assertSame<_T extends true>(): void {}

// Checkouts: money coming in (a deposit, or the $15 early-access subscription) through the
// configured payments provider. A checkout settles once; the checkouts trigger (migration
// 0012) writes the ledger entries and, for a paid subscription, marks the user subscribed.
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  centsToDollars,
  MAX_DEPOSIT_USD,
  SUBSCRIPTION_FEE_USD,
  SUBSCRIPTION_TOKENS,
  type Checkout,
  type CheckoutStatus,
  type CreateCheckoutBody,
} from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { checkouts, users, type CheckoutRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { idempotent, type Answer, type IdempotencyInput } from '../ledger';
import { amountCents, moneyTx } from '../../lib/money';
import type { Actor } from '../../lib/actor';
import { notices } from '../notifications';

export function toCheckout(c: CheckoutRow): Checkout {
  return {
    _id: c.id,
    purpose: c.purpose,
    amount: centsToDollars(c.amountCents),
    status: c.status,
    checkoutUrl: c.checkoutUrl ?? '',
    createdAt: c.createdAt.toISOString(),
  };
}

const RETURN_PATH_MESSAGE = 'returnPath must be a path on this site, such as /dashboard/wallet';

/** A same-origin path (no scheme, host, "//" or backslash): where the browser comes back to. */
export function checkReturnPath(raw: string, publicUrl: string): string {
  const p = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (!p.startsWith('/') || p.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(p)) throw badRequest(RETURN_PATH_MESSAGE);
  let u: URL;
  try {
    u = new URL(publicUrl + p);
  } catch {
    throw badRequest(RETURN_PATH_MESSAGE);
  }
  if (u.origin !== new URL(publicUrl).origin) throw badRequest(RETURN_PATH_MESSAGE);
  return p;
}

/**
 * The public origin a request comes from (its Origin header, else its Referer's origin) when
 * it is one of the configured public origins; otherwise null (PUBLIC_URL is used).
 */
export function requestPublicOrigin(request: Pick<FastifyRequest, 'headers'>, publicOrigins: readonly string[]): string | null {
  const candidates = [request.headers.origin, request.headers.referer];
  for (const c of candidates) {
    if (typeof c !== 'string' || c === '' || c === 'null') continue;
    let origin: string;
    try {
      origin = new URL(c).origin;
    } catch {
      continue;
    }
    return publicOrigins.includes(origin) ? origin : null;
  }
  return null;
}

/** Where the person comes back to: the checkout's own origin, else PUBLIC_URL. */
export function baseUrlOf(publicUrl: string, c: Pick<CheckoutRow, 'returnOrigin'>): string {
  return c.returnOrigin ?? publicUrl;
}

/** The checkout's origin (or PUBLIC_URL) + its return path, with ?checkout=<id> (other query and hash kept). */
export function returnUrl(publicUrl: string, c: Pick<CheckoutRow, 'id' | 'returnPath' | 'returnOrigin'>): string {
  const u = new URL(baseUrlOf(publicUrl, c) + c.returnPath);
  u.searchParams.set('checkout', c.id);
  return u.toString();
}

export async function createCheckout(
  app: FastifyInstance,
  me: Actor,
  idem: IdempotencyInput,
  /** Where the call came from (requestPublicOrigin): the provider sends the payer back there. */
  returnOrigin: string | null,
  body: CreateCheckoutBody,
): Promise<Answer<Checkout>> {
  const returnPath = checkReturnPath(body.returnPath, app.config.publicUrl);
  const subscription = body.purpose === 'SUBSCRIPTION';
  if (subscription && me.role !== 'INVESTOR') throw forbidden('Only investors can subscribe');
  if (!subscription && body.amount === undefined) throw badRequest('amount is required for a deposit');
  const cents = subscription ? SUBSCRIPTION_FEE_USD * 100 : amountCents(body.amount, 'amount', MAX_DEPOSIT_USD * 100);
  return idempotent(app, me.id, idem, 201, async (tx) => {
    if (subscription) {
      const [u] = await tx.select({ subscribed: users.isSubscribed }).from(users).where(eq(users.id, me.id));
      if (u?.subscribed) throw conflict('You are already subscribed');
    }
    const id = randomUUID();
    const session = await app.payments.createSession({
      id,
      userId: me.id,
      purpose: body.purpose,
      amountCents: cents,
      origin: returnOrigin ?? app.config.publicUrl,
    });
    const [row] = await tx
      .insert(checkouts)
      .values({
        id,
        userId: me.id,
        purpose: body.purpose,
        amountCents: cents,
        tokens: subscription ? SUBSCRIPTION_TOKENS : 0,
        provider: app.payments.name,
        providerRef: session.providerRef,
        checkoutUrl: session.checkoutUrl,
        returnPath,
        returnOrigin,
        expiresAt: new Date(Date.now() + app.config.checkoutTtlMinutes * 60_000),
      })
      .returning();
    return toCheckout(row);
  });
}

/** Open checkouts past their time become EXPIRED (nothing moves). */
async function expireIfDue(db: Executor, id: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'EXPIRED' })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'OPEN'), lt(checkouts.expiresAt, sql`now()`)));
}

export async function findCheckout(app: FastifyInstance, id: string): Promise<CheckoutRow | null> {
  await expireIfDue(app.db, id);
  const [row] = await app.db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  return row ?? null;
}

/** The signed-in user's own checkout (anyone else's: 404). */
export async function getCheckout(app: FastifyInstance, me: Actor, id: string): Promise<Checkout> {
  const row = await findCheckout(app, id);
  if (!row || row.userId !== me.id) throw notFound('Checkout not found');
  return toCheckout(row);
}

/**
 * The provider's verdict on a checkout: PAID moves the money (trigger), DECLINED nothing.
 * Settles once: a repeat, or a verdict on a settled or expired checkout, changes nothing
 * and returns the checkout as it is.
 */
export async function settleCheckout(
  app: FastifyInstance,
  id: string,
  outcome: Extract<CheckoutStatus, 'PAID' | 'DECLINED'>,
): Promise<CheckoutRow | null> {
  return moneyTx(app, async (tx) => {
    const [c] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
    if (!c || c.status !== 'OPEN') return c ?? null;
    // A closed account can never be credited (the ledger refuses it, migration 0040): a
    // payment arriving for one is declined, which moves nothing.
    const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, c.userId));
    const closed = !owner || owner.deletedAt !== null;
    const status: CheckoutStatus = c.expiresAt.getTime() <= Date.now() ? 'EXPIRED' : closed ? 'DECLINED' : outcome;
    const [row] = await tx.update(checkouts).set({ status }).where(eq(checkouts.id, id)).returning();
    if (row.status === 'PAID' && row.purpose === 'DEPOSIT')
      await notices.depositReceived(tx, { userId: row.userId, checkoutId: row.id, amountCents: row.amountCents });
    return row;
  });
}

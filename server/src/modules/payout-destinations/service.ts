// Payout destinations (issue 19): a person's bank accounts for withdrawals. People see them
// masked (last four only, never the full number, not even right after saving); admins read
// one in full for a withdrawal they are paying, and every such read is audited.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { CreatePayoutDestinationBody, PayoutDestination, PayoutDestinationDetails } from 'shared-api/contract';
import {
  compactCode,
  compactNumber,
  maskedNumber,
  PAYOUT_DESTINATION_KIND_LABELS,
  PAYOUT_DESTINATION_MESSAGES as M,
  payoutDestinationErrors,
} from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import { payoutDestinations, payouts, type PayoutDestinationRow } from '../../db/schema';
import { badRequest, gone, notFound } from '../../lib/http-error';
import { idempotent, type Answer, type IdempotencyInput } from '../ledger';
import { moneyTx } from '../../lib/money';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { notify } from '../notifications';
import { appKeyRing as ringOf, needsReseal, seal, unseal, type KeyRing } from './crypto';

export function toDestination(d: PayoutDestinationRow): PayoutDestination {
  return {
    _id: d.id,
    kind: d.kind,
    holderName: d.holderName,
    country: d.country,
    last4: d.last4,
    createdAt: d.createdAt.toISOString(),
    removedAt: d.removedAt ? d.removedAt.toISOString() : null,
  };
}

interface Checked {
  kind: 'US_ACH' | 'IBAN';
  holderName: string;
  country: string;
  last4: string;
  details: { routingNumber: string | null; accountNumber: string | null; iban: string | null; bic: string | null };
}

/** The shared validators, then ibantools for the IBAN's country length/BBAN format and the BIC. */
export function checkDestination(body: CreatePayoutDestinationBody): Checked {
  const errors = payoutDestinationErrors(body);
  if (body.kind === 'IBAN') {
    const iban = electronicFormatIBAN(body.iban ?? '') ?? '';
    if (!errors.iban && !isValidIBAN(iban)) errors.iban = M.ibanInvalid;
    if (!errors.bic && !isValidBIC(compactCode(body.bic ?? ''))) errors.bic = M.bicInvalid;
  }
  const messages = Object.values(errors).filter((m): m is string => Boolean(m));
  if (messages.length > 0) throw badRequest(messages);
  const holderName = body.holderName.trim().replace(/\s+/g, ' ');
  if (body.kind === 'US_ACH') {
    const accountNumber = compactNumber(body.accountNumber);
    return {
      kind: 'US_ACH',
      holderName,
      country: 'US',
      last4: accountNumber.slice(-4),
      details: { routingNumber: compactNumber(body.routingNumber), accountNumber, iban: null, bic: null },
    };
  }
  const iban = compactCode(body.iban);
  return {
    kind: 'IBAN',
    holderName,
    country: iban.slice(0, 2),
    last4: iban.slice(-4),
    details: { routingNumber: null, accountNumber: null, iban, bic: compactCode(body.bic) },
  };
}

export async function myDestinations(app: FastifyInstance, actor: Actor): Promise<PayoutDestination[]> {
  const rows = await app.db
    .select()
    .from(payoutDestinations)
    .where(and(eq(payoutDestinations.userId, actor.id), isNull(payoutDestinations.removedAt)))
    .orderBy(desc(payoutDestinations.createdAt), desc(payoutDestinations.id));
  return rows.map(toDestination);
}

const label = (d: { kind: 'US_ACH' | 'IBAN'; last4: string }) => `${PAYOUT_DESTINATION_KIND_LABELS[d.kind]} ${maskedNumber(d.last4)}`;

export async function addDestination(
  app: FastifyInstance,
  me: Actor,
  idem: IdempotencyInput,
  body: CreatePayoutDestinationBody,
): Promise<Answer<PayoutDestination>> {
  const checked = checkDestination(body);
  return idempotent(app, me.id, idem, 201, async (tx) => {
    // The id is chosen here: the sealed details are bound to it.
    const id = randomUUID();
    const [row] = await tx
      .insert(payoutDestinations)
      .values({
        id,
        userId: me.id,
        kind: checked.kind,
        holderName: checked.holderName,
        country: checked.country,
        last4: checked.last4,
        detailsSealed: seal(ringOf(app), id, checked.details),
      })
      .returning();
    await notify(tx, {
      userId: me.id,
      kind: 'PAYOUT_DESTINATION_CHANGED',
      title: 'A bank account was added for your withdrawals',
      body: `${label(row)} (${row.holderName}) was added to your wallet. If this was not you, contact support at once.`,
      link: '/dashboard/wallet',
      data: { destinationId: row.id, change: 'ADDED' },
    });
    return toDestination(row);
  });
}

export async function removeDestination(app: FastifyInstance, me: Actor, id: string): Promise<PayoutDestination> {
  return moneyTx(app, async (tx) => {
    const [d] = await tx.select().from(payoutDestinations).where(eq(payoutDestinations.id, id)).for('update');
    if (!d || d.userId !== me.id || d.removedAt) throw notFound(M.notFound);
    // The trigger refuses too (TS409) if a REQUESTED withdrawal names it.
    const [row] = await tx.update(payoutDestinations).set({ removedAt: new Date() }).where(eq(payoutDestinations.id, id)).returning();
    await notify(tx, {
      userId: me.id,
      kind: 'PAYOUT_DESTINATION_CHANGED',
      title: 'A bank account was removed from your withdrawals',
      body: `${label(row)} (${row.holderName}) was removed from your wallet. If this was not you, contact support at once.`,
      link: '/dashboard/wallet',
      data: { destinationId: row.id, change: 'REMOVED' },
    });
    return toDestination(row);
  });
}

/** Masked destinations by id (for payout lists). */
export async function destinationsById(db: Executor, ids: (string | null)[]): Promise<Map<string, PayoutDestination>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(payoutDestinations).where(inArray(payoutDestinations.id, wanted));
  return new Map(rows.map((r) => [r.id, toDestination(r)]));
}

/** Admins: one withdrawal's destination in full. Every read is written to the audit log. */
export async function payoutDestinationInFull(app: FastifyInstance, actor: Actor, payoutId: string): Promise<PayoutDestinationDetails> {
  return app.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!p) throw notFound('Withdrawal not found');
    if (!p.payoutDestinationId) throw notFound('This withdrawal was requested before bank accounts were recorded: it names none');
    const [d] = await tx.select().from(payoutDestinations).where(eq(payoutDestinations.id, p.payoutDestinationId));
    if (!d) throw notFound(M.notFound);
    // Erased when the account closed (migration 0112): nothing to read, so nothing audited.
    if (d.detailsSealed === '') throw gone(M.erased);
    const ring = ringOf(app);
    const details = unseal(ring, d.id, d.detailsSealed);
    // Sealed the old way or with a retired key: re-sealed now (rotate-keys does all rows).
    if (needsReseal(ring, d.detailsSealed)) await reseal(tx, ring, actor, d.id, d.detailsSealed, details);
    await audit(tx, actor, {
      action: 'payout.destination.view',
      targetType: 'payout',
      targetId: payoutId,
      detail: { userId: p.userId, destinationId: d.id, kind: d.kind, last4: d.last4 },
    });
    return {
      ...toDestination(d),
      routingNumber: details.routingNumber ?? null,
      accountNumber: details.accountNumber ?? null,
      iban: details.iban ?? null,
      bic: details.bic ?? null,
    };
  });
}

/** Re-seals one row with the current key, if it still holds what was read (audited). */
async function reseal(
  tx: Executor,
  ring: KeyRing,
  by: Pick<Actor, 'id' | 'email' | 'ip'>,
  id: string,
  was: string,
  details: Record<string, string | null>,
): Promise<boolean> {
  // The rule lets a transaction that says so re-seal (and nothing else).
  await tx.execute(sql`select set_config('tessera.reseal', 'on', true)`);
  const done = await tx
    .update(payoutDestinations)
    .set({ detailsSealed: seal(ring, id, details) })
    .where(and(eq(payoutDestinations.id, id), eq(payoutDestinations.detailsSealed, was)))
    .returning({ id: payoutDestinations.id });
  await tx.execute(sql`select set_config('tessera.reseal', '', true)`);
  if (done.length === 0) return false;
  await audit(tx, by, {
    action: 'payout.destination.reseal',
    targetType: 'payout_destination',
    targetId: id,
    detail: { from: was.startsWith('v1:') ? 'v1' : was.split(':')[1], to: ring.current.id },
  });
  return true;
}

/**
 * Key rotation: re-seals every sealed bank detail not yet under the current key (v1, or a
 * retired key id), in batches, each row audited. Safe to run again or beside the API.
 */
export async function resealAll(app: FastifyInstance, by: Actor): Promise<{ resealed: number; current: string }> {
  const ring = ringOf(app);
  let resealed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await app.db
      .select({ id: payoutDestinations.id, sealed: payoutDestinations.detailsSealed })
      .from(payoutDestinations)
      .where(and(ne(payoutDestinations.detailsSealed, ''), sql`${payoutDestinations.id} > ${after}`))
      .orderBy(payoutDestinations.id)
      .limit(200);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    for (const r of batch) {
      if (!needsReseal(ring, r.sealed)) continue;
      const details = unseal(ring, r.id, r.sealed);
      if (await app.db.transaction((tx) => reseal(tx, ring, by, r.id, r.sealed, details))) resealed += 1;
    }
  }
  return { resealed, current: ring.current.id };
}

export interface DestinationInFull {
  id: string;
  kind: PayoutDestinationRow['kind'];
  holderName: string;
  routingNumber: string | null;
  accountNumber: string | null;
  iban: string | null;
  bic: string | null;
}

/**
 * Several destinations in full, for a payout bank file. The caller audits the export (one
 * entry for the file, naming every payout in it). Erased ones (closed accounts) are left out.
 */
export async function destinationsInFull(app: FastifyInstance, db: Executor, ids: string[]): Promise<Map<string, DestinationInFull>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const ring = ringOf(app);
  const rows = await db.select().from(payoutDestinations).where(inArray(payoutDestinations.id, wanted));
  const found = new Map<string, DestinationInFull>();
  for (const d of rows) {
    if (d.detailsSealed === '') continue;
    const details = unseal(ring, d.id, d.detailsSealed);
    found.set(d.id, {
      id: d.id,
      kind: d.kind,
      holderName: d.holderName,
      routingNumber: details.routingNumber ?? null,
      accountNumber: details.accountNumber ?? null,
      iban: details.iban ?? null,
      bic: details.bic ?? null,
    });
  }
  return found;
}

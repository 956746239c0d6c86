// Payout destinations (issue 19): a person's bank accounts for withdrawals. People see them
// masked (last four only, never the full number, not even right after saving); admins read
// one in full for a withdrawal they are paying, and every such read is audited.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
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
import { idempotent, type Answer, type IdempotencyInput } from '../../lib/idempotency';
import { moneyTx } from '../../lib/money';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { notify } from '../notifications';
import { payoutKey, seal, unseal } from './crypto';

const keys = new WeakMap<FastifyInstance, Buffer>();
function keyOf(app: FastifyInstance): Buffer {
  let key = keys.get(app);
  if (!key) {
    key = payoutKey(app.config.jwtSecret);
    keys.set(app, key);
  }
  return key;
}

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
    const [row] = await tx
      .insert(payoutDestinations)
      .values({
        userId: me.id,
        kind: checked.kind,
        holderName: checked.holderName,
        country: checked.country,
        last4: checked.last4,
        detailsSealed: seal(keyOf(app), checked.details),
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
    const details = unseal(keyOf(app), d.detailsSealed);
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

// The daily reconciliation (a UTC day): money in as the ledger has it (DEPOSIT entries) against
// the payment provider's settlements, and money out as the payouts have it (PAID that day)
// against the ledger's withdrawal entries. Every difference is listed with its kind; a clean
// day lists none. The provider side comes from `app.payments.settlements`, so a real
// provider's settlement report plugs in there.
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, type Reconciliation, type ReconciliationDifference } from 'shared-api/contract';
import { RECONCILIATION_MESSAGES } from 'shared-api/contract/admin';
import { ledgerEntries, payouts } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export async function reconcileDay(app: FastifyInstance, date: string): Promise<Reconciliation> {
  const from = new Date(`${date}T00:00:00.000Z`);
  // A day JavaScript can name may still be one PostgreSQL cannot (it has no year 0): the
  // ledger starts long after 1970 anyway.
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(from.getTime()) ||
    from.toISOString().slice(0, 10) !== date ||
    from.getUTCFullYear() < 1970
  )
    throw badRequest(RECONCILIATION_MESSAGES.date);
  const to = new Date(from.getTime() + 86_400_000);
  const db = app.db;
  const differences: ReconciliationDifference[] = [];
  const diff = (d: Partial<ReconciliationDifference> & Pick<ReconciliationDifference, 'kind' | 'reference' | 'at'>) =>
    differences.push({
      checkoutId: null,
      payoutId: null,
      ledgerEntryId: null,
      ledgerAmount: null,
      providerAmount: null,
      payoutAmount: null,
      ...d,
    });

  // ---- Money in: the ledger's deposits against the provider's settlements ----
  const deposits = await db
    .select({
      id: ledgerEntries.id,
      checkoutId: ledgerEntries.checkoutId,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'DEPOSIT'), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)));
  const settled = await app.payments.settlements(db, from, to);
  const ledgerByCheckout = new Map<string, { cents: number; entryId: string; at: Date }>();
  for (const e of deposits) {
    if (!e.checkoutId) {
      diff({
        kind: 'LEDGER_NOT_AT_PROVIDER',
        reference: e.id,
        ledgerEntryId: e.id,
        ledgerAmount: dollars(e.amountCents),
        at: e.createdAt.toISOString(),
      });
      continue;
    }
    const was = ledgerByCheckout.get(e.checkoutId);
    ledgerByCheckout.set(e.checkoutId, {
      cents: (was?.cents ?? 0) + e.amountCents,
      entryId: was?.entryId ?? e.id,
      at: was?.at ?? e.createdAt,
    });
  }
  const providerByCheckout = new Map<string, { cents: number; ref: string; at: Date }>();
  for (const r of settled) {
    const key = r.checkoutId ?? r.providerRef;
    const was = providerByCheckout.get(key);
    providerByCheckout.set(key, { cents: (was?.cents ?? 0) + r.amountCents, ref: r.providerRef, at: was?.at ?? r.settledAt });
  }
  for (const [checkoutId, l] of ledgerByCheckout) {
    const p = providerByCheckout.get(checkoutId);
    if (!p) {
      diff({
        kind: 'LEDGER_NOT_AT_PROVIDER',
        reference: checkoutId,
        checkoutId,
        ledgerEntryId: l.entryId,
        ledgerAmount: dollars(l.cents),
        at: l.at.toISOString(),
      });
    } else if (p.cents !== l.cents) {
      diff({
        kind: 'PAYMENT_AMOUNT_MISMATCH',
        reference: checkoutId,
        checkoutId,
        ledgerEntryId: l.entryId,
        ledgerAmount: dollars(l.cents),
        providerAmount: dollars(p.cents),
        at: l.at.toISOString(),
      });
    }
  }
  for (const [key, p] of providerByCheckout) {
    if (ledgerByCheckout.has(key)) continue;
    diff({ kind: 'PROVIDER_NOT_IN_LEDGER', reference: p.ref, checkoutId: key, providerAmount: dollars(p.cents), at: p.at.toISOString() });
  }

  // ---- Money out: withdrawals paid that day against the ledger's withdrawal entries ----
  const paid = await db
    .select({ id: payouts.id, amountCents: payouts.amountCents, bankReference: payouts.bankReference, decidedAt: payouts.decidedAt })
    .from(payouts)
    .where(and(eq(payouts.status, 'PAID'), gte(payouts.decidedAt, from), lt(payouts.decidedAt, to)));
  // A paid withdrawal's money left the wallet as its hold (WITHDRAWAL_HOLD, whenever it was
  // requested); a release would have given it back. Net of both, whatever the day.
  const net = new Map<string, { cents: number; entryId: string }>();
  if (paid.length > 0) {
    const entries = await db
      .select({ id: ledgerEntries.id, payoutId: ledgerEntries.payoutId, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(
        and(
          inArray(
            ledgerEntries.payoutId,
            paid.map((p) => p.id),
          ),
          inArray(ledgerEntries.type, ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE']),
        ),
      );
    for (const e of entries) {
      const was = net.get(e.payoutId as string);
      net.set(e.payoutId as string, { cents: (was?.cents ?? 0) - e.amountCents, entryId: was?.entryId ?? e.id });
    }
  }
  let ledgerOutCents = 0;
  for (const p of paid) {
    const at = (p.decidedAt ?? from).toISOString();
    const l = net.get(p.id);
    if (!p.bankReference)
      diff({ kind: 'PAYOUT_WITHOUT_BANK_REFERENCE', reference: p.id, payoutId: p.id, payoutAmount: dollars(p.amountCents), at });
    if (!l || l.cents === 0) {
      diff({
        kind: 'PAYOUT_WITHOUT_LEDGER',
        reference: p.id,
        payoutId: p.id,
        payoutAmount: dollars(p.amountCents),
        ledgerAmount: l ? 0 : null,
        at,
      });
      continue;
    }
    ledgerOutCents += l.cents;
    if (l.cents !== p.amountCents)
      diff({
        kind: 'PAYOUT_AMOUNT_MISMATCH',
        reference: p.id,
        payoutId: p.id,
        ledgerEntryId: l.entryId,
        payoutAmount: dollars(p.amountCents),
        ledgerAmount: dollars(l.cents),
        at,
      });
  }
  // Withdrawal entries of the day that name no withdrawal at all.
  const orphans = await db
    .select({ id: ledgerEntries.id, amountCents: ledgerEntries.amountCents, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(
      and(
        inArray(ledgerEntries.type, ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
        or(isNull(ledgerEntries.payoutId), sql`${payouts.id} IS NULL`),
      ),
    );
  for (const e of orphans) {
    ledgerOutCents -= e.amountCents;
    diff({
      kind: 'LEDGER_WITHDRAWAL_WITHOUT_PAYOUT',
      reference: e.id,
      ledgerEntryId: e.id,
      ledgerAmount: dollars(-e.amountCents),
      at: e.createdAt.toISOString(),
    });
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  differences.sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind) || a.reference.localeCompare(b.reference));
  return {
    date,
    providerName: app.payments.name,
    totals: {
      ledger: {
        moneyIn: centsToDollars(sum(deposits.map((d) => d.amountCents))),
        moneyOut: centsToDollars(ledgerOutCents),
        count: deposits.length + net.size + orphans.length,
      },
      provider: { moneyIn: centsToDollars(sum(settled.map((r) => r.amountCents))), moneyOut: 0, count: settled.length },
      payouts: { moneyIn: 0, moneyOut: centsToDollars(sum(paid.map((p) => p.amountCents))), count: paid.length },
    },
    differences,
  };
}

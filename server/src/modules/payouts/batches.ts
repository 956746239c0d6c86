// Payout batches: finance picks withdrawals waiting to be paid (or all not yet sent) and gets
// one bank file of them, as CSV and as pain.001 XML. The batch is recorded with the files'
// sha256 and its payouts, so a payout is not sent twice unless an admin asks to export it
// again; the read of the bank details is audited as a personal-data export.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, type CreatePayoutBatchBody, type PayoutBatch, type PayoutBatchExport } from 'shared-api/contract';
import { MAX_PAYOUT_BATCH, PAYOUT_BATCH_MESSAGES as M } from 'shared-api/contract/admin';
import { SANDBOX_PAYOUT_DEBTOR } from '../../config';
import type { Executor } from '../../db/client';
import { payoutBatches, payoutBatchItems, payouts } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { destinationsInFull } from '../payout-destinations';
import { batchCsv, batchTotalCents, pain001, type BatchLine } from './bank-file';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export async function createPayoutBatch(app: FastifyInstance, me: Actor, body: CreatePayoutBatchBody): Promise<PayoutBatchExport> {
  const ids = body.payoutIds ? [...new Set(body.payoutIds)] : [];
  if (ids.length > 0 === Boolean(body.all)) throw badRequest(M.chooseOne);
  const reexport = Boolean(body.reexport);
  const debtor = app.config.payoutDebtor ?? SANDBOX_PAYOUT_DEBTOR;

  return app.db.transaction(async (tx) => {
    // Locked so a decision (paid, rejected, cancelled) waits for the file, and two exports of
    // the same payouts queue up; the batch items are read after the lock, in a new statement,
    // so the second export sees what the first one recorded.
    const picked = body.all
      ? await tx
          .select()
          .from(payouts)
          .where(
            and(
              eq(payouts.status, 'REQUESTED'),
              reexport ? undefined : sql`NOT EXISTS (SELECT 1 FROM payout_batch_items i WHERE i.payout_id = ${payouts.id})`,
            ),
          )
          .orderBy(asc(payouts.createdAt), asc(payouts.id))
          .limit(MAX_PAYOUT_BATCH)
          .for('update')
      : await tx.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.createdAt), asc(payouts.id)).for('update');
    if (!body.all && picked.length !== ids.length) throw notFound(M.notFound);
    if (picked.some((p) => p.status !== 'REQUESTED')) throw conflict(M.notRequested);

    const sent = new Set(
      picked.length === 0
        ? []
        : (
            await tx
              .select({ payoutId: payoutBatchItems.payoutId })
              .from(payoutBatchItems)
              .where(
                inArray(
                  payoutBatchItems.payoutId,
                  picked.map((p) => p.id),
                ),
              )
          ).map((r) => r.payoutId),
    );
    if (!reexport && sent.size > 0 && !body.all) throw conflict(M.alreadySent);
    const rows = reexport ? picked : picked.filter((p) => !sent.has(p.id));
    if (rows.length === 0) throw conflict(M.nothingReady);

    const destinations = await destinationsInFull(
      app,
      tx,
      rows.map((p) => p.payoutDestinationId).filter((d): d is string => Boolean(d)),
    );
    const lines: BatchLine[] = rows.map((p) => {
      const d = p.payoutDestinationId ? destinations.get(p.payoutDestinationId) : undefined;
      if (!d) throw conflict(M.noDestination);
      return {
        payoutId: p.id,
        amountCents: p.amountCents,
        creditorName: d.holderName,
        kind: d.kind,
        iban: d.iban,
        bic: d.bic,
        routingNumber: d.routingNumber,
        accountNumber: d.accountNumber,
        requestedAt: p.createdAt,
      };
    });

    // The id and time are the files' too (MsgId, CreDtTm), so they are chosen here.
    const id = randomUUID();
    const createdAt = new Date();
    const head = { id, createdAt, debtor, lines };
    const csv = batchCsv(head);
    const xml = pain001(head);
    const totalCents = batchTotalCents(lines);
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        id,
        createdBy: me.id,
        createdAt: head.createdAt,
        payoutCount: lines.length,
        totalCents,
        currency: debtor.currency,
        reexport,
        csvSha256: sha256(csv),
        xmlSha256: sha256(xml),
      })
      .returning();
    await tx.insert(payoutBatchItems).values(lines.map((l) => ({ batchId: id, payoutId: l.payoutId, amountCents: l.amountCents })));
    await audit(tx, me, {
      action: 'payout.batch.export',
      targetType: 'payout_batch',
      targetId: id,
      detail: {
        personalData: 'bank account details of the payouts below',
        payoutIds: lines.map((l) => l.payoutId),
        count: lines.length,
        total: centsToDollars(totalCents),
        currency: debtor.currency,
        reexport,
        csvSha256: batch.csvSha256,
        xmlSha256: batch.xmlSha256,
      },
    });
    const answer: PayoutBatch = {
      _id: id,
      createdBy: me.id,
      createdAt: batch.createdAt.toISOString(),
      payoutIds: lines.map((l) => l.payoutId),
      count: lines.length,
      total: centsToDollars(totalCents),
      currency: debtor.currency,
      reexport,
      csvSha256: batch.csvSha256,
      xmlSha256: batch.xmlSha256,
    };
    return { batch: answer, csv, xml };
  });
}

/** Each payout's latest batch (the file it was last sent in). */
export async function latestBatchOf(db: Executor, payoutIds: string[]): Promise<Map<string, string>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await db
    .select({ payoutId: payoutBatchItems.payoutId, batchId: payoutBatchItems.batchId })
    .from(payoutBatchItems)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchItems.batchId))
    .where(inArray(payoutBatchItems.payoutId, payoutIds))
    .orderBy(desc(payoutBatches.createdAt));
  const latest = new Map<string, string>();
  for (const r of rows) if (!latest.has(r.payoutId)) latest.set(r.payoutId, r.batchId);
  return latest;
}

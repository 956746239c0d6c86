// Holder votes. The database owns the rules (proposals/sql: the snapshot at the opening, the
// vote's window, the tally, the result and its audit row); this module checks who may do
// what, calls them and tells the holders. Opening, the reminder a day before the close and
// closing happen when due: on the next read or vote (settleDue), or from the job (runDueProposals).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type CancelProposalBody,
  type CreateProposalBody,
  type Proposal,
  type ProposalKind,
  type ProposalList,
  type ProposalResult,
  type ProposalRule,
  type ProposalStatus,
  type VoteChoice,
} from 'shared-api/contract';
import {
  PROPOSAL_DEFAULT_RULES,
  PROPOSAL_MAX_DAYS,
  PROPOSAL_MAX_DOCUMENTS,
  PROPOSAL_MESSAGES,
  PROPOSAL_MIN_DAYS,
  PROPOSAL_RAISE_THRESHOLD_PCT,
  PROPOSAL_RESULT_LABELS,
  proposalRuleText,
} from 'shared-api/contract/votes';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { amountCents, moneyError } from '../../lib/money';
import type { FileRow } from '../../db/schema';
import type { ReadUploads } from '../../plugins/uploads';
import { insertFiles, storeUploads, toFileRef, type FileLinks } from '../files';
import { proposalNotices } from '../notifications';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;
const MAX_CENTS = 100_000_000_000;

async function rows<T = Row>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (v: unknown): string => new Date(v as string).toISOString();
const utc = (v: unknown): string => iso(v).slice(0, 16).replace('T', ' ');

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw moneyError(err);
  }
}

// ---- Opening, reminding, closing when due ----

/** Opens, reminds or closes one proposal if its time has come, with the notices, in one transaction. */
async function settleOne(tx: Executor, id: string): Promise<void> {
  const [p] = await rows(
    tx,
    sql`SELECT p.id, p.status, p.title, p.quorum_pct, p.majority_pct, p.cap_pct, p.closes_at, pr.name AS property_name,
               p.opens_at <= now() AS open_due, p.closes_at <= now() AS close_due,
               p.reminded_at IS NULL AND p.closes_at <= now() + interval '1 day' AS remind_due
          FROM proposals p JOIN properties pr ON pr.id = p.property_id WHERE p.id = ${id} FOR UPDATE OF p`,
  );
  if (!p) return;
  const about = { id, title: String(p.title), propertyName: String(p.property_name), closesAt: utc(p.closes_at) };
  let status = p.status as ProposalStatus;
  if (status === 'SCHEDULED' && p.open_due) {
    await tx.execute(sql`SELECT proposal_open(${id})`);
    status = 'OPEN';
    if (!p.close_due) {
      const rule = proposalRuleText({
        quorumPct: Number(p.quorum_pct),
        majorityPct: Number(p.majority_pct),
        capPct: p.cap_pct === null ? null : Number(p.cap_pct),
      });
      await proposalNotices.opened(tx, { ...about, rule });
    }
  }
  if (status !== 'OPEN') return;
  if (p.close_due) {
    const [r] = await rows<{ result: string }>(tx, sql`SELECT proposal_close(${id}, NULL, NULL) AS result`);
    const outcome = PROPOSAL_RESULT_LABELS[r.result as ProposalResult] ?? r.result;
    await proposalNotices.result(tx, { ...about, outcome });
  } else if (p.remind_due) {
    await tx.execute(sql`UPDATE proposals SET reminded_at = now() WHERE id = ${id}`);
    await proposalNotices.closing(tx, about);
  }
}

const DUE = sql`((status = 'SCHEDULED' AND opens_at <= now())
             OR (status = 'OPEN' AND (closes_at <= now() OR (reminded_at IS NULL AND closes_at <= now() + interval '1 day'))))`;

/**
 * Every proposal whose opening, reminder or close is due (all, or one property's), each in its
 * own transaction. A read waits for a proposal another instance is settling, so it shows the result.
 */
export async function settleDue(app: FastifyInstance, propertyId?: string): Promise<number> {
  const due = await rows<{ id: string }>(
    app.db,
    sql`SELECT id FROM proposals WHERE ${DUE} ${propertyId ? sql`AND property_id = ${propertyId}` : sql``}
         ORDER BY closes_at LIMIT 100`,
  );
  for (const d of due) await guarded(() => app.db.transaction((tx) => settleOne(tx, d.id)));
  return due.length;
}

/**
 * The job's pass (job.ts): settles what is due one proposal a transaction, taking each with
 * FOR UPDATE SKIP LOCKED, so instances running it together share the work instead of queueing;
 * settleOne re-reads the status under the lock, so a proposal is opened, reminded and closed
 * once. Each is taken once a pass (one settleOne leaves nothing due), and one failing (rolled
 * back whole, retried next pass) does not hold up the others.
 */
export async function runDueProposals(app: FastifyInstance): Promise<{ settled: number; failed: number }> {
  const out = { settled: 0, failed: 0 };
  const taken: string[] = [];
  for (;;) {
    let current: string | null = null;
    try {
      const id = await app.db.transaction(async (tx) => {
        const [d] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM proposals WHERE ${DUE} AND NOT (id = ANY(${`{${taken.join(',')}}`}::uuid[]))
               ORDER BY closes_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!d) return null;
        current = d.id;
        await settleOne(tx, d.id);
        return d.id;
      });
      if (!id) break;
      taken.push(id);
      out.settled++;
    } catch (err) {
      if (current === null) throw moneyError(err);
      app.log.warn({ err, proposalId: current }, 'settling a proposal failed; retried on the next run');
      taken.push(current);
      out.failed++;
    }
  }
  return out;
}

// ---- Reading ----

const SELECT = (me: string | null) => sql`
  SELECT p.*, pr.name AS property_name, t.eligible, t.for_w, t.against_w, t.abstain_w, t.holders, t.voters,
         proposal_outcome(t.eligible, t.for_w, t.against_w, t.abstain_w, p.quorum_pct, p.majority_pct) AS live_outcome,
         h.weight AS my_weight, v.choice AS my_vote,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'storageKey', f.storage_key, 'originalName', f.original_name,
                                                       'mimeType', f.mime_type, 'size', f.size) ORDER BY d.seq), '[]'::jsonb)
            FROM proposal_documents d JOIN files f ON f.id = d.file_id WHERE d.proposal_id = p.id) AS documents
    FROM proposals p
    JOIN properties pr ON pr.id = p.property_id
    CROSS JOIN LATERAL proposal_tally(p.id) t
    LEFT JOIN proposal_holders h ON h.proposal_id = p.id AND h.holder_id = ${me}
    LEFT JOIN proposal_votes v ON v.proposal_id = p.id AND v.holder_id = ${me}`;

/** A proposal as answered; its documents' links are signed, so only a reader of the proposal gets them. */
const toProposal =
  (links: FileLinks) =>
  (r: Row): Proposal => {
    const closed = r.status === 'CLOSED';
    const n = (v: unknown) => Number(v ?? 0);
    return {
      _id: String(r.id),
      propertyId: String(r.property_id),
      propertyName: String(r.property_name),
      kind: r.kind as ProposalKind,
      title: String(r.title),
      description: String(r.description ?? ''),
      price: r.price_cents === null ? null : centsToDollars(Number(r.price_cents)),
      priceIsFloor: Boolean(r.price_is_floor),
      budget: r.budget_cents === null ? null : centsToDollars(Number(r.budget_cents)),
      rule: { quorumPct: n(r.quorum_pct), majorityPct: n(r.majority_pct), capPct: r.cap_pct === null ? null : n(r.cap_pct) },
      opensAt: iso(r.opens_at),
      closesAt: iso(r.closes_at),
      status: r.status as ProposalStatus,
      result: (r.result as ProposalResult | null) ?? null,
      tally:
        n(r.holders) === 0
          ? null
          : {
              eligible: n(closed ? r.eligible_weight : r.eligible),
              for: n(closed ? r.for_weight : r.for_w),
              against: n(closed ? r.against_weight : r.against_w),
              abstain: n(closed ? r.abstain_weight : r.abstain_w),
              holders: n(r.holders),
              voters: n(r.voters),
              outcome: (closed ? r.result : r.live_outcome) as ProposalResult,
            },
      myVote: (r.my_vote as VoteChoice | null) ?? null,
      myWeight: r.my_weight === null || r.my_weight === undefined ? null : n(r.my_weight),
      cancelReason: (r.cancel_reason as string | null) ?? null,
      createdAt: iso(r.created_at),
      documents: ((r.documents as FileRow[] | null) ?? []).map((f) => toFileRef(links, f, true)),
    };
  };

async function findProperty(db: Executor, id: string) {
  const [p] = await rows<{ id: string; owner_id: string; status: string; total_quantity: number; name: string }>(
    db,
    sql`SELECT id, owner_id, status, total_quantity, name FROM properties WHERE id = ${id}`,
  );
  return p ?? null;
}

/** The owner, admins, today's holders and any holder of record of one of its votes see a property's proposals. */
async function maySee(db: Executor, actor: Actor, property: { id: string; owner_id: string }): Promise<boolean> {
  if (actor.role === 'ADMIN' || property.owner_id === actor.id) return true;
  const [r] = await rows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM holdings WHERE property_id = ${property.id} AND investor_id = ${actor.id} AND quantity > 0)
            OR EXISTS (SELECT 1 FROM proposal_holders h JOIN proposals p ON p.id = h.proposal_id
                        WHERE p.property_id = ${property.id} AND h.holder_id = ${actor.id}) AS ok`,
  );
  return Boolean(r?.ok);
}

async function readOne(app: FastifyInstance, id: string, me: string): Promise<Proposal | null> {
  const [r] = await rows(app.db, sql`${SELECT(me)} WHERE p.id = ${id}`);
  return r ? toProposal(app.links)(r) : null;
}

export async function listForProperty(app: FastifyInstance, actor: Actor, propertyId: string): Promise<ProposalList> {
  const property = await findProperty(app.db, propertyId);
  if (!property) throw notFound(PROPOSAL_MESSAGES.propertyNotFound);
  if (!(await maySee(app.db, actor, property))) throw forbidden(PROPOSAL_MESSAGES.notAllowedToSee);
  await settleDue(app, propertyId);
  const list = await rows(app.db, sql`${SELECT(actor.id)} WHERE p.property_id = ${propertyId} ORDER BY p.created_at DESC, p.id`);
  return { items: list.map(toProposal(app.links)) };
}

export async function getProposal(app: FastifyInstance, actor: Actor, id: string): Promise<Proposal> {
  const [p] = await rows<{ property_id: string }>(app.db, sql`SELECT property_id FROM proposals WHERE id = ${id}`);
  const property = p ? await findProperty(app.db, p.property_id) : null;
  if (!property) throw notFound(PROPOSAL_MESSAGES.notFound);
  if (!(await maySee(app.db, actor, property))) throw forbidden(PROPOSAL_MESSAGES.notAllowedToSee);
  await guarded(() => app.db.transaction((tx) => settleOne(tx, id)));
  return (await readOne(app, id, actor.id))!;
}

/**
 * The caller's votes: open ones (and those decided or cancelled in the last 30 days) where
 * they are a holder of record, and those not open yet on what they hold now.
 */
export async function myProposals(app: FastifyInstance, actor: Actor): Promise<ProposalList> {
  await settleDue(app);
  const list = await rows(
    app.db,
    sql`${SELECT(actor.id)}
        WHERE (h.holder_id IS NOT NULL AND (p.status = 'OPEN' OR coalesce(p.closed_at, p.closes_at) > now() - interval '30 days'))
           OR (p.status = 'SCHEDULED' AND (pr.owner_id = ${actor.id}
               OR EXISTS (SELECT 1 FROM holdings x WHERE x.property_id = p.property_id AND x.investor_id = ${actor.id} AND x.quantity > 0)))
        ORDER BY (p.status = 'OPEN') DESC, p.closes_at, p.id`,
  );
  return { items: list.map(toProposal(app.links)) };
}

// ---- Raising, voting, cancelling ----

function validDate(v: string, field: string): number {
  const t = Date.parse(v);
  if (!Number.isFinite(t)) throw badRequest(`${field} must be a date and time`);
  return t;
}

export async function raiseProposal(app: FastifyInstance, actor: Actor, propertyId: string, body: CreateProposalBody): Promise<Proposal> {
  const property = await findProperty(app.db, propertyId);
  if (!property) throw notFound(PROPOSAL_MESSAGES.propertyNotFound);
  const isAdmin = actor.role === 'ADMIN';
  if (!isAdmin && property.owner_id !== actor.id) {
    const [h] = await rows<{ ok: boolean }>(
      app.db,
      sql`SELECT EXISTS (SELECT 1 FROM holdings h JOIN properties p ON p.id = h.property_id
                          WHERE h.property_id = ${propertyId} AND h.investor_id = ${actor.id}
                            AND h.quantity::bigint * 100 >= ${PROPOSAL_RAISE_THRESHOLD_PCT} * p.total_quantity::bigint) AS ok`,
    );
    if (!h?.ok) throw forbidden(PROPOSAL_MESSAGES.notAllowedToRaise);
  }
  if (body.rule && !isAdmin) throw forbidden(PROPOSAL_MESSAGES.ruleAdminsOnly);
  if (property.status !== 'ACTIVE' && property.status !== 'FUNDED') throw conflict(PROPOSAL_MESSAGES.notLive);

  if (body.kind === 'SELL' && body.price === undefined) throw badRequest(PROPOSAL_MESSAGES.priceRequired);
  if (body.kind !== 'SELL' && (body.price !== undefined || body.priceIsFloor !== undefined))
    throw badRequest(PROPOSAL_MESSAGES.priceOnlySell);
  if (body.kind === 'REPAIR' && body.budget === undefined) throw badRequest(PROPOSAL_MESSAGES.budgetRequired);
  if (body.kind !== 'REPAIR' && body.budget !== undefined) throw badRequest(PROPOSAL_MESSAGES.budgetOnlyRepair);
  const priceCents = body.price === undefined ? null : amountCents(body.price, 'price', MAX_CENTS);
  const budgetCents = body.budget === undefined ? null : amountCents(body.budget, 'budget', MAX_CENTS);

  const now = Date.now();
  const opens = body.opensAt === undefined ? now : validDate(body.opensAt, 'opensAt');
  const closes = validDate(body.closesAt, 'closesAt');
  // A minute's leeway for the caller's clock.
  if (opens < now - 60_000) throw badRequest(PROPOSAL_MESSAGES.opensInPast);
  if (closes <= opens) throw badRequest(PROPOSAL_MESSAGES.badDates);
  if (closes - opens < PROPOSAL_MIN_DAYS * DAY_MS) throw badRequest(PROPOSAL_MESSAGES.tooShort);
  if (closes - opens > PROPOSAL_MAX_DAYS * DAY_MS) throw badRequest(PROPOSAL_MESSAGES.tooLong);
  const rule: ProposalRule = body.rule ?? PROPOSAL_DEFAULT_RULES[body.kind];
  const title = body.title.trim();
  if (title.length < 3) throw badRequest('title must have at least 3 characters');

  const id = await guarded(() =>
    app.db.transaction(async (tx) => {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO proposals (property_id, kind, title, description, price_cents, price_is_floor, budget_cents, raised_by,
                                   quorum_pct, majority_pct, cap_pct, opens_at, closes_at)
            VALUES (${propertyId}, ${body.kind}, ${title}, ${(body.description ?? '').trim()}, ${priceCents}, ${body.priceIsFloor ?? false},
                    ${budgetCents}, ${actor.id}, ${rule.quorumPct}, ${rule.majorityPct}, ${rule.capPct},
                    ${body.opensAt === undefined ? sql`now()` : sql`${new Date(opens).toISOString()}::timestamptz`},
                    ${new Date(closes).toISOString()}::timestamptz)
            RETURNING id`,
      );
      await audit(tx, actor, {
        action: 'proposal.raise',
        targetType: 'proposal',
        targetId: row.id,
        detail: {
          propertyId,
          kind: body.kind,
          title,
          rule,
          opensAt: new Date(opens).toISOString(),
          closesAt: new Date(closes).toISOString(),
        },
      });
      await settleOne(tx, row.id);
      return row.id;
    }),
  );
  return (await readOne(app, id, actor.id))!;
}

export async function castVote(app: FastifyInstance, actor: Actor, id: string, choice: VoteChoice): Promise<Proposal> {
  const [exists] = await rows<{ property_id: string }>(app.db, sql`SELECT property_id FROM proposals WHERE id = ${id}`);
  if (!exists) throw notFound(PROPOSAL_MESSAGES.notFound);
  await guarded(() => app.db.transaction((tx) => settleOne(tx, id)));
  await guarded(() =>
    app.db.transaction(async (tx) => {
      const [p] = await rows<{ status: string; holder: boolean }>(
        tx,
        sql`SELECT p.status, EXISTS (SELECT 1 FROM proposal_holders h WHERE h.proposal_id = p.id AND h.holder_id = ${actor.id}) AS holder
              FROM proposals p WHERE p.id = ${id}`,
      );
      if (p.status === 'SCHEDULED') throw conflict(PROPOSAL_MESSAGES.notOpenYet);
      if (p.status !== 'OPEN') throw conflict(PROPOSAL_MESSAGES.notOpen);
      if (!p.holder) throw forbidden(PROPOSAL_MESSAGES.notHolderOfRecord);
      // The guard refuses it if the close came meanwhile (TS409).
      await tx.execute(
        sql`INSERT INTO proposal_votes (proposal_id, holder_id, choice) VALUES (${id}, ${actor.id}, ${choice})
            ON CONFLICT (proposal_id, holder_id) DO UPDATE SET choice = EXCLUDED.choice`,
      );
    }),
  );
  return (await readOne(app, id, actor.id))!;
}

export async function cancelProposal(app: FastifyInstance, actor: Actor, id: string, body: CancelProposalBody): Promise<Proposal> {
  const reason = body.reason.trim();
  if (reason.length < 3) throw badRequest(PROPOSAL_MESSAGES.reasonRequired);
  const [exists] = await rows(app.db, sql`SELECT id FROM proposals WHERE id = ${id}`);
  if (!exists) throw notFound(PROPOSAL_MESSAGES.notFound);
  // A close that is due is recorded first: its result stands.
  await guarded(() => app.db.transaction((tx) => settleOne(tx, id)));
  await guarded(() =>
    app.db.transaction(async (tx) => {
      const [p] = await rows<{ status: string; title: string; property_name: string }>(
        tx,
        sql`SELECT p.status, p.title, pr.name AS property_name FROM proposals p JOIN properties pr ON pr.id = p.property_id
             WHERE p.id = ${id} FOR UPDATE OF p`,
      );
      if (p.status === 'CLOSED' || p.status === 'CANCELLED') throw conflict(PROPOSAL_MESSAGES.cancelFinal);
      await tx.execute(
        sql`UPDATE proposals SET status = 'CANCELLED', cancelled_by = ${actor.id}, cancel_reason = ${reason} WHERE id = ${id}`,
      );
      await audit(tx, actor, { action: 'proposal.cancel', targetType: 'proposal', targetId: id, detail: { reason, status: p.status } });
      const outcome = `cancelled by an administrator (${reason})`;
      await proposalNotices.result(tx, { id, title: p.title, propertyName: p.property_name, outcome });
    }),
  );
  return (await readOne(app, id, actor.id))!;
}

/**
 * Documents on a proposal (a broker's opinion, a repair quote): PDF or images checked by their
 * content, as receipts are, added by whoever raised it while it is scheduled or open (until the
 * close: holders vote on what they could read), at most PROPOSAL_MAX_DOCUMENTS. The proposal
 * row is locked, so two uploads at once cannot pass the cap, nor one the close.
 */
export async function addDocuments(app: FastifyInstance, actor: Actor, id: string, readFiles: ReadUploads): Promise<Proposal> {
  // Who and when before reading any upload.
  const [p] = await rows<{ property_id: string; raised_by: string }>(
    app.db,
    sql`SELECT property_id, raised_by FROM proposals WHERE id = ${id}`,
  );
  if (!p) throw notFound(PROPOSAL_MESSAGES.notFound);
  if (p.raised_by !== actor.id) throw forbidden(PROPOSAL_MESSAGES.documentsRaiserOnly);
  await guarded(() => app.db.transaction((tx) => settleOne(tx, id)));
  const open = async (db: Executor) => {
    const [r] = await rows<{ open: boolean; n: string }>(
      db,
      sql`SELECT status IN ('SCHEDULED', 'OPEN') AND closes_at > now() AS open,
                 (SELECT count(*) FROM proposal_documents WHERE proposal_id = ${id}) AS n
            FROM proposals WHERE id = ${id} FOR UPDATE`,
    );
    if (!r.open) throw conflict(PROPOSAL_MESSAGES.documentsClosed);
    return Number(r.n);
  };
  await open(app.db);
  const uploads = await readFiles({ field: 'files', kind: 'pdf+images', maxFiles: PROPOSAL_MAX_DOCUMENTS });
  await storeUploads(app, uploads, 'PROPOSAL_DOCUMENT', (fileRows) =>
    app.db.transaction(async (tx) => {
      if ((await open(tx)) + fileRows.length > PROPOSAL_MAX_DOCUMENTS) throw badRequest(PROPOSAL_MESSAGES.tooManyDocuments);
      const inserted = await insertFiles(
        tx,
        fileRows.map((f) => ({ ...f, userId: actor.id, propertyId: p.property_id })),
      );
      for (const f of inserted) await tx.execute(sql`INSERT INTO proposal_documents (proposal_id, file_id) VALUES (${id}, ${f.id})`);
      await audit(tx, actor, {
        action: 'proposal.documents',
        targetType: 'proposal',
        targetId: id,
        detail: { files: inserted.map((f) => ({ id: f.id, name: f.originalName })) },
      });
    }),
  );
  return (await readOne(app, id, actor.id))!;
}

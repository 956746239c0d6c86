// Issue 16: a change to a live listing (ACTIVE, FUNDED) is a revision under review. The live
// row and its files stay as they are, on sale and visible to everyone, until an admin
// approves the revision; then its fields and files are applied in one transaction. Files
// uploaded for a revision are staged (files.revision_id set, property_id null), so nothing
// that reads a listing's files sees them before approval. At most one revision per listing
// is pending (a partial unique index); a new edit updates it.
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type OffPlanPropertyUpdate,
  type PropertyRevision,
  type RevisionFieldChange,
  type RevisionFileChange,
  type RevisionFileKind,
  type RevisionProposal,
} from 'shared-api/contract';
import { REVISION_FIELDS, REVISION_MESSAGES, type ProgressUpdateRecord } from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import {
  files,
  properties,
  propertyRevisions,
  type FileRow,
  type PropertyRow,
  type RevisionFields,
  type RevisionRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { objectKeys, toFileRef, toImageRef } from '../files';
import { notices } from '../notifications';
import { progressReviewsOf } from './progress';

type PropertyFileKind = 'PROPERTY_IMAGE' | 'PROPERTY_DOCUMENT';

/** The live files of listings, in their order (position, then upload time). */
export async function liveFiles(db: Executor, propertyId: string, kind?: PropertyFileKind): Promise<FileRow[]> {
  const where = kind ? and(eq(files.propertyId, propertyId), eq(files.kind, kind)) : eq(files.propertyId, propertyId);
  return db.select().from(files).where(where).orderBy(asc(files.position), asc(files.createdAt), asc(files.id));
}

export async function pendingRevision(db: Executor, propertyId: string, lock = false): Promise<RevisionRow | null> {
  const q = db
    .select()
    .from(propertyRevisions)
    .where(and(eq(propertyRevisions.propertyId, propertyId), eq(propertyRevisions.status, 'PENDING')))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** The revision an owner or admin is shown: the pending one, else the latest if it was rejected. */
async function shownRevision(db: Executor, propertyId: string): Promise<RevisionRow | null> {
  const [latest] = await db
    .select()
    .from(propertyRevisions)
    .where(eq(propertyRevisions.propertyId, propertyId))
    .orderBy(desc(propertyRevisions.createdAt), desc(propertyRevisions.id))
    .limit(1);
  return latest && latest.status !== 'APPROVED' ? latest : null;
}

// ---- Reading ----

const liveValue = (p: PropertyRow, f: (typeof REVISION_FIELDS)[number]): string | number => {
  switch (f) {
    case 'unitPrice':
      return centsToDollars(p.unitPriceCents);
    case 'roiInFiveYears':
      return Number(p.roiInFiveYears);
    default:
      return p[f];
  }
};

function proposalOf(fields: RevisionFields): RevisionProposal {
  const out: RevisionProposal = {};
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.address !== undefined) out.address = fields.address;
  if (fields.state !== undefined) out.state = fields.state;
  if (fields.description !== undefined) out.description = fields.description;
  if (fields.totalQuantity !== undefined) out.totalQuantity = fields.totalQuantity;
  if (fields.unitPriceCents !== undefined) out.unitPrice = centsToDollars(fields.unitPriceCents);
  if (fields.roiInFiveYears !== undefined) out.roiInFiveYears = fields.roiInFiveYears;
  return out;
}

/**
 * Which kept files moved: those outside the longest run that kept its relative order
 * (moving one image to the front marks that image, not every image it passed).
 */
function movedIds(live: string[], proposed: string[]): Set<string> {
  const kept = proposed.filter((id) => live.includes(id));
  const seq = kept.map((id) => live.indexOf(id));
  // Longest increasing subsequence, O(n²): a listing has at most a few dozen files.
  const len = seq.map(() => 1);
  const prev = seq.map(() => -1);
  for (let i = 0; i < seq.length; i++) {
    for (let j = 0; j < i; j++) {
      if (seq[j] < seq[i] && len[j] + 1 > len[i]) {
        len[i] = len[j] + 1;
        prev[i] = j;
      }
    }
  }
  const stay = new Set<string>();
  let k = len.length ? len.indexOf(Math.max(...len)) : -1;
  while (k >= 0) {
    stay.add(kept[k]);
    k = prev[k];
  }
  return new Set(kept.filter((id) => !stay.has(id)));
}

function fileChanges(kind: RevisionFileKind, live: FileRow[], proposed: FileRow[], urlOf: (f: FileRow) => string): RevisionFileChange[] {
  const liveIds = live.map((f) => f.id);
  const proposedIds = proposed.map((f) => f.id);
  const moved = movedIds(liveIds, proposedIds);
  const out: RevisionFileChange[] = [];
  const entry = (f: FileRow, change: RevisionFileChange['change']): RevisionFileChange => {
    const from = liveIds.indexOf(f.id);
    const to = proposedIds.indexOf(f.id);
    return {
      kind,
      change,
      fileId: f.id,
      name: f.originalName,
      url: urlOf(f),
      from: from < 0 ? null : from + 1,
      to: to < 0 ? null : to + 1,
    };
  };
  for (const f of proposed) {
    if (!liveIds.includes(f.id)) out.push(entry(f, 'ADDED'));
    else if (moved.has(f.id)) out.push(entry(f, 'MOVED'));
  }
  for (const f of live) if (!proposedIds.includes(f.id)) out.push(entry(f, 'REMOVED'));
  return out;
}

export async function toRevision(
  app: FastifyInstance,
  db: Executor,
  row: RevisionRow,
  live: PropertyRow,
  liveRows?: FileRow[],
): Promise<PropertyRevision> {
  const current = liveRows ?? (await liveFiles(db, live.id));
  const staged = row.status === 'PENDING' ? await db.select().from(files).where(eq(files.revisionId, row.id)) : [];
  const byId = new Map([...current, ...staged].map((f) => [f.id, f]));
  const pick = (ids: string[]) => ids.map((id) => byId.get(id)).filter((f): f is FileRow => f !== undefined);
  const liveImages = current.filter((f) => f.kind === 'PROPERTY_IMAGE');
  const liveDocuments = current.filter((f) => f.kind === 'PROPERTY_DOCUMENT');
  const images = pick(row.images);
  const documents = pick(row.documents);
  // Staged files are not public yet: signed links.
  const signed = (f: FileRow) => f.revisionId !== null;
  const imageRef = (f: FileRow) => toImageRef(app.links, f, signed(f));
  const fileRef = (f: FileRow) => toFileRef(app.links, f, signed(f));
  const proposed = proposalOf(row.fields);
  const fieldChanges: RevisionFieldChange[] = [];
  for (const f of REVISION_FIELDS) {
    const to = proposed[f];
    const from = liveValue(live, f);
    if (to !== undefined && to !== from) fieldChanges.push({ field: f, from, to });
  }
  return {
    _id: row.id,
    propertyId: live.id,
    propertyName: live.name,
    status: row.status,
    proposed,
    images: images.map(imageRef),
    documents: documents.map(fileRef),
    fieldChanges,
    fileChanges: [
      ...fileChanges('IMAGE', liveImages, images, (f) => imageRef(f).url),
      ...fileChanges('DOCUMENT', liveDocuments, documents, (f) => fileRef(f).url),
    ],
    coverChanged: row.status === 'PENDING' && (liveImages[0]?.id ?? null) !== (images[0]?.id ?? null),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The revision shown with a listing to its owner or an admin, or null. */
export async function revisionOf(app: FastifyInstance, db: Executor, live: PropertyRow): Promise<PropertyRevision | null> {
  const row = await shownRevision(db, live.id);
  return row ? toRevision(app, db, row, live) : null;
}

/** Every pending revision, oldest first (the admin's review queue). */
export async function pendingRevisions(app: FastifyInstance): Promise<PropertyRevision[]> {
  const rows = await app.db
    .select({ r: propertyRevisions, p: properties })
    .from(propertyRevisions)
    .innerJoin(properties, eq(properties.id, propertyRevisions.propertyId))
    .where(eq(propertyRevisions.status, 'PENDING'))
    .orderBy(asc(propertyRevisions.updatedAt), asc(propertyRevisions.id))
    .limit(200);
  const out: PropertyRevision[] = [];
  for (const { r, p } of rows) out.push(await toRevision(app, app.db, r, p));
  return out;
}

// ---- Proposing (the owner; the listing row is locked by the caller) ----

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The pending revision of a locked live listing, created from the live version if there is none. */
async function openRevision(tx: Executor, p: PropertyRow, userId: string): Promise<RevisionRow> {
  const pending = await pendingRevision(tx, p.id, true);
  if (pending) return pending;
  const current = await liveFiles(tx, p.id);
  const [row] = await tx
    .insert(propertyRevisions)
    .values({
      propertyId: p.id,
      createdBy: userId,
      images: current.filter((f) => f.kind === 'PROPERTY_IMAGE').map((f) => f.id),
      documents: current.filter((f) => f.kind === 'PROPERTY_DOCUMENT').map((f) => f.id),
    })
    .returning();
  return row;
}

/**
 * Saves the revision's new proposal, or drops the revision when it no longer changes
 * anything (every field back to the live value, the files as they are live).
 */
async function saveRevision(
  tx: Executor,
  actor: Actor,
  p: PropertyRow,
  rev: RevisionRow,
  next: Pick<RevisionRow, 'fields' | 'images' | 'documents'>,
): Promise<void> {
  const current = await liveFiles(tx, p.id);
  const unchanged =
    Object.keys(next.fields).length === 0 &&
    sameIds(
      next.images,
      current.filter((f) => f.kind === 'PROPERTY_IMAGE').map((f) => f.id),
    ) &&
    sameIds(
      next.documents,
      current.filter((f) => f.kind === 'PROPERTY_DOCUMENT').map((f) => f.id),
    );
  if (unchanged) {
    await tx.delete(propertyRevisions).where(eq(propertyRevisions.id, rev.id));
  } else {
    await tx
      .update(propertyRevisions)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(propertyRevisions.id, rev.id));
  }
  await audit(tx, actor, {
    action: unchanged ? 'property.revision.withdraw' : 'property.revision.submit',
    targetType: 'property',
    targetId: p.id,
    detail: { revisionId: rev.id, fields: Object.keys(next.fields), images: next.images.length, documents: next.documents.length },
  });
}

export interface FieldRules {
  cents: (unitPrice: number) => number;
  roi: (roi: number) => string;
  checkTotal: (totalQuantity: number, unitPriceCents: number) => void;
}

/** The refusal of a price or total change once units are sold (checked on submit and again on approval). */
function lockedFieldsRefusal(p: PropertyRow, fields: RevisionFields): string | null {
  const sold = p.totalQuantity - p.availableQuantity;
  if (sold === 0) return null;
  if (fields.unitPriceCents !== undefined && fields.unitPriceCents !== p.unitPriceCents) return REVISION_MESSAGES.priceLocked;
  if (fields.totalQuantity !== undefined && fields.totalQuantity !== p.totalQuantity) return REVISION_MESSAGES.totalLocked;
  return null;
}

/** The owner changes fields of a live listing: merged into its pending revision. */
export async function proposeFields(
  tx: Executor,
  actor: Actor,
  p: PropertyRow,
  body: OffPlanPropertyUpdate,
  userId: string,
  rules: FieldRules,
): Promise<void> {
  if (body.progress !== undefined && body.progress !== p.progress) throw conflict(REVISION_MESSAGES.progressLive);
  const pending = await pendingRevision(tx, p.id, true);
  const fields: RevisionFields = { ...(pending?.fields ?? {}) };
  const setField = <K extends keyof RevisionFields>(key: K, value: RevisionFields[K], live: RevisionFields[K]) => {
    if (value === live) delete fields[key];
    else fields[key] = value;
  };
  if (body.name !== undefined) {
    const v = body.name.trim();
    if (!v) throw badRequest('Please fill all the fields');
    setField('name', v, p.name);
  }
  if (body.address !== undefined) {
    const v = body.address.trim();
    if (!v) throw badRequest('Please fill all the fields');
    setField('address', v, p.address);
  }
  if (body.state !== undefined) setField('state', body.state, p.state);
  if (body.description !== undefined) setField('description', body.description.trim(), p.description);
  if (body.roiInFiveYears !== undefined) setField('roiInFiveYears', Number(rules.roi(body.roiInFiveYears)), Number(p.roiInFiveYears));
  if (body.unitPrice !== undefined) setField('unitPriceCents', rules.cents(body.unitPrice), p.unitPriceCents);
  if (body.totalQuantity !== undefined) setField('totalQuantity', body.totalQuantity, p.totalQuantity);
  const refusal = lockedFieldsRefusal(p, fields);
  if (refusal) throw conflict(refusal);
  rules.checkTotal(fields.totalQuantity ?? p.totalQuantity, fields.unitPriceCents ?? p.unitPriceCents);
  if (!pending && Object.keys(fields).length === 0) return; // nothing proposed, nothing opened
  const rev = pending ?? (await openRevision(tx, p, userId));
  await saveRevision(tx, actor, p, rev, { fields, images: rev.images, documents: rev.documents });
}

/** Files uploaded for a live listing: staged for its revision, appended to the proposed list. */
export async function stageFiles(
  tx: Executor,
  actor: Actor,
  p: PropertyRow,
  kind: PropertyFileKind,
  rows: (typeof files.$inferInsert)[],
  userId: string,
  cap: number,
  tooMany: string,
): Promise<void> {
  const rev = await openRevision(tx, p, userId);
  const list = kind === 'PROPERTY_IMAGE' ? rev.images : rev.documents;
  if (list.length + rows.length > cap) throw badRequest(tooMany);
  const inserted = await tx
    .insert(files)
    .values(rows.map((r, i) => ({ ...r, propertyId: null, revisionId: rev.id, position: list.length + i })))
    .returning({ id: files.id });
  const nextList = [...list, ...inserted.map((f) => f.id)];
  await saveRevision(tx, actor, p, rev, {
    fields: rev.fields,
    images: kind === 'PROPERTY_IMAGE' ? nextList : rev.images,
    documents: kind === 'PROPERTY_DOCUMENT' ? nextList : rev.documents,
  });
}

/** A file removed from a live listing's revision (a staged one is deleted); returns the stored objects to delete. */
export async function unstageFile(tx: Executor, actor: Actor, p: PropertyRow, fileId: string, userId: string): Promise<string[]> {
  const pending = await pendingRevision(tx, p.id, true);
  const mine = pending ? or(eq(files.propertyId, p.id), eq(files.revisionId, pending.id)) : eq(files.propertyId, p.id);
  const [target] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), mine))
    .limit(1);
  if (!target) throw notFound('File not found');
  const rev = pending ?? (await openRevision(tx, p, userId));
  const images = rev.images.filter((id) => id !== fileId);
  const documents = rev.documents.filter((id) => id !== fileId);
  // Already left out of the revision.
  if (images.length === rev.images.length && documents.length === rev.documents.length) throw notFound('File not found');
  let keys: string[] = [];
  if (target.revisionId !== null) {
    await tx.delete(files).where(eq(files.id, target.id));
    keys = objectKeys(target);
  }
  await saveRevision(tx, actor, p, rev, { fields: rev.fields, images, documents });
  return keys;
}

/** The owner's new order of a live listing's images or documents (a permutation of the proposed list). */
export async function proposeOrder(
  tx: Executor,
  actor: Actor,
  p: PropertyRow,
  kind: PropertyFileKind,
  ids: string[],
  userId: string,
): Promise<void> {
  const rev = await openRevision(tx, p, userId);
  const list = kind === 'PROPERTY_IMAGE' ? rev.images : rev.documents;
  if (!isPermutation(list, ids)) throw badRequest(REVISION_MESSAGES.badOrder);
  await saveRevision(tx, actor, p, rev, {
    fields: rev.fields,
    images: kind === 'PROPERTY_IMAGE' ? ids : rev.images,
    documents: kind === 'PROPERTY_DOCUMENT' ? ids : rev.documents,
  });
}

export function isPermutation(current: string[], ids: string[]): boolean {
  return ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
}

/** Writes the positions of a listing's files in the given order. */
export async function writePositions(tx: Executor, ids: string[]): Promise<void> {
  for (const [i, id] of ids.entries()) await tx.update(files).set({ position: i }).where(eq(files.id, id));
}

// ---- Deciding (admins) ----

/**
 * Approves or rejects the pending revision of a listing. Approval applies its fields and
 * files in one transaction (re-checking what units sold meanwhile may now forbid);
 * rejection keeps the live version and deletes the staged files. Returns the stored
 * objects to delete once committed.
 */
export async function decideRevision(
  tx: Executor,
  actor: Actor,
  p: PropertyRow,
  decision: 'APPROVE' | 'REJECT',
  reason: string,
  adminId: string,
): Promise<string[]> {
  const rev = await pendingRevision(tx, p.id, true);
  if (!rev) throw conflict(REVISION_MESSAGES.notPending);
  const now = new Date();
  const staged = await tx.select().from(files).where(eq(files.revisionId, rev.id));
  if (decision === 'REJECT') {
    await tx
      .update(propertyRevisions)
      .set({ status: 'REJECTED', reason, decidedBy: adminId, decidedAt: now, updatedAt: now })
      .where(eq(propertyRevisions.id, rev.id));
    if (staged.length > 0) await tx.delete(files).where(eq(files.revisionId, rev.id));
    await audit(tx, actor, {
      action: 'property.revision.reject',
      targetType: 'property',
      targetId: p.id,
      detail: { revisionId: rev.id, name: p.name, reason },
    });
    await notices.revisionDecided(tx, { ownerId: p.ownerId, id: p.id, name: p.name }, reason);
    return staged.flatMap(objectKeys);
  }

  const refusal = lockedFieldsRefusal(p, rev.fields);
  if (refusal) throw conflict(`${refusal}. Units were sold since this change was proposed: reject it instead.`);
  const f = rev.fields;
  const set: Partial<typeof properties.$inferInsert> = {};
  if (f.name !== undefined) set.name = f.name;
  if (f.address !== undefined) set.address = f.address;
  if (f.state !== undefined) set.state = f.state;
  if (f.description !== undefined) set.description = f.description;
  if (f.roiInFiveYears !== undefined) set.roiInFiveYears = f.roiInFiveYears;
  if (f.unitPriceCents !== undefined) set.unitPriceCents = f.unitPriceCents;
  if (f.totalQuantity !== undefined) {
    // Nothing is sold (lockedFieldsRefusal): every unit stays available.
    set.totalQuantity = f.totalQuantity;
    set.availableQuantity = f.totalQuantity;
  }
  await tx
    .update(properties)
    .set({ ...set, updatedAt: now })
    .where(eq(properties.id, p.id));

  const current = await liveFiles(tx, p.id);
  const keep = new Set([...rev.images, ...rev.documents]);
  const removed = current.filter((x) => !keep.has(x.id));
  const unused = staged.filter((x) => !keep.has(x.id));
  const gone = [...removed, ...unused];
  if (gone.length > 0)
    await tx.delete(files).where(
      inArray(
        files.id,
        gone.map((x) => x.id),
      ),
    );
  const adopt = staged.filter((x) => keep.has(x.id)).map((x) => x.id);
  if (adopt.length > 0) await tx.update(files).set({ propertyId: p.id, revisionId: null }).where(inArray(files.id, adopt));
  await writePositions(tx, rev.images);
  await writePositions(tx, rev.documents);

  await tx
    .update(propertyRevisions)
    .set({ status: 'APPROVED', decidedBy: adminId, decidedAt: now, updatedAt: now })
    .where(eq(propertyRevisions.id, rev.id));
  await audit(tx, actor, {
    action: 'property.revision.approve',
    targetType: 'property',
    targetId: p.id,
    detail: { revisionId: rev.id, name: p.name, fields: Object.keys(f), filesAdded: adopt.length, filesRemoved: removed.length },
  });
  await notices.revisionDecided(tx, { ownerId: p.ownerId, id: p.id, name: set.name ?? p.name }, null);
  return gone.flatMap(objectKeys);
}

/** Listings with their shown revisions (pending, or last rejected): one query for the lot, then each revision's files. */
export async function withRevisions<T extends { _id: string }>(
  app: FastifyInstance,
  rows: PropertyRow[],
  items: T[],
): Promise<(T & { revision: PropertyRevision | null; progressReview: ProgressUpdateRecord | null })[]> {
  const ids = rows.map((r) => r.id);
  const reviews = await progressReviewsOf(app.db, ids);
  const latest = new Map<string, RevisionRow>();
  if (ids.length > 0) {
    const revs = await app.db
      .select()
      .from(propertyRevisions)
      .where(inArray(propertyRevisions.propertyId, ids))
      .orderBy(desc(propertyRevisions.createdAt), desc(propertyRevisions.id));
    for (const r of revs) if (!latest.has(r.propertyId)) latest.set(r.propertyId, r);
  }
  const out: (T & { revision: PropertyRevision | null; progressReview: ProgressUpdateRecord | null })[] = [];
  for (const [i, item] of items.entries()) {
    const r = latest.get(rows[i].id);
    out.push({
      ...item,
      revision: r && r.status !== 'APPROVED' ? await toRevision(app, app.db, r, rows[i]) : null,
      progressReview: reviews.get(rows[i].id) ?? null,
    });
  }
  return out;
}

// Listings: the public catalogue, owners' listings, admin review, off-plan progress,
// images and documents. Prices are integer cents inside, dollars on the wire.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MAX_PAGE_SIZE,
  MESSAGES,
  PROPERTY_PAGE_SIZE,
  type FileOrderBody,
  type PropertyWithRevision,
  type ReviewRevisionBody,
  PUBLIC_PROPERTY_STATUSES,
  amountRaised,
  centsToDollars,
  parseAmount,
  unitsReserved,
  unitsSold,
  type ActiveInvestments,
  type OffPlanPropertyInput,
  type OffPlanPropertyUpdate,
  type OwnedPropertiesQuery,
  type OwnerPropertyView,
  type Page,
  type PropertiesQuery,
  type Property,
  type PropertyDetail,
  type PropertyStatus,
  type PropertyType,
  type ReviewPropertyBody,
  type UserMetrics,
} from 'shared-api/contract';
import { REVISION_MESSAGES, isLive, listingApprovalRefusal, type ProgressPosted } from 'shared-api/contract/dashboard';
import { HANDOVER_MESSAGES, type HandOverPropertyBody } from 'shared-api/contract/admin';
import type { Executor } from '../../db/client';
import { files, progressUpdates, properties, propertyRevisions, users, type FileRow, type PropertyRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../../lib/http-error';
import { UUID_SOURCE } from '../../lib/schema';
import type { ReadUploads } from '../../plugins/uploads';
import { audit, changesOf } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { insertFiles, objectKeys, removeObjects, storeUploads, toFileRef, toImageRef } from '../files';
import { deletionRefusal, holdsOrAwaits, investorsOfProperties, investorsOfProperty } from './holdings';
import {
  decideRevision,
  isPermutation,
  withRevisions,
  liveFiles,
  pendingRevisions,
  proposeFields,
  proposeOrder,
  revisionOf,
  stageFiles,
  unstageFile,
  writePositions,
} from './revisions';
import { fundedRatio, raisedCents, reservedUnits, soldUnits } from './figures';
import { holderNotices, holdersOf, notices } from '../notifications';
import { soldFiguresOf } from '../exits';
import { progressReviewsOf, recordProgress, toProgressRecord } from './progress';

export const MAX_IMAGES_PER_PROPERTY = 20;
export const MAX_DOCUMENTS_PER_PROPERTY = 20;

export const isPublic = (status: PropertyStatus) => PUBLIC_PROPERTY_STATUSES.includes(status);

/** Whether a person may see a listing at all (the public sees only live ones). */
export function canSee(p: Pick<PropertyRow, 'status' | 'ownerId'>, user: Pick<Actor, 'id' | 'role'> | null): boolean {
  return isPublic(p.status) || user?.role === 'ADMIN' || (user !== null && user.id === p.ownerId);
}

// ---- Reading ----

type UpdateRow = typeof progressUpdates.$inferSelect;
export interface Extras {
  fileRows: Pick<
    FileRow,
    'id' | 'propertyId' | 'kind' | 'storageKey' | 'originalName' | 'mimeType' | 'size' | 'width' | 'height' | 'variants'
  >[];
  updates: Pick<UpdateRow, 'id' | 'propertyId' | 'percent' | 'note' | 'createdAt'>[];
}

async function loadExtras(db: Executor, ids: string[]): Promise<Extras> {
  if (ids.length === 0) return { fileRows: [], updates: [] };
  const [fileRows, updates] = await Promise.all([
    db.select().from(files).where(inArray(files.propertyId, ids)).orderBy(asc(files.position), asc(files.createdAt), asc(files.id)),
    db
      .select()
      .from(progressUpdates)
      // Investors (and everyone) see applied progress only; a held update is the owner's and the reviewers'.
      .where(and(inArray(progressUpdates.propertyId, ids), eq(progressUpdates.status, 'APPLIED')))
      .orderBy(asc(progressUpdates.createdAt), asc(progressUpdates.id)),
  ]);
  return { fileRows, updates };
}

export async function toProperties(app: FastifyInstance, db: Executor, rows: PropertyRow[], preloaded?: Extras): Promise<Property[]> {
  const { fileRows, updates } =
    preloaded ??
    (await loadExtras(
      db,
      rows.map((r) => r.id),
    ));
  return rows.map((p) => {
    // Files of a listing that is not public get expiring signed links.
    const signed = !isPublic(p.status);
    const mine = fileRows.filter((f) => f.propertyId === p.id);
    return {
      _id: p.id,
      name: p.name,
      address: p.address,
      state: p.state,
      description: p.description,
      type: p.type,
      status: p.status,
      images: mine.filter((f) => f.kind === 'PROPERTY_IMAGE').map((f) => toImageRef(app.links, f as FileRow, signed)),
      documents: mine.filter((f) => f.kind === 'PROPERTY_DOCUMENT').map((f) => toFileRef(app.links, f as FileRow, signed)),
      totalQuantity: p.totalQuantity,
      availableQuantity: p.availableQuantity,
      reservedQuantity: p.reservedQuantity,
      soldQuantity: p.settledQuantity,
      unitPrice: centsToDollars(p.unitPriceCents),
      roiInFiveYears: Number(p.roiInFiveYears),
      progress: p.progress,
      progressUpdates: updates
        .filter((u) => u.propertyId === p.id)
        .map((u) => ({ _id: u.id, percent: u.percent, note: u.note, createdAt: u.createdAt.toISOString() })),
      ownerId: p.ownerId,
      rejectionReason: p.rejectionReason,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      suspendedAt: p.suspendedAt ? p.suspendedAt.toISOString() : null,
      suspendedReason: p.suspendedReason,
    };
  });
}

export async function toProperty(app: FastifyInstance, db: Executor, row: PropertyRow): Promise<Property> {
  return (await toProperties(app, db, [row]))[0];
}

async function findProperty(db: Executor, id: string, lock = false): Promise<PropertyRow | null> {
  const q = db.select().from(properties).where(eq(properties.id, id)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<NonNullable<PropertiesQuery['sort']>, SQL[]> = {
  newest: [desc(properties.createdAt), asc(properties.id)],
  price_asc: [asc(properties.unitPriceCents), asc(properties.id)],
  price_desc: [desc(properties.unitPriceCents), asc(properties.id)],
  roi_desc: [desc(properties.roiInFiveYears), asc(properties.id)],
  funded: [desc(fundedRatio), asc(properties.id)],
};

// A page of listings in one round trip (admins' and owners' lists): the total rides along as a window
// count, each listing's files and progress notes as JSON built by PostgreSQL. The outer
// table is named in plain text: drizzle writes a column of a one-table select unqualified,
// which inside the subquery would mean the subquery's own `id`.
export const filesJson = sql<Extras['fileRows']>`coalesce((
  SELECT json_agg(json_build_object('id', f.id, 'propertyId', f.property_id, 'kind', f.kind, 'storageKey', f.storage_key,
    'originalName', f.original_name, 'mimeType', f.mime_type, 'size', f.size, 'width', f.width, 'height', f.height,
    'variants', f.variants) ORDER BY f.position, f.created_at, f.id)
  FROM ${files} f WHERE f.property_id = properties.id), '[]'::json)`;
export const updatesJson = sql<(Omit<Extras['updates'][number], 'createdAt'> & { createdAt: string })[]>`coalesce((
  SELECT json_agg(json_build_object('id', u.id, 'propertyId', u.property_id, 'percent', u.percent, 'note', u.note,
    'createdAt', u.created_at) ORDER BY u.created_at, u.id)
  FROM ${progressUpdates} u WHERE u.property_id = properties.id AND u.status = 'APPLIED'), '[]'::json)`;

async function pageOf(app: FastifyInstance, where: SQL[], q: PropertiesQuery): Promise<Page<Property>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PROPERTY_PAGE_SIZE;
  const cond = and(...where);
  const rows = await app.db
    .select({ row: properties, total: sql<number>`count(*) OVER ()`.mapWith(Number), files: filesJson, updates: updatesJson })
    .from(properties)
    .where(cond)
    .orderBy(...ORDER[q.sort ?? 'newest'])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Past the last page there is no row to carry the total: count apart.
  const total =
    rows.length > 0 ? rows[0].total : page > 1 ? (await app.db.select({ total: count() }).from(properties).where(cond))[0].total : 0;
  const extras: Extras = {
    fileRows: rows.flatMap((r) => r.files),
    updates: rows.flatMap((r) => r.updates.map((u) => ({ ...u, createdAt: new Date(u.createdAt) }))),
  };
  return {
    items: await toProperties(
      app,
      app.db,
      rows.map((r) => r.row),
      extras,
    ),
    total,
    page,
    pageSize,
  };
}

/** A page of an owner's listings, each with its pending (or last rejected) revision (issue 16). */
async function ownerPageOf(app: FastifyInstance, where: SQL[], q: OwnedPropertiesQuery): Promise<Page<PropertyWithRevision>> {
  const page = await pageOf(app, where, q);
  const rows = page.items.length
    ? await app.db
        .select()
        .from(properties)
        .where(
          inArray(
            properties.id,
            page.items.map((p) => p._id),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = page.items.map((p) => byId.get(p._id)).filter((r): r is PropertyRow => r !== undefined);
  const items = page.items.filter((p) => byId.has(p._id));
  return { ...page, items: await withRevisions(app, ordered, items) };
}

function filters(q: PropertiesQuery): SQL[] {
  const where: SQL[] = [];
  const name = q.searchName?.trim();
  if (name) where.push(ilike(properties.name, `%${escapeLike(name)}%`));
  if (q.status) where.push(eq(properties.status, q.status));
  if (q.state) where.push(eq(properties.state, q.state));
  if (q.type) where.push(eq(properties.type, q.type));
  return where;
}

/** Any status, for admins (the public list is catalogue.ts's). */
export async function listProperties(app: FastifyInstance, q: PropertiesQuery): Promise<Page<Property>> {
  return pageOf(app, filters(q), q);
}

export async function listOwnerProperties(
  app: FastifyInstance,
  ownerId: string,
  q: OwnedPropertiesQuery,
): Promise<Page<PropertyWithRevision>> {
  return ownerPageOf(app, [eq(properties.ownerId, ownerId), ...filters(q)], q);
}

export async function ownersProperties(
  app: FastifyInstance,
  me: Actor,
  ownerId: string,
  q: OwnedPropertiesQuery,
): Promise<Page<PropertyWithRevision>> {
  if (me.role !== 'ADMIN' && me.id !== ownerId) throw forbidden();
  return listOwnerProperties(app, ownerId, q);
}

export async function getProperty(app: FastifyInstance, viewer: Actor | null, id: string): Promise<PropertyDetail> {
  const p = await findProperty(app.db, id);
  // Whoever holds units of a listing (or awaits an order) always sees it, whatever its status (issue 16).
  const visible = p !== null && (canSee(p, viewer) || (viewer !== null && (await holdsOrAwaits(app.db, viewer.id, p.id))));
  if (!p || !visible) throw notFound('Property not found');
  const sale = p.status === 'SOLD' ? await soldFiguresOf(app.db, p.id) : null;
  return { ...(await toProperty(app, app.db, p)), sale };
}

/** A listing with its pending (or last rejected) revision: its owner's and admins' read. */
export async function withRevision(app: FastifyInstance, db: Executor, p: PropertyRow): Promise<PropertyWithRevision> {
  const progressReview = (await progressReviewsOf(db, [p.id])).get(p.id) ?? null;
  return { ...(await toProperty(app, db, p)), revision: await revisionOf(app, db, p), progressReview };
}

/** A listing its owner (or an admin) manages; 404 for anyone else. */
async function managed(db: Executor, user: Pick<Actor, 'id' | 'role'>, id: string, lock = false): Promise<PropertyRow> {
  const p = await findProperty(db, id, lock);
  if (!p || (user.role !== 'ADMIN' && p.ownerId !== user.id)) throw notFound('Property not found');
  return p;
}

/** The owner's own listing (owners only; admins use the /{id} routes). */
async function owned(db: Executor, user: Pick<Actor, 'id' | 'role'>, id: string, lock = false): Promise<PropertyRow> {
  const p = await findProperty(db, id, lock);
  if (!p || p.ownerId !== user.id) throw notFound('Property not found');
  return p;
}

export async function getOwnedProperty(app: FastifyInstance, actor: Actor, id: string): Promise<PropertyWithRevision> {
  return withRevision(app, app.db, await owned(app.db, actor, id));
}

export async function ownerView(app: FastifyInstance, actor: Actor, id: string): Promise<OwnerPropertyView> {
  const p = await managed(app.db, actor, id);
  const investors = await investorsOfProperty(app.db, p.id);
  const property = await toProperty(app, app.db, p);
  return {
    ...property,
    revision: await revisionOf(app, app.db, p),
    unitsSold: unitsSold(property),
    unitsReserved: unitsReserved(property),
    amountRaised: amountRaised(property),
    totalValue: centsToDollars(p.totalQuantity * p.unitPriceCents),
    investorsCount: investors.length,
  };
}

export async function activeInvestments(app: FastifyInstance, actor: Actor, id: string): Promise<ActiveInvestments> {
  const p = await managed(app.db, actor, id);
  return { propertyId: p.id, unitsSold: p.settledQuantity, investors: await investorsOfProperty(app.db, p.id) };
}

/**
 * Who holds units of several listings at once (the owner's active-listings page: one request
 * instead of one per listing). Every id must be a listing the caller manages, or 404 as for one.
 */
export async function activeInvestmentsOf(app: FastifyInstance, user: Actor, idList: string): Promise<ActiveInvestments[]> {
  const ids = [
    ...new Set(
      idList
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest('ids: name at least one listing');
  if (ids.length > MAX_PAGE_SIZE) throw badRequest(`ids: at most ${MAX_PAGE_SIZE} listings at once`);
  if (ids.some((id) => !UUID.test(id))) throw badRequest('ids: every id must be a listing id');
  const rows = await app.db.select().from(properties).where(inArray(properties.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id) || (user.role !== 'ADMIN' && byId.get(id)?.ownerId !== user.id))) throw notFound('Property not found');
  const investors = await investorsOfProperties(app.db, ids);
  return ids.map((id) => ({ propertyId: id, unitsSold: byId.get(id)?.settledQuantity ?? 0, investors: investors.get(id) ?? [] }));
}
const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

// ---- Writing ----

function cents(unitPrice: number): number {
  const parsed = parseAmount(unitPrice);
  if (!parsed.ok) throw badRequest(`unitPrice: ${parsed.message}`);
  return parsed.cents;
}

function checkRoi(roi: number): string {
  if (Math.round(roi * 100) !== roi * 100) throw badRequest('roiInFiveYears can have at most two decimals');
  return roi.toFixed(2);
}

function checkTotal(totalQuantity: number, unitPriceCents: number): void {
  if (!Number.isSafeInteger(totalQuantity * unitPriceCents)) throw badRequest('The total value of the property is too large');
}

export async function createProperty(app: FastifyInstance, me: Actor, type: PropertyType, body: OffPlanPropertyInput): Promise<Property> {
  const unitPriceCents = cents(body.unitPrice);
  checkTotal(body.totalQuantity, unitPriceCents);
  const roi = checkRoi(body.roiInFiveYears);
  const name = body.name.trim();
  const address = body.address.trim();
  if (!name || !address) throw badRequest(MESSAGES.fillAllFields);
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({
        ownerId: me.id,
        name,
        address,
        state: body.state,
        description: body.description?.trim() ?? '',
        type,
        totalQuantity: body.totalQuantity,
        availableQuantity: body.totalQuantity,
        unitPriceCents,
        roiInFiveYears: Number(roi),
        progress: type === 'OFF_PLAN' ? (body.progress ?? 0) : null,
      })
      .returning();
    return toProperty(app, tx, row);
  });
}

const TYPE_WORDS: Record<PropertyType, string> = { OFF_PLAN: 'off-plan', RENTAL_READY: 'rental-ready' };

/**
 * Changes a listing. Owners' changes go back to review; admins' do not. Once units are
 * sold the price is fixed and the total cannot drop below what is sold.
 */
export async function updateProperty(
  app: FastifyInstance,
  me: Actor,
  id: string,
  type: PropertyType,
  body: OffPlanPropertyUpdate,
  by: 'owner' | 'admin',
): Promise<PropertyWithRevision> {
  return app.db.transaction(async (tx) => {
    const p = by === 'owner' ? await owned(tx, me, id, true) : await managed(tx, me, id, true);
    if (p.type !== type) throw badRequest(`This property is not ${TYPE_WORDS[type]}`);
    // An owner's change to a live listing is a revision under review; the live version stays (issue 16).
    if (by === 'owner' && isLive(p)) {
      await proposeFields(tx, me, p, body, me.id, { cents, roi: checkRoi, checkTotal });
      return withRevision(app, tx, p);
    }
    const sold = p.totalQuantity - p.availableQuantity;
    const set: Partial<typeof properties.$inferInsert> = {};
    if (body.name !== undefined) set.name = body.name.trim();
    if (body.address !== undefined) set.address = body.address.trim();
    if (body.state !== undefined) set.state = body.state;
    if (body.description !== undefined) set.description = body.description.trim();
    if (body.roiInFiveYears !== undefined) set.roiInFiveYears = Number(checkRoi(body.roiInFiveYears));
    if (body.unitPrice !== undefined) {
      const c = cents(body.unitPrice);
      if (c !== p.unitPriceCents && sold > 0) throw conflict('The unit price cannot change once units are sold');
      set.unitPriceCents = c;
    }
    if (body.totalQuantity !== undefined) {
      if (body.totalQuantity < sold) throw conflict(`totalQuantity cannot be below the ${sold} units already sold`);
      set.totalQuantity = body.totalQuantity;
      set.availableQuantity = body.totalQuantity - sold;
    }
    if (set.name === '' || set.address === '') throw badRequest(MESSAGES.fillAllFields);
    checkTotal(set.totalQuantity ?? p.totalQuantity, set.unitPriceCents ?? p.unitPriceCents);
    const progressChanged = type === 'OFF_PLAN' && body.progress !== undefined && body.progress !== p.progress;
    if (by === 'owner' && p.status === 'REJECTED') {
      set.status = 'PENDING_REVIEW';
      set.rejectionReason = null;
    }
    let [row] = await tx
      .update(properties)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    // Progress goes through the one path an owner's update takes: lower than what investors
    // see on a live listing, an admin's edit is held for another admin's review too.
    let heldProgress: number | undefined;
    if (progressChanged) {
      const recorded = await recordProgress(tx, row, body.progress as number, '', me.id);
      row = recorded.row;
      if (recorded.update.status === 'PENDING_REVIEW') heldProgress = recorded.update.percent;
      else set.progress = recorded.row.progress;
    }
    if (by === 'admin') {
      const detail = changesOf(p, set);
      await audit(tx, me, {
        action: 'property.update',
        targetType: 'property',
        targetId: id,
        detail: heldProgress === undefined ? detail : { ...detail, heldProgress },
      });
    }
    return withRevision(app, tx, row);
  });
}

export async function deleteProperty(app: FastifyInstance, me: Actor, id: string, by: 'owner' | 'admin'): Promise<void> {
  const keys = await app.db.transaction(async (tx) => {
    const p = by === 'owner' ? await owned(tx, me, id, true) : await managed(tx, me, id, true);
    // The row is locked: no order can start while this is decided.
    const refusal = await deletionRefusal(tx, id);
    if (refusal) throw conflict(refusal);
    const stored = await tx
      .select({ storageKey: files.storageKey, variants: files.variants })
      .from(files)
      .where(
        or(
          eq(files.propertyId, id),
          inArray(
            files.revisionId,
            tx.select({ id: propertyRevisions.id }).from(propertyRevisions).where(eq(propertyRevisions.propertyId, id)),
          ),
        ),
      );
    await tx.delete(properties).where(eq(properties.id, id));
    if (by === 'admin') {
      await audit(tx, me, {
        action: 'property.delete',
        targetType: 'property',
        targetId: id,
        detail: { name: p.name, ownerId: p.ownerId, status: p.status },
      });
    }
    return stored.flatMap(objectKeys);
  });
  await removeObjects(app, keys);
}

export async function reviewProperty(app: FastifyInstance, actor: Actor, id: string, body: ReviewPropertyBody): Promise<Property> {
  const reason = body.reason?.trim() ?? '';
  if (body.decision === 'REJECT' && !reason) throw badRequest('Please give a reason for the rejection');
  return app.db.transaction(async (tx) => {
    const p = await findProperty(tx, id, true);
    if (!p) throw notFound('Property not found');
    if (p.status !== 'PENDING_REVIEW') throw conflict('Only a property pending review can be approved or rejected');
    const approve = body.decision === 'APPROVE';
    if (approve) {
      // The owner's status is read under a share lock: a rejection cannot slip in meanwhile.
      const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, p.ownerId)).for('share');
      const refusal = listingApprovalRefusal(owner?.status ?? 'PENDING');
      if (refusal) throw conflict(refusal);
    }
    const [row] = await tx
      .update(properties)
      .set({
        status: approve ? (p.availableQuantity === 0 ? 'FUNDED' : 'ACTIVE') : 'REJECTED',
        rejectionReason: approve ? null : reason,
        updatedAt: new Date(),
      })
      .where(eq(properties.id, id))
      .returning();
    if (approve) await notices.listingApproved(tx, row);
    else await notices.listingRejected(tx, row, reason);
    await audit(tx, actor, {
      action: approve ? 'property.approve' : 'property.reject',
      targetType: 'property',
      targetId: id,
      detail: approve ? { name: p.name } : { name: p.name, reason },
    });
    return toProperty(app, tx, row);
  });
}

/** An owner's construction update: applied, or held for review when it goes backwards (progress.ts). */
export async function addProgress(
  app: FastifyInstance,
  me: Actor,
  id: string,
  body: { percent: number; note?: string },
): Promise<ProgressPosted> {
  return app.db.transaction(async (tx) => {
    const p = await owned(tx, me, id, true);
    if (p.type !== 'OFF_PLAN') throw badRequest('Only an off-plan property has construction progress');
    const { row, update, message } = await recordProgress(tx, p, body.percent, body.note?.trim() ?? '', me.id);
    return { ...(await toProperty(app, tx, row)), progressUpdate: toProgressRecord(update), message };
  });
}

export async function uploadPropertyFiles(
  app: FastifyInstance,
  me: Actor,
  id: string,
  kind: 'PROPERTY_IMAGE' | 'PROPERTY_DOCUMENT',
  readFiles: ReadUploads,
): Promise<PropertyWithRevision> {
  // Check ownership before reading any upload.
  await owned(app.db, me, id);
  const uploads = await readFiles({ field: 'files', kind: kind === 'PROPERTY_IMAGE' ? 'images' : 'pdf', maxFiles: 5 });
  const cap = kind === 'PROPERTY_IMAGE' ? MAX_IMAGES_PER_PROPERTY : MAX_DOCUMENTS_PER_PROPERTY;
  return storeUploads(app, uploads, kind, (rows) =>
    app.db.transaction(async (tx) => {
      const p = await owned(tx, me, id, true);
      // New files of a live listing wait in its revision (issue 16).
      if (isLive(p)) {
        await stageFiles(
          tx,
          me,
          p,
          kind,
          rows.map((r) => ({ ...r, userId: me.id })),
          me.id,
          cap,
          MESSAGES.tooManyFiles(cap),
        );
        return withRevision(app, tx, p);
      }
      const [{ n, last }] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${files.position}), -1)`.mapWith(Number) })
        .from(files)
        .where(and(eq(files.propertyId, id), eq(files.kind, kind)));
      if (n + rows.length > cap) throw badRequest(MESSAGES.tooManyFiles(cap));
      await insertFiles(
        tx,
        rows.map((r, i) => ({ ...r, userId: me.id, propertyId: id, position: last + 1 + i })),
      );
      const [row] = await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, p.id)).returning();
      return withRevision(app, tx, row);
    }),
  );
}

/** Removes one image or document of the owner's listing. */
export async function deletePropertyFile(app: FastifyInstance, me: Actor, id: string, fileId: string): Promise<PropertyWithRevision> {
  const { property, keys } = await app.db.transaction(async (tx) => {
    const p = await owned(tx, me, id, true);
    // Removing a file of a live listing is part of its revision (issue 16).
    if (isLive(p)) {
      const staged = await unstageFile(tx, me, p, fileId, me.id);
      return { property: await withRevision(app, tx, p), keys: staged };
    }
    const removed = await tx
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.propertyId, id)))
      .returning();
    if (removed.length === 0) throw notFound('File not found');
    const [row] = await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id)).returning();
    return { property: await withRevision(app, tx, row), keys: objectKeys(removed[0]) };
  });
  await removeObjects(app, keys);
  return property;
}

/** The owner's order of a listing's images (the first is the cover) or documents. */
export async function setFileOrder(app: FastifyInstance, me: Actor, id: string, body: FileOrderBody): Promise<PropertyWithRevision> {
  return app.db.transaction(async (tx) => {
    const p = await owned(tx, me, id, true);
    if (isLive(p)) {
      await proposeOrder(tx, me, p, body.kind, body.ids, me.id);
      return withRevision(app, tx, p);
    }
    const current = (await liveFiles(tx, id, body.kind)).map((f) => f.id);
    if (!isPermutation(current, body.ids)) throw badRequest(REVISION_MESSAGES.badOrder);
    await writePositions(tx, body.ids);
    const [row] = await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id)).returning();
    return withRevision(app, tx, row);
  });
}

/** Admins: the revisions waiting for review. */
export const listPendingRevisions = (app: FastifyInstance) => pendingRevisions(app);

/** Admins: approve (applied at once) or reject (with a reason) a live listing's pending revision. */
export async function reviewRevision(app: FastifyInstance, me: Actor, id: string, body: ReviewRevisionBody): Promise<PropertyWithRevision> {
  const reason = body.reason?.trim() ?? '';
  if (body.decision === 'REJECT' && !reason) throw badRequest(REVISION_MESSAGES.reasonRequired);
  const { property, keys } = await app.db.transaction(async (tx) => {
    const p = await findProperty(tx, id, true);
    if (!p) throw notFound('Property not found');
    const gone = await decideRevision(tx, me, p, body.decision, reason, me.id);
    const row = (await findProperty(tx, id)) as PropertyRow;
    return { property: await withRevision(app, tx, row), keys: gone };
  });
  await removeObjects(app, keys);
  return property;
}

// ---- Figures ----

/** An owner's listing figures for the dashboard. */
export async function ownerListingFigures(
  db: Executor,
  ownerId: string,
): Promise<Pick<UserMetrics, 'listingsByStatus' | 'unitsSold' | 'unitsReserved' | 'amountRaised'>> {
  const rows = await db
    .select({
      status: properties.status,
      n: count(),
      sold: sql<string>`coalesce(sum(${soldUnits}), 0)`,
      reserved: sql<string>`coalesce(sum(${reservedUnits}), 0)`,
      raisedCents: sql<string>`coalesce(sum(${raisedCents}), 0)`,
    })
    .from(properties)
    .where(eq(properties.ownerId, ownerId))
    .groupBy(properties.status);
  return {
    listingsByStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    unitsSold: rows.reduce((a, r) => a + Number(r.sold), 0),
    unitsReserved: rows.reduce((a, r) => a + Number(r.reserved), 0),
    amountRaised: centsToDollars(rows.reduce((a, r) => a + Number(r.raisedCents), 0)),
  };
}

/**
 * Why a listing cannot be handed over to `ownerId` now, or null. The new owner must be able to
 * own a live listing (a verified, open property owner account); a report or distribution still
 * open stays the current owner's to settle, since its figures and funding are theirs.
 */
async function handoverRefusal(db: Executor, p: PropertyRow, ownerId: string, lock: boolean): Promise<HttpError | null> {
  const q = db.select({ role: users.role, status: users.status, deletedAt: users.deletedAt }).from(users).where(eq(users.id, ownerId));
  const [to] = lock ? await q.for('share') : await q;
  if (!to) return badRequest(HANDOVER_MESSAGES.ownerNotFound);
  if (to.role !== 'PROPERTY_OWNER') return badRequest(HANDOVER_MESSAGES.notAnOwner);
  if (to.deletedAt) return conflict(HANDOVER_MESSAGES.ownerDeleted);
  if (to.status !== 'VERIFIED') return conflict(HANDOVER_MESSAGES.ownerNotVerified);
  if (p.ownerId === ownerId) return conflict(HANDOVER_MESSAGES.sameOwner);
  const r = (await db.execute(
    sql`SELECT (SELECT count(*) FROM income_reports WHERE property_id = ${p.id} AND status = 'SUBMITTED') AS reports,
               (SELECT count(*) FROM distributions WHERE property_id = ${p.id} AND status IN ('DECLARED', 'RECORDED')) AS unpaid`,
  )) as unknown as { rows: { reports: string; unpaid: string }[] };
  if (Number(r.rows[0]?.reports ?? 0) > 0) return conflict(HANDOVER_MESSAGES.openReports);
  if (Number(r.rows[0]?.unpaid ?? 0) > 0) return conflict(HANDOVER_MESSAGES.unpaidDistributions);
  return null;
}

/** The listing and its new owner's name, or the refusal: what four eyes asks about. */
export async function checkHandover(
  app: FastifyInstance,
  id: string,
  body: HandOverPropertyBody,
): Promise<{ name: string; from: string; to: string }> {
  const p = await findProperty(app.db, id);
  if (!p) throw notFound(HANDOVER_MESSAGES.propertyNotFound);
  const refusal = await handoverRefusal(app.db, p, body.ownerId, false);
  if (refusal) throw refusal;
  const named = await app.db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, [p.ownerId, body.ownerId]));
  const label = (uid: string) => {
    const u = named.find((n) => n.id === uid);
    return u ? `${`${u.first} ${u.last}`.trim()} (${u.email})` : uid;
  };
  return { name: p.name, from: label(p.ownerId), to: label(body.ownerId) };
}

/**
 * Moves a listing to another verified owner (admins, audited). Only the listing's owner_id
 * changes: revisions, progress updates, pending orders and the unsold units' future share
 * hang on the listing and follow it; reports, distributions and ledger entries keep the
 * owner they were made for (their figures never change), and wallets stay with their people.
 */
export async function handOverProperty(app: FastifyInstance, actor: Actor, id: string, body: HandOverPropertyBody): Promise<Property> {
  return app.db.transaction(async (tx) => {
    const p = await findProperty(tx, id, true);
    if (!p) throw notFound(HANDOVER_MESSAGES.propertyNotFound);
    const refusal = await handoverRefusal(tx, p, body.ownerId, true);
    if (refusal) throw refusal;
    const [row] = await tx
      .update(properties)
      .set({ ownerId: body.ownerId, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    await audit(tx, actor, {
      action: 'property.handover',
      targetType: 'property',
      targetId: id,
      detail: { name: p.name, fromOwnerId: p.ownerId, toOwnerId: body.ownerId },
    });
    await notices.listingHandedOver(tx, { userId: p.ownerId, id, name: p.name, received: false });
    await notices.listingHandedOver(tx, { userId: body.ownerId, id, name: p.name, received: true });
    return toProperty(app, tx, row);
  });
}

/**
 * An admin resumes a suspended listing (issue 16). Suspension is lifted only by an admin, and
 * only once the owner is VERIFIED again: a re-verification alone does not put listings back
 * on sale (the admin checks the listing is still right first).
 */
export async function resumeProperty(app: FastifyInstance, actor: Actor, id: string): Promise<Property> {
  return app.db.transaction(async (tx) => {
    const p = await findProperty(tx, id, true);
    if (!p) throw notFound('Property not found');
    if (!p.suspendedAt) throw conflict('This property is not suspended');
    const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, p.ownerId)).for('share');
    const refusal = listingApprovalRefusal(owner?.status ?? 'PENDING');
    if (refusal) throw conflict(refusal.replace('can be approved', 'can be resumed'));
    const [row] = await tx
      .update(properties)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    await audit(tx, actor, { action: 'property.resume', targetType: 'property', targetId: id, detail: { name: p.name } });
    await notices.listingResumed(tx, { userId: p.ownerId, id, name: p.name, owner: true });
    const holders = (await holdersOf(tx, id)).filter((holder) => holder !== p.ownerId);
    await holderNotices.listingResumed(
      tx,
      holders.map((userId) => ({ userId, id, name: p.name, owner: false })),
    );
    return toProperty(app, tx, row);
  });
}

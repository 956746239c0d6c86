// People: profile, onboarding (KYC), questionnaire, password; and what admins do to them.
import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  validatePassword,
  type FileKind as UploadKind,
  type QuestionnaireAnswers,
  type Role,
  type UpdateMeBody,
  type User,
  type UserDetail,
  type UserMetrics,
  type UsersQuery,
  type UserSort,
  type VerifyUserBody,
  type Page,
  type CompleteOnboardingBody,
} from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { files, questionnaires, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { ReadUploads } from '../../plugins/uploads';
import { audit, changesOf } from '../../lib/audit';
import { finishPage, planPage, sortedKey, totalOf, type KeyPart } from '../../lib/list-page';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../lib/actor';
import { insertFiles, objectKeys, removeObjects, storeUploads, toFileRef } from '../files';
import { ownerListingFigures } from '../properties';
import { moneyMetricsForUser } from './metrics';
import { accountClosingRefusals } from '../wallets';
import { applyVerification, documentCounts } from './verification';
import { openCase } from './cases';
import { closeTicketsOfClosedAccount } from '../support';

export type UserWithAvatar = UserRow & { avatarKey: string | null };

const withAvatar = { avatarKey: files.storageKey };

export function toUser(app: FastifyInstance, u: UserWithAvatar): User {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    adminRole: u.adminRole,
    status: u.status,
    emailVerified: u.emailVerified,
    isSubscribed: u.isSubscribed,
    onboardingCompleted: u.onboardingCompleted,
    avatar: u.avatarKey ? { url: app.links.url(u.avatarKey, false) } : null,
    country: u.country,
    phone: u.phone,
    userType: u.userType,
    businessName: u.businessName,
    rejectionReason: u.rejectionReason,
    claimableTokens: u.claimableTokens,
    createdAt: u.createdAt.toISOString(),
  };
}

function selectUsers(db: Executor) {
  return db
    .select({ ...getTableColumns(users), ...withAvatar })
    .from(users)
    .leftJoin(files, eq(files.id, users.avatarFileId));
}

export async function findUser(db: Executor, id: string): Promise<UserWithAvatar | null> {
  const rows = await selectUsers(db)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

async function requireUser(db: Executor, id: string): Promise<UserWithAvatar> {
  const u = await findUser(db, id);
  if (!u) throw notFound('User not found');
  return u;
}

export async function getMe(app: FastifyInstance, actor: Actor): Promise<User> {
  const me = toUser(app, await requireUser(app.db, actor.id));
  // The console explains ADMIN_2FA_REQUIRED up front instead of failing table by table.
  return me.role === 'ADMIN' ? { ...me, twoFactorRequired: await app.adminMustEnrol(me._id) } : me;
}

function cleanProfile(body: UpdateMeBody): Partial<typeof users.$inferInsert> {
  const set: Partial<typeof users.$inferInsert> = {};
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);
  if (body.firstName !== undefined) {
    if (!body.firstName.trim()) throw badRequest('firstName cannot be empty');
    set.firstName = body.firstName.trim();
  }
  if (body.lastName !== undefined) {
    if (!body.lastName.trim()) throw badRequest('lastName cannot be empty');
    set.lastName = body.lastName.trim();
  }
  if (body.country !== undefined) set.country = text(body.country);
  if (body.phone !== undefined) set.phone = text(body.phone);
  if (body.userType !== undefined) set.userType = body.userType;
  if (body.businessName !== undefined) set.businessName = text(body.businessName);
  return set;
}

/** `auditAs`: an admin editing their own profile, which the audit trail records like any admin change. */
export async function updateProfile(app: FastifyInstance, userId: string, body: UpdateMeBody, auditAs?: Actor): Promise<User> {
  const set = cleanProfile(body);
  await app.db.transaction(async (tx) => {
    const before = auditAs ? await requireUser(tx, userId) : null;
    if (Object.keys(set).length > 0) {
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    }
    if (auditAs && before) {
      await audit(tx, auditAs, { action: 'admin.profile_update', targetType: 'user', targetId: userId, detail: changesOf(before, set) });
    }
  });
  return toUser(app, await requireUser(app.db, userId));
}

export async function updatePassword(
  app: FastifyInstance,
  me: Actor,
  body: { currentPassword: string; newPassword: string },
): Promise<{ message: string; accessToken: string }> {
  const user = await requireUser(app.db, me.id);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw badRequest('Current password is incorrect');
  const problems = validatePassword(body.newPassword);
  if (problems.length > 0) throw badRequest(problems);
  if (body.currentPassword === body.newPassword) throw badRequest('The new password must differ from the current one');
  const passwordHash = await hashPassword(body.newPassword);
  return app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.id));
    await app.tokens.revokeAll(tx, me.id);
    const { accessToken } = await app.tokens.issue(tx, { id: me.id, role: user.role });
    return { message: 'Password updated', accessToken };
  });
}

// ---- Uploads ----

/** Identity and business documents kept per person (each upload adds one). */
export const MAX_DOCUMENTS_PER_KIND = 10;

const UPLOAD_TARGET: Record<'AVATAR' | 'KYC' | 'BUSINESS_KYC', UploadKind> = {
  AVATAR: 'images',
  KYC: 'images',
  BUSINESS_KYC: 'pdf+images',
};

/** Profile image, identity document or business document (single `file` field). */
export async function uploadUserFile(
  app: FastifyInstance,
  me: Actor,
  kind: 'AVATAR' | 'KYC' | 'BUSINESS_KYC',
  readFiles: ReadUploads,
): Promise<User> {
  if (kind !== 'AVATAR' && me.role === 'ADMIN') throw badRequest('Admins have no identity documents');
  const uploads = await readFiles({ field: 'file', kind: UPLOAD_TARGET[kind], maxFiles: 1 });
  let previousAvatar: string[] = [];
  await storeUploads(app, uploads, kind, async (rows) =>
    app.db.transaction(async (tx) => {
      if (kind !== 'AVATAR') {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(files)
          .where(and(eq(files.userId, me.id), eq(files.kind, kind)));
        if (n >= MAX_DOCUMENTS_PER_KIND) throw badRequest(MESSAGES.tooManyFiles(MAX_DOCUMENTS_PER_KIND));
      }
      const [file] = await insertFiles(
        tx,
        rows.map((r) => ({ ...r, userId: me.id, propertyId: null })),
      );
      if (kind === 'AVATAR') {
        const old = await tx
          .select({ id: files.id, storageKey: files.storageKey, variants: files.variants })
          .from(users)
          .innerJoin(files, eq(files.id, users.avatarFileId))
          .where(eq(users.id, me.id));
        await tx.update(users).set({ avatarFileId: file.id, updatedAt: new Date() }).where(eq(users.id, me.id));
        if (old[0]) {
          await tx.delete(files).where(eq(files.id, old[0].id));
          previousAvatar = objectKeys(old[0]);
        }
      } else {
        await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, me.id));
      }
    }),
  );
  await removeObjects(app, previousAvatar);
  return toUser(app, await requireUser(app.db, me.id));
}

// ---- Onboarding and questionnaire ----

export async function completeOnboarding(app: FastifyInstance, me: Actor, _body: CompleteOnboardingBody | undefined): Promise<User> {
  if (me.role === 'ADMIN') throw badRequest('Admins do not onboard');
  const user = await requireUser(app.db, me.id);
  const docs = await documentCounts(app.db, me.id);
  // Spec 5's onboarding rules, in its order.
  if (!user.userType) throw badRequest(MESSAGES.selectUserType);
  if (!user.country) throw badRequest(MESSAGES.selectNationality);
  if (!user.phone) throw badRequest(MESSAGES.invalidPhone);
  if (user.role === 'INVESTOR' && !user.isSubscribed) throw badRequest(MESSAGES.completeSubscription);
  if (user.userType === 'BUSINESS_ENTITY' && !user.businessName) throw badRequest(MESSAGES.businessName);
  if (user.userType === 'BUSINESS_ENTITY' && docs.BUSINESS_KYC === 0) throw badRequest(MESSAGES.businessDocuments);
  if (docs.KYC === 0) throw badRequest(MESSAGES.identityCard);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        onboardingCompleted: true,
        // Documents (re)submitted: a verified person stays verified, anyone else waits for review.
        status: user.status === 'VERIFIED' ? 'VERIFIED' : 'PENDING',
        rejectionReason: user.status === 'VERIFIED' ? user.rejectionReason : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, me.id));
    // A submission to review opens a case (or refreshes the one still open).
    if (user.status !== 'VERIFIED') await openCase(tx, user, docs.KYC + docs.BUSINESS_KYC);
  });
  return toUser(app, await requireUser(app.db, me.id));
}

type SubmittedQuestionnaire = QuestionnaireAnswers & { submittedAt: string };

async function readQuestionnaire(db: Executor, userId: string): Promise<SubmittedQuestionnaire | null> {
  const rows = await db.select().from(questionnaires).where(eq(questionnaires.userId, userId)).limit(1);
  const q = rows[0];
  if (!q) return null;
  return {
    investorType: q.investorType,
    highNetWorthInvestor: q.highNetWorthInvestor,
    annualIncome100OrMore: q.annualIncome100OrMore,
    annualIncomeValue: q.annualIncomeValue,
    netAssets: q.netAssets,
    submittedAt: q.submittedAt.toISOString(),
  };
}

export async function getQuestionnaire(app: FastifyInstance, actor: Actor): Promise<SubmittedQuestionnaire> {
  const q = await readQuestionnaire(app.db, actor.id);
  if (!q) throw notFound('No questionnaire answers yet');
  return q;
}

export async function saveQuestionnaire(app: FastifyInstance, me: Actor, a: QuestionnaireAnswers): Promise<SubmittedQuestionnaire> {
  if (a.annualIncomeValue !== null && a.annualIncomeValue % 10_000 !== 0) {
    throw badRequest('annualIncomeValue must be to the nearest £10,000');
  }
  const values = {
    investorType: a.investorType,
    highNetWorthInvestor: a.highNetWorthInvestor,
    annualIncome100OrMore: a.annualIncome100OrMore,
    annualIncomeValue: a.annualIncomeValue,
    netAssets: a.netAssets,
    submittedAt: new Date(),
  };
  await app.db
    .insert(questionnaires)
    .values({ userId: me.id, ...values })
    .onConflictDoUpdate({ target: questionnaires.userId, set: values });
  return (await readQuestionnaire(app.db, me.id)) as SubmittedQuestionnaire;
}

// ---- Metrics ----

export async function getMyMetrics(app: FastifyInstance, me: Actor): Promise<UserMetrics> {
  const user = await requireUser(app.db, me.id);
  const money = await moneyMetricsForUser(app.db, me.id);
  const listings =
    me.role === 'PROPERTY_OWNER'
      ? await ownerListingFigures(app.db, me.id)
      : { listingsByStatus: {}, unitsSold: 0, unitsReserved: 0, amountRaised: 0 };
  return { ...money, ...listings, claimableTokens: user.claimableTokens };
}

// ---- Admin ----

/** What a person search matches: the trigram index users_search_trgm_idx has this expression. */
const searchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

/** The sortable columns (UsersQuery.sort); createdAt is the one the keyset indexes have. */
const USER_SORT_KEYS: Record<UserSort, KeyPart> = {
  createdAt: { expr: sql`${users.createdAt}`, cast: 'timestamptz' },
  name: { expr: sql`lower(${users.lastName} || ' ' || ${users.firstName})`, cast: 'text' },
  email: { expr: sql`lower(${users.email})`, cast: 'text' },
  status: { expr: sql`${users.status}`, cast: 'text' },
  country: { expr: sql`coalesce(${users.country}, '')`, cast: 'text' },
};

export async function listUsers(app: FastifyInstance, q: UsersQuery, roles?: Role[]): Promise<Page<User>> {
  const where: SQL[] = [isNull(users.deletedAt)];
  if (q.role) where.push(eq(users.role, q.role));
  else if (roles) where.push(inArray(users.role, roles));
  if (q.status) where.push(eq(users.status, q.status));
  const text = q.q?.trim();
  if (text) where.push(sql`${searchText} ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const cond = and(...where);
  const plan = planPage(q, users, cond, sortedKey(USER_SORT_KEYS[q.sort ?? 'createdAt'], sql`${users.id}`), 20, q.order);
  const fetched = await app.db
    .select({ ...getTableColumns(users), ...withAvatar, _k: sql<string>`${plan.keyText}` })
    .from(users)
    .leftJoin(files, eq(files.id, users.avatarFileId))
    .where(and(cond, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const { rows, nextCursor, prevCursor } = finishPage(fetched, plan);
  return {
    items: rows.map((r) => toUser(app, r)),
    ...(await totalOf(app.db, users, cond, plan)),
    page: plan.page,
    pageSize: plan.pageSize,
    nextCursor,
    prevCursor,
  };
}

export async function getUserDetail(app: FastifyInstance, id: string, role?: Role): Promise<UserDetail> {
  const u = await requireUser(app.db, id);
  if (role && u.role !== role) throw notFound('User not found');
  const docs = await app.db
    .select()
    .from(files)
    .where(and(eq(files.userId, id), inArray(files.kind, ['KYC', 'BUSINESS_KYC'])))
    .orderBy(desc(files.createdAt));
  return {
    ...toUser(app, u),
    kycDocuments: docs.filter((d) => d.kind === 'KYC').map((d) => toFileRef(app.links, d, true)),
    businessDocuments: docs.filter((d) => d.kind === 'BUSINESS_KYC').map((d) => toFileRef(app.links, d, true)),
    questionnaire: await readQuestionnaire(app.db, id),
  };
}

/** Admin edits of a person's profile (never role, status, subscription or money). */
export async function adminUpdateUser(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  body: UpdateMeBody,
  role?: Role,
): Promise<UserDetail> {
  const set = cleanProfile(body);
  await app.db.transaction(async (tx) => {
    const u = await findUser(tx, id);
    if (!u || (role && u.role !== role)) throw notFound('User not found');
    if (Object.keys(set).length > 0) {
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, id));
    }
    await audit(tx, actor, { action: 'user.update', targetType: 'user', targetId: id, detail: changesOf(u, set) });
  });
  return getUserDetail(app, id);
}

/** Soft delete: the row stays for the records, the address is freed, every session ends. */
export async function deleteUser(app: FastifyInstance, me: Actor, id: string, role: 'ADMIN' | 'NOT_ADMIN'): Promise<void> {
  if (id === me.id) throw conflict('You cannot delete your own account');
  await app.db.transaction(async (tx) => {
    const u = await findUser(tx, id);
    if (!u || (role === 'ADMIN') !== (u.role === 'ADMIN')) throw notFound('User not found');
    // Every reason at once (the same SQL function the database's own refusal uses).
    const reasons = await accountClosingRefusals(tx, id);
    if (reasons.length > 0) throw conflict(reasons);
    await tx.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await app.tokens.revokeAll(tx, id);
    // Their tickets would otherwise wait for an answer nobody can read.
    const ticketsClosed = await closeTicketsOfClosedAccount(tx, id, me.id);
    await audit(tx, me, {
      action: role === 'ADMIN' ? 'admin.delete' : 'user.delete',
      targetType: 'user',
      targetId: id,
      detail: { email: u.email, role: u.role, ticketsClosed },
    });
  });
}

export async function verifyUser(app: FastifyInstance, actor: Actor, id: string, body: VerifyUserBody): Promise<User> {
  const reason = body.reason?.trim() ?? '';
  if (body.status === 'REJECTED' && !reason) throw badRequest('Please give a reason for the rejection');
  await app.db.transaction(async (tx) => {
    const u = await findUser(tx, id);
    if (!u || u.role === 'ADMIN') throw notFound('User not found');
    await applyVerification(app, tx, actor, u, { status: body.status, reason });
  });
  return toUser(app, await requireUser(app.db, id));
}

// Changing the sign-in e-mail address. The request needs a recent authentication (the route's
// requireRecentAuth) and mails a single-use link to the new address, with a notice to the
// old one; opening the link (signed in as the same person) makes the change. The link's
// token is kept as its sha256, like a sign-in challenge's. Sessions stay: the person is the
// same, only the address they sign in with changes.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BRAND,
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_MESSAGES as M,
  EMAIL_CHANGE_TTL_MINUTES,
  paths,
  validateEmail,
  type EmailChangePending,
  type EmailChanged,
} from 'shared-api/contract';
import { emailChanges, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { brandedMail } from '../../mail/layout';
import { findUser, findUserByEmail, toUser } from '../users';
import { sendSecurityMail } from './throttle';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The query parameter of the confirmation link on the profile page. */
export const EMAIL_CHANGE_PARAM = 'email-change';

export async function requestEmailChange(app: FastifyInstance, me: Actor, body: { newEmail: string }): Promise<{ message: string }> {
  const newEmail = body.newEmail.trim().toLowerCase();
  const problem = validateEmail(newEmail);
  if (problem) throw badRequest(problem);
  const user = await findUser(app.db, me.id);
  if (!user) throw unauthorized();
  if (newEmail === user.email) throw badRequest(M.sameAddress);
  if (await findUserByEmail(app.db, newEmail)) throw conflict(M.taken);

  const token = randomBytes(32).toString('base64url');
  await app.db.transaction(async (tx) => {
    // The account's row lock: parallel requests cannot all pass the hourly count.
    await tx.execute(sql`select id from users where id = ${me.id} for update`);
    const [recent] = (
      (await tx.execute(
        sql`select count(*)::int as n from email_changes where user_id = ${me.id} and created_at > now() - interval '1 hour'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (Number(recent?.n ?? 0) >= EMAIL_CHANGE_MAX_PER_HOUR) throw new HttpError(429, M.tooMany);
    // Only the latest link works.
    await tx
      .update(emailChanges)
      .set({ cancelledAt: new Date() })
      .where(and(eq(emailChanges.userId, me.id), isNull(emailChanges.usedAt), isNull(emailChanges.cancelledAt)));
    await tx.insert(emailChanges).values({
      userId: me.id,
      newEmail,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
    });
    await audit(tx, me, { action: 'auth.email_change_requested', targetType: 'user', targetId: me.id, detail: { newEmail } });
  });

  const link = `${app.config.publicUrl}${paths.profile}?${EMAIL_CHANGE_PARAM}=${token}`;
  await sendSecurityMail(
    app,
    () =>
      brandedMail({
        to: newEmail,
        subject: `Confirm your new ${BRAND} e-mail address`,
        title: 'Confirm your new e-mail address',
        body: `Hello ${user.firstName},\n\nYou asked to sign in to ${BRAND} with this address from now on. Open the link below, signed in to your account, within ${EMAIL_CHANGE_TTL_MINUTES} minutes to make the change.\n\nIf you did not ask for this, ignore this e-mail: nothing changes.`,
        action: { label: 'Confirm the new address', url: link },
        preferencesUrl: null,
      }),
    'e-mail change link',
  );
  await sendSecurityMail(
    app,
    () =>
      brandedMail({
        to: user.email,
        subject: `Your ${BRAND} e-mail address is about to change`,
        title: 'A change of e-mail address was asked for',
        body: `Hello ${user.firstName},\n\nSomeone signed in to your ${BRAND} account asked to change its e-mail address to ${newEmail}. The change happens when the link sent to that address is opened.\n\nIf this was not you, choose a new password at once and contact support.`,
        action: { label: 'Review your profile', url: `${app.config.publicUrl}${paths.profile}` },
        preferencesUrl: null,
      }),
    'e-mail change notice',
  );
  return { message: M.sent };
}

/** The request waiting for its link to be opened, if any. */
export async function pendingEmailChange(app: FastifyInstance, userId: string): Promise<EmailChangePending> {
  const [row] = await app.db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .orderBy(sql`${emailChanges.createdAt} desc`)
    .limit(1);
  return { pending: row ? { newEmail: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null };
}

/** Opens the link: the address changes once, for the person who asked, before it expires. */
export async function confirmEmailChange(app: FastifyInstance, me: Actor, body: { token: string }): Promise<EmailChanged> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(body.token)) throw badRequest(M.invalidLink);
  const before = await findUser(app.db, me.id);
  if (!before) throw unauthorized();
  let newEmail: string;
  try {
    newEmail = await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailChanges.tokenHash, tokenHash(body.token)),
            eq(emailChanges.userId, me.id),
            isNull(emailChanges.usedAt),
            isNull(emailChanges.cancelledAt),
            gt(emailChanges.expiresAt, new Date()),
          ),
        )
        .returning({ newEmail: emailChanges.newEmail });
      if (!claimed) throw badRequest(M.invalidLink);
      // Opening the link proves the new address.
      await tx.update(users).set({ email: claimed.newEmail, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, me.id));
      await audit(tx, me, {
        action: 'auth.email_changed',
        targetType: 'user',
        targetId: me.id,
        detail: { from: before.email, to: claimed.newEmail },
      });
      return claimed.newEmail;
    });
  } catch (err) {
    // Someone took the address since the request (the whole change is rolled back).
    if (isUniqueViolation(err)) throw conflict(M.taken);
    throw err;
  }
  await sendSecurityMail(
    app,
    () =>
      brandedMail({
        to: before.email,
        subject: `Your ${BRAND} e-mail address was changed`,
        title: 'Your e-mail address was changed',
        body: `Hello ${before.firstName},\n\nYour ${BRAND} account now signs in with ${newEmail}; e-mails go there from now on.\n\nIf this was not you, contact support at once.`,
        action: null,
        preferencesUrl: null,
      }),
    'e-mail changed notice',
  );
  const after = await findUser(app.db, me.id);
  if (!after) throw unauthorized();
  return { message: M.changed, user: toUser(app, after) };
}

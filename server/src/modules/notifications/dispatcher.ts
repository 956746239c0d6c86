// The outbox's mail side (issue 19): e-mails the notices still PENDING whose time has come.
//
// Claim, send and mark happen in ONE transaction per notice, on PostgreSQL: the notice is
// taken with FOR UPDATE SKIP LOCKED (another instance skips it while this one holds it),
// the mail is sent (with a timeout) while the row lock is held, and the row is marked SENT
// in the same transaction. So two instances never send one notice, and a notice committed
// by a change but not yet mailed (crash, restart, no dispatcher running) stays PENDING and
// is mailed by the next dispatcher that runs. The one window left is a crash between the
// SMTP server's acceptance and the COMMIT (milliseconds): the notice is then sent again
// after the restart — at-least-once, with the same Message-ID (derived from the notice) so
// mail clients can recognise the duplicate — rather than lost (at-most-once). See server/README.md.
//
// On PGlite (one process, one connection) holding a transaction during an SMTP call would
// stall every request, so there the notice is read, sent and marked SENT without a held
// transaction; one process means no other dispatcher can take it meanwhile (runs never overlap).
//
// Lanes: each pick takes the due notice of the lowest lane first (outbox.ts PRIORITY_KINDS:
// security and money), so such a notice goes out with the next pick however many bulk
// notices (market fills) are queued; notifications_email_due_idx serves that order.
// Digests: when a market fill is picked, the person's other due fills go in the same e-mail
// and are marked with it (MAIL_DIGEST, on by default), so a busy market sends each person
// one mail per pick, not one per fill.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { noticeMail } from '../../mail/templates';
import { emailOptouts, isMandatory } from './service';

/** Attempts before a notice's e-mail is given up (FAILED). */
export const MAX_ATTEMPTS = 5;
/** Wait before attempt n+1 (n = failed attempts so far). */
export const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600];
const SEND_TIMEOUT_MS = 20_000;
const BATCH = 50;
/** Kinds a person's queued notices of are mailed together. */
export const DIGEST_KINDS: readonly NotificationKind[] = ['MARKET_ORDER_FILLED'];
/** Notices in one digest at most (the rest go in the next). */
export const DIGEST_MAX = 100;

interface Due {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  email_attempts: number;
  email: string | null;
  first_name: string | null;
  deleted_at: string | null;
}

export interface DispatchRun {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
}

async function nextDue(db: Executor, lock: boolean): Promise<Due | null> {
  const res = await db.execute(sql`
      select n.id, n.user_id, n.kind, n.title, n.body, n.link, n.email_attempts,
             u.email, u.first_name, u.deleted_at
        from notifications n left join users u on u.id = n.user_id
       where n.email_status = 'PENDING' and n.email_next_at <= now()
       order by n.email_lane, n.email_next_at, n.created_at
       limit 1
       ${lock ? sql`for update of n skip locked` : sql``}`);
  return (res as unknown as { rows: Due[] }).rows[0] ?? null;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`mail not accepted within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Outcome = 'sent' | 'skipped' | 'failed' | 'retried';

/** Decides, sends and marks one claimed notice through `db` (its transaction on PostgreSQL). */
async function deliver(app: FastifyInstance, db: Executor, n: Due): Promise<Outcome> {
  const guard = sql`id = ${n.id} and email_status = 'PENDING'`;
  let skip: string | null = null;
  if (!n.email || n.deleted_at) skip = 'no address (account closed)';
  else if (!isMandatory(n.kind) && (await emailOptouts(db, n.user_id)).has(n.kind)) skip = 'opted out of this kind';
  if (skip) {
    await db.execute(sql`update notifications set email_status = 'SKIPPED', email_error = ${skip} where ${guard}`);
    return 'skipped';
  }
  const more = app.config.mailDigest !== false && DIGEST_KINDS.includes(n.kind) ? await digestMates(app, db, n) : [];
  try {
    const mail =
      more.length > 0
        ? await digestMail(n.email as string, n.first_name ?? '', n, more, app.config.publicUrl)
        : await noticeMail(n.email as string, n.first_name ?? '', n, app.config.publicUrl);
    await withTimeout(app.mailer.send(mail), SEND_TIMEOUT_MS);
  } catch (err) {
    const attempts = n.email_attempts + 1;
    const message = (err as Error).message?.slice(0, 500) || 'mail failed';
    if (attempts >= MAX_ATTEMPTS) {
      await db.execute(
        sql`update notifications set email_status = 'FAILED', email_attempts = ${attempts}, email_error = ${message} where ${guard}`,
      );
      app.log.error({ notice: n.id, err: message }, 'notice e-mail failed for good');
      return 'failed';
    }
    const wait = BACKOFF_SECONDS[Math.min(attempts - 1, BACKOFF_SECONDS.length - 1)];
    await db.execute(
      sql`update notifications set email_attempts = ${attempts}, email_error = ${message},
                 email_next_at = now() + make_interval(secs => ${wait}) where ${guard}`,
    );
    app.log.warn({ notice: n.id, attempts, err: message }, 'notice e-mail failed; retried later');
    return 'retried';
  }
  await db.execute(
    sql`update notifications set email_status = 'SENT', email_sent_at = now(), email_attempts = email_attempts + 1, email_error = null where ${guard}`,
  );
  if (more.length > 0)
    await db.execute(sql`
      update notifications set email_status = 'SENT', email_sent_at = now(), email_attempts = email_attempts + 1, email_error = null
       where email_status = 'PENDING' and id in (${sql.join(
         more.map((m) => sql`${m.id}`),
         sql`, `,
       )})`);
  return 'sent';
}

interface Mate {
  id: string;
  title: string;
  body: string;
}

/** The person's other due notices of the same kind (locked with it on PostgreSQL). */
async function digestMates(app: FastifyInstance, db: Executor, n: Due): Promise<Mate[]> {
  const res = await db.execute(sql`
    select id, title, body from notifications
     where user_id = ${n.user_id} and kind = ${n.kind} and email_status = 'PENDING' and email_next_at <= now() and id <> ${n.id}
     order by created_at
     limit ${DIGEST_MAX - 1}
     ${app.database.kind === 'postgres' ? sql`for update skip locked` : sql``}`);
  return (res as unknown as { rows: Mate[] }).rows;
}

function digestMail(to: string, firstName: string, n: Due, more: Mate[], publicUrl: string) {
  const all = [{ title: n.title, body: n.body }, ...more];
  return noticeMail(
    to,
    firstName,
    {
      id: `digest-${n.id}`,
      title: `${all.length} of your market orders were filled`,
      body: all.map((m) => `• ${m.title}\n  ${m.body}`).join('\n\n'),
      link: n.link,
    },
    publicUrl,
  );
}

/** E-mails the due PENDING notices (at most `max`); safe to run on several instances at once. */
export async function dispatchDueMail(app: FastifyInstance, max = BATCH): Promise<DispatchRun> {
  const run: DispatchRun = { sent: 0, skipped: 0, failed: 0, retried: 0 };
  const count = (o: Outcome) => {
    run[o] += 1;
  };
  for (let i = 0; i < max; i += 1) {
    if (app.database.kind === 'postgres') {
      const outcome = await app.db.transaction(async (tx) => {
        const n = await nextDue(tx, true);
        return n ? deliver(app, tx, n) : null;
      });
      if (!outcome) break;
      count(outcome);
    } else {
      const n = await nextDue(app.db, false);
      if (!n) break;
      count(await deliver(app, app.db, n));
    }
  }
  return run;
}

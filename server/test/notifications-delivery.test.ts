// The outbox's delivery (issue 19): the mail dispatcher (once, opted out, mandatory, retries,
// restart, several instances) and server-sent events (tickets, topics, across instances).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from 'shared-api/contract';
import { buildApp } from '../src/app';
import type { MailMessage } from '../src/mail/mailer';
import { dispatchDueMail, MAX_ATTEMPTS } from '../src/modules/notifications/dispatcher';
import { notify, notifyAll } from '../src/modules/notifications/outbox';
import { buildTestApp, call, itOnPostgres, makeUser, onPostgres, queryRows, testConfig, type TestApp, type TestUser } from './helper';

jest.setTimeout(120_000);

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await makeUser(t.app, 'INVESTOR', { firstName: 'Alice' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const write = (
  app: FastifyInstance,
  userId: string,
  kind: NotificationKind = 'ORDER_APPROVED',
  title = `Notice ${randomUUID().slice(0, 8)}`,
) => app.db.transaction((tx) => notify(tx, { userId, kind, title, body: 'Your order is approved.', link: '/dashboard/investments' }));

const status = async (app: FastifyInstance, id: string) =>
  (
    await queryRows<{ email_status: string; email_attempts: number }>(
      app,
      sql`SELECT email_status, email_attempts FROM notifications WHERE id = ${id}`,
    )
  )[0];

const mailsFor = (app: FastifyInstance, id: string) => app.mailer.outbox.filter((m) => m.messageId === `<notice-${id}@tessera>`);

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail dispatcher', () => {
  it('sends a notice once, branded HTML and plain text, with a link into the app', async () => {
    const id = await write(t.app, alice.id, 'ORDER_APPROVED', 'Your order <b>is</b> approved');
    expect((await dispatchDueMail(t.app)).sent).toBeGreaterThanOrEqual(1);
    expect(await status(t.app, id)).toEqual({ email_status: 'SENT', email_attempts: 1 });
    const [mail] = mailsFor(t.app, id);
    expect(mail).toMatchObject({ to: alice.email, subject: 'Your order <b>is</b> approved' });
    expect(mail.text).toContain('Hello Alice,');
    expect(mail.text).toContain('Open in Tessera: http://localhost:8080/dashboard/investments');
    expect(mail.text).toContain('http://localhost:8080/dashboard/profile');
    expect(mail.html).toContain('Tessera');
    expect(mail.html).toContain('href="http://localhost:8080/dashboard/investments"');
    expect(mail.html).toContain('Your order &lt;b&gt;is&lt;/b&gt; approved');
    expect(mail.html).not.toContain('<b>is</b>');
    expect(mail.html).toContain('href="http://localhost:8080/dashboard/profile"');
    // Again: nothing more.
    await dispatchDueMail(t.app);
    expect(mailsFor(t.app, id)).toHaveLength(1);
  });

  it('skips a kind the person opted out of, but always sends a mandatory kind', async () => {
    const bob = await makeUser(t.app, 'INVESTOR');
    expect(
      (await call(t.app, { method: 'PUT', url: '/v1/notifications/preferences', as: bob, payload: { email: { DEPOSIT_RECEIVED: false } } }))
        .statusCode,
    ).toBe(200);
    // Even a stored opt-out of a mandatory kind (the API refuses one) does not stop its mail.
    await t.app.db.execute(sql`INSERT INTO notification_email_optouts (user_id, kind) VALUES (${bob.id}, 'WITHDRAWAL_PAID')`);
    const skipped = await write(t.app, bob.id, 'DEPOSIT_RECEIVED');
    const mandatory = await write(t.app, bob.id, 'WITHDRAWAL_PAID');
    await dispatchDueMail(t.app);
    expect((await status(t.app, skipped)).email_status).toBe('SKIPPED');
    expect(mailsFor(t.app, skipped)).toHaveLength(0);
    expect((await status(t.app, mandatory)).email_status).toBe('SENT');
    expect(mailsFor(t.app, mandatory)).toHaveLength(1);
  });

  it('a notice still waiting for its e-mail when the account closes is not mailed, not even to a new account with that address', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    const leaving = await makeUser(t.app, 'INVESTOR');
    const pending = await write(t.app, leaving.id, 'WITHDRAWAL_PAID');
    expect((await call(t.app, { method: 'DELETE', url: `/v1/users/${leaving.id}`, as: admin })).statusCode).toBe(200);
    // The address is free again: someone signs up with it.
    const newcomer = await makeUser(t.app, 'INVESTOR', { email: leaving.email });
    await dispatchDueMail(t.app);
    expect(await status(t.app, pending)).toEqual({ email_status: 'SKIPPED', email_attempts: 0 });
    expect(mailsFor(t.app, pending)).toHaveLength(0);
    // The newcomer's own notices are theirs.
    const theirs = await write(t.app, newcomer.id, 'WITHDRAWAL_PAID');
    await dispatchDueMail(t.app);
    expect(mailsFor(t.app, theirs)).toEqual([expect.objectContaining({ to: leaving.email })]);
  });

  it('retries a failed send with backoff, and gives up (FAILED) after the last attempt', async () => {
    const id = await write(t.app, alice.id);
    const send = t.app.mailer.send;
    const failing = jest.fn(async (_m: MailMessage) => {
      throw new Error('SMTP down');
    });
    (t.app.mailer as { send: typeof send }).send = failing;
    try {
      await dispatchDueMail(t.app);
      expect(await status(t.app, id)).toEqual({ email_status: 'PENDING', email_attempts: 1 });
      const [row] = await queryRows<{ later: boolean }>(
        t.app,
        sql`SELECT email_next_at > now() + interval '50 seconds' AS later FROM notifications WHERE id = ${id}`,
      );
      expect(row.later).toBe(true);
      // Not due yet: not tried again.
      await dispatchDueMail(t.app);
      expect((await status(t.app, id)).email_attempts).toBe(1);
      for (let i = 2; i <= MAX_ATTEMPTS; i += 1) {
        await t.app.db.execute(sql`UPDATE notifications SET email_next_at = now() WHERE id = ${id}`);
        await dispatchDueMail(t.app);
      }
      expect(await status(t.app, id)).toEqual({ email_status: 'FAILED', email_attempts: MAX_ATTEMPTS });
    } finally {
      (t.app.mailer as { send: typeof send }).send = send;
    }
  });

  it('a notice committed while no dispatcher ran is mailed once by a new instance on the same database (restart)', async () => {
    const pgliteDir = onPostgres ? 'memory://' : mkdtempSync(path.join(tmpdir(), 'tessera-restart-'));
    const first = testConfig({ pgliteDir });
    const a = await buildApp(first, { logger: false });
    const u = await makeUser(a, 'INVESTOR');
    const id = await write(a, u.id, 'WITHDRAWAL_PAID');
    // "Crash": the instance goes away before any mail was sent.
    await a.close();
    const b = await buildTestApp({ pgliteDir, databaseSchema: first.databaseSchema, mailDispatcher: true });
    try {
      await until(async () => (await status(b.app, id)).email_status === 'SENT');
      expect(mailsFor(b.app, id)).toHaveLength(1);
      await dispatchDueMail(b.app);
      expect(mailsFor(b.app, id)).toHaveLength(1);
    } finally {
      await b.close();
      rmSync(first.dataDir, { recursive: true, force: true });
      if (!onPostgres) rmSync(pgliteDir, { recursive: true, force: true });
    }
  });

  itOnPostgres(
    'an instance that dies while it holds a notice (mail not yet accepted) loses it to another, which mails it once',
    async () => {
      // Instance A claims the notice and is stuck in the SMTP call; then its database session
      // dies (as when the process is killed). The claim was a row lock in an open transaction,
      // so the notice is PENDING again, and instance B mails it: once, not never. (Before
      // db/client.ts listened for errors on checked-out clients, the ended session was an
      // uncaught 'error' event that took A's whole process down.)
      const appName = `tessera_crash_${randomUUID().slice(0, 8)}`;
      const a = await buildTestApp({
        databaseSchema: t.config.databaseSchema,
        databaseUrl: `${t.config.databaseUrl}?application_name=${appName}`,
      });
      const b = await buildTestApp({ databaseSchema: t.config.databaseSchema });
      let release: (err: Error) => void = () => undefined;
      let claimed = false;
      (a.app.mailer as { send: (m: MailMessage) => Promise<void> }).send = () => {
        claimed = true;
        return new Promise((_resolve, reject) => {
          release = reject;
        });
      };
      try {
        // Mailed before this test's notice, so A's one claim is that notice.
        await dispatchDueMail(t.app);
        const id = await write(t.app, alice.id, 'WITHDRAWAL_PAID');
        const stuck = dispatchDueMail(a.app, 1).catch((err: unknown) => err);
        await until(() => claimed);
        // While A holds it, B skips it.
        expect((await dispatchDueMail(b.app)).sent).toBe(0);
        expect(await status(t.app, id)).toEqual({ email_status: 'PENDING', email_attempts: 0 });
        await t.app.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${appName}`);
        await until(async () => (await dispatchDueMail(b.app)).sent === 1);
        expect(mailsFor(b.app, id)).toHaveLength(1);
        expect(await status(t.app, id)).toEqual({ email_status: 'SENT', email_attempts: 1 });
        // A's send finally fails: its dead transaction records nothing, and nothing is sent again.
        release(new Error('connection lost'));
        expect(await stuck).toBeInstanceOf(Error);
        await dispatchDueMail(b.app);
        expect(mailsFor(b.app, id)).toHaveLength(1);
        expect(mailsFor(a.app, id)).toHaveLength(0);
      } finally {
        release(new Error('test over'));
        // The schema is the first app's: close these without dropping it.
        await a.app.close().catch(() => undefined);
        await b.app.close();
      }
    },
  );

  itOnPostgres('two instances dispatching at once deliver each notice exactly once', async () => {
    const b = await buildTestApp({ databaseSchema: t.config.databaseSchema });
    try {
      // A slow mail server: sends overlap, so a missing lock would show.
      for (const app of [t.app, b.app]) {
        const send = app.mailer.send.bind(app.mailer);
        (app.mailer as { send: typeof send }).send = async (m) => {
          await new Promise((r) => setTimeout(r, 20));
          return send(m);
        };
      }
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1) ids.push(await write(t.app, alice.id));
      await Promise.all([dispatchDueMail(t.app), dispatchDueMail(b.app), dispatchDueMail(t.app), dispatchDueMail(b.app)]);
      for (const id of ids) {
        expect(mailsFor(t.app, id).length + mailsFor(b.app, id).length).toBe(1);
        expect((await status(t.app, id)).email_status).toBe('SENT');
      }
      // Both did part of the work.
      expect(ids.some((id) => mailsFor(b.app, id).length === 1)).toBe(true);
    } finally {
      // The schema is the first app's: close this one without dropping it.
      await b.app.close();
    }
  });
});

// ---- Server-sent events over real HTTP ----

interface Stream {
  status: number;
  headers: Headers;
  text(): string;
  waitFor(s: string): Promise<void>;
  close(): void;
}

async function open(base: string, query: string): Promise<Stream> {
  const ctl = new AbortController();
  const res = await fetch(`${base}/v1/events?${query}`, { signal: ctl.signal });
  let buf = '';
  if (res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    text: () => buf,
    waitFor: (s) => until(() => buf.includes(s), 15_000),
    close: () => ctl.abort(),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function ticketOf(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/v1/events/ticket', as: u });
  expect(res.statusCode).toBe(200);
  expect(Date.parse(res.json().expiresAt) - Date.now()).toBeLessThanOrEqual(61_000);
  return encodeURIComponent(res.json().ticket);
}

describe('GET /v1/events', () => {
  let base: string;
  beforeAll(async () => {
    base = await listen(t.app);
  });

  it('streams the person’s notices with a ticket', async () => {
    const s = await open(base, `ticket=${await ticketOf(t.app, alice)}`);
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.headers.get('cache-control')).toBe('no-cache');
      expect(s.headers.get('x-accel-buffering')).toBe('no');
      await s.waitFor('retry: 3000');
      const id = await write(t.app, alice.id);
      await s.waitFor(id);
      const event = s
        .text()
        .split('\n\n')
        .find((e) => e.includes(id)) as string;
      expect(event.split('\n')[0]).toBe('event: notification');
      expect(JSON.parse(event.split('\n')[1].replace(/^data: /, ''))).toEqual({
        topic: `user:${alice.id}`,
        type: 'notification',
        data: { id, kind: 'ORDER_APPROVED' },
      });
      // Another person's notice never reaches this stream.
      const other = await makeUser(t.app, 'INVESTOR');
      const hidden = await write(t.app, other.id);
      const mine = await write(t.app, alice.id);
      await s.waitFor(mine);
      expect(s.text()).not.toContain(hidden);
    } finally {
      s.close();
    }
    await until(() => t.app.realtime.size === 0);
  });

  it('notices written together (notifyAll) are the rows and events one by one would be', async () => {
    const s = await open(base, `ticket=${await ticketOf(t.app, alice)}`);
    try {
      await s.waitFor('retry: 3000');
      // 1,001 notices: a thousand to another person, then alice's, in the second statement.
      const other = await makeUser(t.app, 'INVESTOR');
      const tag = randomUUID();
      const notice = (userId: string, i: number) => ({
        userId,
        kind: 'DISTRIBUTION_PAID' as const,
        title: `Paid ${i}`,
        body: `Share ${i} ${tag}`,
        link: '/dashboard/wallet',
        data: { i },
      });
      await t.app.db.transaction((tx) =>
        notifyAll(tx, [...Array.from({ length: 1000 }, (_, i) => notice(other.id, i)), notice(alice.id, 1000)]),
      );
      const rows = await queryRows<{ id: string; user_id: string; title: string; link: string; data: { i: number }; email_lane: number }>(
        t.app,
        sql`SELECT id, user_id, title, link, data, email_lane FROM notifications WHERE body LIKE ${`% ${tag}`} ORDER BY (data->>'i')::int`,
      );
      expect(rows).toHaveLength(1001);
      expect(rows.filter((r) => r.user_id === other.id)).toHaveLength(1000);
      expect(rows[1000]).toMatchObject({
        user_id: alice.id,
        title: 'Paid 1000',
        link: '/dashboard/wallet',
        data: { i: 1000 },
        email_lane: 0,
      });
      await s.waitFor(rows[1000].id);
      const event = s
        .text()
        .split('\n\n')
        .find((e) => e.includes(rows[1000].id)) as string;
      expect(JSON.parse(event.split('\n')[1].replace(/^data: /, ''))).toEqual({
        topic: `user:${alice.id}`,
        type: 'notification',
        data: { id: rows[1000].id, kind: 'DISTRIBUTION_PAID' },
      });
      // Nobody else's reached alice's stream.
      expect(rows.slice(0, 1000).some((r) => s.text().includes(r.id))).toBe(false);
    } finally {
      s.close();
    }
    await until(() => t.app.realtime.size === 0);
  });

  it('public topics without a ticket; topic authorization', async () => {
    const property = randomUUID();
    const s = await open(base, `topics=market:${property}`);
    try {
      expect(s.status).toBe(200);
      await s.waitFor('retry:');
      await t.app.db.transaction(async (tx) => {
        const { publish } = await import('../src/lib/realtime');
        await publish(tx, { topic: `market:${property}`, type: 'market.book', data: { propertyId: property } });
      });
      await s.waitFor('event: market.book');
    } finally {
      s.close();
    }
    const bob = await makeUser(t.app, 'INVESTOR');
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get(`/v1/events?topics=user:${alice.id}`)).statusCode).toBe(401);
    const forbidden = await get(`/v1/events?ticket=${await ticketOf(t.app, bob)}&topics=user:${alice.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You can only follow your own events');
    expect((await get('/v1/events?topics=admin:everything')).statusCode).toBe(400);
    expect((await get('/v1/events')).statusCode).toBe(400);
    expect((await get('/v1/events?ticket=not-a-ticket')).statusCode).toBe(401);
    // A session token is not a ticket.
    expect((await get(`/v1/events?ticket=${alice.token}`)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/events/ticket' })).statusCode).toBe(401);
  });

  itOnPostgres('an event published on one instance reaches a client of another', async () => {
    // Instances of one deployment share the signing secret.
    const b = await buildTestApp({ databaseSchema: t.config.databaseSchema, jwtSecret: t.config.jwtSecret });
    try {
      const baseB = await listen(b.app);
      const s = await open(baseB, `ticket=${await ticketOf(b.app, alice)}`);
      try {
        await s.waitFor('retry:');
        const id = await write(t.app, alice.id);
        await s.waitFor(id);
      } finally {
        s.close();
      }
    } finally {
      await b.app.close();
    }
  });

  it('closing the app ends open streams', async () => {
    const c = await buildTestApp();
    const u = await makeUser(c.app, 'INVESTOR');
    const s = await open(await listen(c.app), `ticket=${await ticketOf(c.app, u)}`);
    await s.waitFor('retry:');
    await c.close();
    expect(c.app.realtime.size).toBe(0);
    s.close();
  });
});

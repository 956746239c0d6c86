// Live-update streams (anonymous caps, single-use tickets revoked at logout) and the mail
// lanes (a security notice goes out ahead of a backlog of bulk notices).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dispatchDueMail } from '../src/modules/notifications/dispatcher';
import { MAX_ANONYMOUS_PER_ADDRESS } from '../src/modules/notifications/events';
import { notify } from '../src/modules/notifications/outbox';
import { buildTestApp, call, makeUser, queryRows, type TestApp, type TestUser } from './helper';

jest.setTimeout(180_000);

let t: TestApp;
let base: string;
let alice: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await makeUser(t.app, 'INVESTOR', { firstName: 'Alice' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Stream {
  status: number;
  ended: () => boolean;
  close(): void;
}

async function open(query: string): Promise<Stream> {
  const ctl = new AbortController();
  const res = await fetch(`${base}/v1/events?${query}`, { signal: ctl.signal });
  let ended = false;
  if (res.body) {
    const reader = res.body.getReader();
    void (async () => {
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch {
        // aborted
      }
      ended = true;
    })();
  } else ended = true;
  return { status: res.status, ended: () => ended, close: () => ctl.abort() };
}

async function ticketOf(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/v1/events/ticket', as: u });
  expect(res.statusCode).toBe(200);
  return encodeURIComponent(res.json().ticket);
}

describe('live-update streams', () => {
  it('caps anonymous streams per address', async () => {
    const topic = `topics=market:${randomUUID()}`;
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < MAX_ANONYMOUS_PER_ADDRESS; i++) streams.push(await open(topic));
      expect(streams.map((s) => s.status)).toEqual(Array(MAX_ANONYMOUS_PER_ADDRESS).fill(200));
      const over = await open(topic);
      expect(over.status).toBe(429);
      over.close();
      // Closing one makes room again.
      streams.pop()?.close();
      await until(() => t.app.realtime.size === MAX_ANONYMOUS_PER_ADDRESS - 1);
      const again = await open(topic);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const s of streams) s.close();
    }
    await until(() => t.app.realtime.size === 0);
  });

  it('a ticket opens one stream, once', async () => {
    const ticket = await ticketOf(t.app, alice);
    const first = await open(`ticket=${ticket}`);
    expect(first.status).toBe(200);
    const second = await open(`ticket=${ticket}`);
    expect(second.status).toBe(401);
    first.close();
    second.close();
    await until(() => t.app.realtime.size === 0);
  });

  it('logout revokes unused tickets and ends the streams of that session', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const unused = await ticketOf(t.app, u);
    const s = await open(`ticket=${await ticketOf(t.app, u)}`);
    expect(s.status).toBe(200);
    // Another person's stream is untouched.
    const other = await makeUser(t.app, 'INVESTOR', { email: `${randomUUID().slice(0, 8)}@example.com` });
    const os = await open(`ticket=${await ticketOf(t.app, other)}`);
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/logout', as: u })).statusCode).toBe(200);
    await until(() => s.ended());
    expect(os.ended()).toBe(false);
    expect((await open(`ticket=${unused}`)).status).toBe(401);
    os.close();
    await until(() => t.app.realtime.size === 0);
  });
});

describe('mail lanes', () => {
  it('a security notice is the next one mailed with 10,000 bulk notices queued', async () => {
    await t.app.db.execute(sql`
      insert into notifications (user_id, kind, title, body, link, created_at, email_next_at)
      select ${alice.id}, 'MARKET_ORDER_FILLED', 'Your order filled ' || g, 'Filled.', '/market',
             now() - interval '1 hour' + g * interval '1 millisecond', now() - interval '1 hour'
        from generate_series(1, 10000) g`);
    const id = await t.app.db.transaction((tx) =>
      notify(tx, {
        userId: alice.id,
        kind: 'PAYOUT_DESTINATION_CHANGED',
        title: 'A bank account was added to your payouts',
        body: 'If this was not you, contact support.',
        link: '/dashboard/wallet',
      }),
    );
    const run = await dispatchDueMail(t.app, 1);
    expect(run.sent).toBe(1);
    const [row] = await queryRows<{ email_status: string }>(t.app, sql`select email_status from notifications where id = ${id}`);
    expect(row.email_status).toBe('SENT');
    expect(t.app.mailer.outbox.at(-1)?.subject).toBe('A bank account was added to your payouts');
    const [left] = await queryRows<{ n: number }>(
      t.app,
      sql`select count(*)::int as n from notifications where email_status = 'PENDING' and kind = 'MARKET_ORDER_FILLED'`,
    );
    expect(left.n).toBe(10000);
    // Bulk notices still go out, after it.
    expect((await dispatchDueMail(t.app, 3)).sent).toBe(3);
    await t.app.db.execute(sql`delete from notifications where kind = 'MARKET_ORDER_FILLED'`);
  });

  it('a person’s queued market fills go out as one digest (MAIL_DIGEST), others’ apart', async () => {
    const bob = await makeUser(t.app, 'INVESTOR', { firstName: 'Bob' });
    const fill = (userId: string, i: number) =>
      t.app.db.transaction((tx) =>
        notify(tx, { userId, kind: 'MARKET_ORDER_FILLED', title: `Fill number ${i}`, body: `Filled ${i} units.`, link: '/market' }),
      );
    const ids = [];
    for (let i = 1; i <= 4; i++) ids.push(await fill(alice.id, i));
    const bobs = await fill(bob.id, 9);
    const before = t.app.mailer.outbox.length;
    await dispatchDueMail(t.app);
    const sent = t.app.mailer.outbox.slice(before);
    const toAlice = sent.filter((m) => m.to === alice.email);
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0].subject).toBe('4 of your market orders were filled');
    for (let i = 1; i <= 4; i++) expect(toAlice[0].text).toContain(`Fill number ${i}`);
    expect(sent.filter((m) => m.to === bob.email).map((m) => m.subject)).toEqual(['Fill number 9']);
    const states = await queryRows<{ email_status: string }>(
      t.app,
      sql`select email_status from notifications where id in (${sql.join(
        [...ids, bobs].map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(states.map((r) => r.email_status)).toEqual(Array(5).fill('SENT'));
  });

  it('with MAIL_DIGEST off each fill is its own e-mail', async () => {
    const d = await buildTestApp({ mailDigest: false });
    try {
      const u = await makeUser(d.app, 'INVESTOR');
      for (let i = 1; i <= 3; i++)
        await d.app.db.transaction((tx) =>
          notify(tx, { userId: u.id, kind: 'MARKET_ORDER_FILLED', title: `Fill ${i}`, body: 'Filled.', link: '/market' }),
        );
      await dispatchDueMail(d.app);
      expect(d.app.mailer.outbox.filter((m) => m.to === u.email).map((m) => m.subject)).toEqual(['Fill 1', 'Fill 2', 'Fill 3']);
    } finally {
      await d.close();
    }
  });
});

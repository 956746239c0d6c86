import { sql } from 'drizzle-orm';
import { SUPPORT_MESSAGES } from 'shared-api/contract';
import { buildTestApp, call, fund, makeUser, queryRows, snapshot, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
let admin2: TestUser;
let person: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN', { firstName: 'Ada' });
  admin2 = await makeUser(t.app, 'ADMIN', { firstName: 'Bea' });
  person = await makeUser(t.app, 'INVESTOR', { firstName: 'Ivy', status: 'VERIFIED' });
  other = await makeUser(t.app, 'PROPERTY_OWNER');
});
afterAll(async () => {
  await t?.close();
});

async function open(as: TestUser, subject = 'Withdrawal timing', message = 'When is it paid?'): Promise<string> {
  const res = await call(t.app, { method: 'POST', url: '/support', as, payload: { subject, message } });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}

const adminReply = (id: string, body: string, as = admin) =>
  call(t.app, { method: 'POST', url: `/v1/support/${id}/messages`, as, payload: { body } });
const personAnswer = (id: string, body: string, as = person) =>
  call(t.app, { method: 'POST', url: `/v1/support/mine/${id}/messages`, as, payload: { body } });

describe('the thread’s status machine', () => {
  it('reply → WAITING, answer → OPEN, close, answer on closed → OPEN; messages in order with who and when', async () => {
    const id = await open(person);
    const first = await call(t.app, { method: 'GET', url: `/v1/support/mine/${id}`, as: person });
    expect(first.json().ticket).toMatchObject({ status: 'OPEN', assignedTo: null, updatedAt: expect.any(String) });
    expect(first.json().messages).toEqual([
      expect.objectContaining({ authorRole: 'PERSON', authorName: 'You', body: 'When is it paid?', email: null }),
    ]);

    const replied = await adminReply(id, '  Within two business days.  ');
    expect(replied.statusCode).toBe(201);
    // Replying takes an unassigned ticket.
    expect(replied.json().ticket).toMatchObject({ status: 'WAITING', assignedTo: admin.id });
    expect(replied.json().messages.at(-1)).toMatchObject({
      authorRole: 'ADMIN',
      authorName: 'Ada Test',
      body: 'Within two business days.',
    });

    const seen = await call(t.app, { method: 'GET', url: `/v1/support/mine/${id}`, as: person });
    expect(seen.json().messages.at(-1)).toMatchObject({ authorRole: 'ADMIN', authorName: 'Support team', authorId: null });
    const list = await call(t.app, { method: 'GET', url: '/v1/support/mine', as: person });
    expect(list.json().items[0]).toMatchObject({ _id: id, status: 'WAITING' });

    const answered = await personAnswer(id, 'Thanks, and fees?');
    expect(answered.statusCode).toBe(201);
    expect(answered.json().ticket.status).toBe('OPEN');
    expect(answered.json().messages.map((m: { authorRole: string }) => m.authorRole)).toEqual(['PERSON', 'ADMIN', 'PERSON']);

    const closed = await call(t.app, { method: 'PATCH', url: `/v1/support/${id}/close`, as: admin });
    expect(closed.json()).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String) });
    expect((await adminReply(id, 'One more thing')).json()).toMatchObject({ statusCode: 409, message: SUPPORT_MESSAGES.closedReply });

    const reopened = await personAnswer(id, 'Sorry, one more question');
    expect(reopened.json().ticket).toMatchObject({ status: 'OPEN', closedAt: null });
    const audit = await call(t.app, { method: 'GET', url: '/v1/admin/audit?action=support.reply', as: admin });
    expect(audit.json().items[0]).toMatchObject({ targetType: 'support_ticket', targetId: id });
  });

  it('the database refuses a move the service would not make', async () => {
    const id = await open(person);
    await call(t.app, { method: 'PATCH', url: `/v1/support/${id}/close`, as: admin });
    await expect(t.app.db.execute(sql`UPDATE support_tickets SET status = 'WAITING' WHERE id = ${id}`)).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`INSERT INTO support_tickets (kind, user_id, subject, message, status) VALUES ('TICKET', ${person.id}, 'x', 'y', 'WAITING')`,
      ),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`UPDATE support_tickets SET assigned_to = ${person.id} WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`DELETE FROM support_messages WHERE ticket_id = ${id}`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`UPDATE support_messages SET body = 'changed' WHERE ticket_id = ${id}`)).rejects.toThrow();
  });

  it('message bodies: blank and over-long answers are refused with a clear 400, nothing written', async () => {
    const id = await open(person);
    const before = await snapshot(t.app);
    expect((await personAnswer(id, '   ')).json()).toMatchObject({ statusCode: 400, message: SUPPORT_MESSAGES.emptyMessage });
    expect((await adminReply(id, '\n')).json()).toMatchObject({ statusCode: 400, message: SUPPORT_MESSAGES.emptyMessage });
    expect((await personAnswer(id, 'x'.repeat(5001))).json()).toMatchObject({ statusCode: 400, message: SUPPORT_MESSAGES.tooLong });
    const extra = await call(t.app, {
      method: 'POST',
      url: `/v1/support/mine/${id}/messages`,
      as: person,
      payload: { body: 'x', status: 'CLOSED' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('ownership', () => {
  it('a person cannot read or answer another’s ticket (404), nor use the admin routes (403)', async () => {
    const id = await open(person);
    expect((await call(t.app, { method: 'GET', url: `/v1/support/mine/${id}`, as: other })).statusCode).toBe(404);
    expect((await personAnswer(id, 'hi', other)).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v1/support/${id}`, as: person })).statusCode).toBe(403);
    expect((await adminReply(id, 'hi', person)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/v1/support/mine/${id}` })).statusCode).toBe(401);
  });
});

describe('the SUPPORT_REPLY notice', () => {
  it('is written in the reply’s transaction, linking to the person’s thread', async () => {
    const id = await open(person, 'Notice me');
    await adminReply(id, 'Here is your answer');
    const rows = await queryRows<{ kind: string; link: string; user_id: string; email_status: string }>(
      t.app,
      sql`SELECT kind, link, user_id, email_status FROM notifications WHERE data->>'ticketId' = ${id}`,
    );
    expect(rows).toEqual([{ kind: 'SUPPORT_REPLY', link: `/dashboard/support/${id}`, user_id: person.id, email_status: 'PENDING' }]);
  });

  it('is not written when the reply fails (the whole reply rolls back)', async () => {
    const id = await open(person, 'Rollback');
    // Make the ticket's update fail inside the reply's transaction: a check violation on the
    // second statement (after the message and before the notice would be kept).
    await t.app.db.execute(sql`
      CREATE OR REPLACE FUNCTION support_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.subject = 'Rollback' AND NEW.status = 'WAITING' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END; $$`);
    await t.app.db.execute(
      sql`CREATE TRIGGER support_test_fail BEFORE UPDATE ON support_tickets FOR EACH ROW EXECUTE FUNCTION support_test_fail()`,
    );
    try {
      const res = await adminReply(id, 'Lost');
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER support_test_fail ON support_tickets`);
    }
    const notices = await queryRows(t.app, sql`SELECT 1 FROM notifications WHERE data->>'ticketId' = ${id}`);
    const messages = await queryRows(t.app, sql`SELECT 1 FROM support_messages WHERE ticket_id = ${id}`);
    expect(notices).toHaveLength(0);
    expect(messages).toHaveLength(1);
  });
});

describe('assignment and filters', () => {
  it('assign to self / unassign, audited; filters by status and assignee, paged', async () => {
    const a = await open(other, 'Filter A');
    const b = await open(other, 'Filter B');
    const assigned = await call(t.app, { method: 'PATCH', url: `/v1/support/${a}/assignee`, as: admin2, payload: { assignee: 'me' } });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ ticket: { assignedTo: admin2.id }, assignee: { _id: admin2.id, name: 'Bea Test' } });

    const mine = await call(t.app, { method: 'GET', url: '/v1/support?assignee=me', as: admin2 });
    expect(mine.json().items.map((x: { _id: string }) => x._id)).toEqual([a]);
    const byId = await call(t.app, { method: 'GET', url: `/v1/support?assignee=${admin2.id}&status=OPEN`, as: admin });
    expect(byId.json().items.map((x: { _id: string }) => x._id)).toEqual([a]);
    const unassigned = await call(t.app, { method: 'GET', url: '/v1/support?assignee=unassigned&pageSize=100', as: admin });
    const ids = unassigned.json().items.map((x: { _id: string }) => x._id);
    expect(ids).toContain(b);
    expect(ids).not.toContain(a);
    const paged = await call(t.app, { method: 'GET', url: '/v1/support?pageSize=1&page=2', as: admin });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, items: [expect.any(Object)] });
    expect((await call(t.app, { method: 'GET', url: '/v1/support?assignee=someone', as: admin })).statusCode).toBe(400);

    await adminReply(b, 'Looking into it');
    const waiting = await call(t.app, { method: 'GET', url: '/v1/support?status=WAITING&pageSize=100', as: admin });
    expect(waiting.json().items.map((x: { _id: string }) => x._id)).toContain(b);

    const un = await call(t.app, { method: 'PATCH', url: `/v1/support/${a}/assignee`, as: admin, payload: { assignee: null } });
    expect(un.json()).toMatchObject({ ticket: { assignedTo: null }, assignee: null });
    const audit = await call(t.app, { method: 'GET', url: '/v1/admin/audit?action=support.unassign', as: admin });
    expect(audit.json().items[0]).toMatchObject({ targetId: a });
  });

  it('the admin’s thread shows the person’s account beside it', async () => {
    await fund(t, person, 250);
    const id = await open(person, 'Account panel');
    const res = await call(t.app, { method: 'GET', url: `/v1/support/${id}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toEqual({
      _id: person.id,
      firstName: 'Ivy',
      lastName: 'Test',
      email: person.email,
      role: 'INVESTOR',
      status: 'VERIFIED',
      walletBalance: 250,
      holdingsCount: 0,
    });
    expect((await call(t.app, { method: 'GET', url: '/v1/support/00000000-0000-4000-8000-000000000000', as: admin })).statusCode).toBe(404);
  });
});

describe('a closed account', () => {
  it('closing an account closes its open tickets; a reply to one is refused, nothing written', async () => {
    const leaving = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    const waiting = await open(leaving, 'Question one');
    expect((await adminReply(waiting, 'An answer')).statusCode).toBe(201);
    const openOne = await open(leaving, 'Question two');
    const done = await open(leaving, 'Question three');
    expect((await call(t.app, { method: 'PATCH', url: `/v1/support/${done}/close`, as: admin })).statusCode).toBe(200);
    const del = await call(t.app, { method: 'DELETE', url: `/v1/users/${leaving.id}`, as: admin2 });
    expect(del.statusCode).toBe(200);
    const rows = await queryRows<{ id: string; status: string; closed_by: string }>(
      t.app,
      sql`SELECT id, status, closed_by FROM support_tickets WHERE user_id = ${leaving.id}`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.closed_by]]))).toEqual({
      [waiting]: ['CLOSED', admin2.id],
      [openOne]: ['CLOSED', admin2.id],
      [done]: ['CLOSED', admin.id],
    });
    // The admin inbox's open and waiting lists no longer show them.
    for (const status of ['OPEN', 'WAITING']) {
      const list = await call(t.app, { method: 'GET', url: `/v1/support?status=${status}&pageSize=100`, as: admin });
      expect(list.json().items.map((x: { _id: string }) => x._id)).not.toContain(openOne);
    }
    const [audit] = await queryRows<{ detail: { ticketsClosed: number } }>(
      t.app,
      sql`SELECT detail FROM audit_log WHERE action = 'user.delete' AND target_id = ${leaving.id}`,
    );
    expect(audit.detail.ticketsClosed).toBe(2);
    // A ticket of a closed account cannot be answered: nobody would read it (no notice, no e-mail).
    await t.app.db.execute(sql`UPDATE support_tickets SET status = 'OPEN', closed_at = NULL, closed_by = NULL WHERE id = ${openOne}`);
    const before = await snapshot(t.app);
    const res = await adminReply(openOne, 'Hello?');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SUPPORT_MESSAGES.closedAccount);
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('contact-form messages from visitors', () => {
  const contact = { name: 'Sam Visitor', phoneNumber: '+1 555 0199', email: 'sam@example.com', subject: 'Payouts', message: 'How?' };

  it('the reply is kept on the message and sent by e-mail, recorded SENT', async () => {
    const created = await call(t.app, { method: 'POST', url: '/support', payload: contact });
    const id = created.json()._id as string;
    const before = t.app.mailer.outbox.length;
    const res = await adminReply(id, 'Monthly, by bank transfer.');
    expect(res.statusCode).toBe(201);
    expect(res.json().person).toBeNull();
    expect(res.json().messages[0]).toMatchObject({ authorRole: 'PERSON', authorId: null, authorName: 'Sam Visitor' });
    expect(res.json().messages.at(-1)).toMatchObject({
      authorRole: 'ADMIN',
      body: 'Monthly, by bank transfer.',
      email: { status: 'SENT', sentAt: expect.any(String), error: null },
    });
    expect(t.app.mailer.outbox.length).toBe(before + 1);
    expect(t.app.mailer.outbox.at(-1)).toMatchObject({ to: 'sam@example.com', subject: 'Re: Payouts' });
    expect(t.app.mailer.outbox.at(-1)?.text).toContain('Monthly, by bank transfer.');
    const notices = await queryRows(t.app, sql`SELECT 1 FROM notifications WHERE data->>'ticketId' = ${id}`);
    expect(notices).toHaveLength(0);
    const resend = await call(t.app, {
      method: 'POST',
      url: `/v1/support/${id}/messages/${res.json().messages.at(-1)._id}/resend`,
      as: admin,
    });
    expect(resend.json()).toMatchObject({ statusCode: 409, message: SUPPORT_MESSAGES.alreadySent });
  });

  it('a failed send keeps the reply, records FAILED, and "send again" sends it once', async () => {
    const created = await call(t.app, { method: 'POST', url: '/support', payload: contact });
    const id = created.json()._id as string;
    const send = jest.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      const res = await adminReply(id, 'We will call you.');
      expect(res.statusCode).toBe(201);
      const reply = res.json().messages.at(-1);
      expect(reply).toMatchObject({ body: 'We will call you.', email: { status: 'FAILED', sentAt: null, error: 'SMTP down' } });
      const again = await call(t.app, { method: 'POST', url: `/v1/support/${id}/messages/${reply._id}/resend`, as: admin });
      expect(again.statusCode).toBe(200);
      expect(again.json().messages.at(-1).email).toMatchObject({ status: 'SENT', error: null });
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
    const rows = await queryRows<{ email_attempts: number }>(
      t.app,
      sql`SELECT email_attempts FROM support_messages WHERE ticket_id = ${id} AND author_role = 'ADMIN'`,
    );
    expect(rows).toEqual([{ email_attempts: 2 }]);
  });
});

import { MESSAGES } from 'shared-api/contract';
import { buildTestApp, call, makeUser, snapshot, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
let investor: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  investor = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
});

const contact = {
  name: 'Sam Visitor',
  phoneNumber: '+1 555 0199',
  email: 'Sam@Example.com',
  subject: 'Question',
  message: 'How do payouts work?',
};

describe('POST /support', () => {
  it('stores a signed-in user’s ticket', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/support',
      as: investor,
      payload: { subject: 'Wallet', message: 'My deposit is pending' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'TICKET',
      userId: investor.id,
      subject: 'Wallet',
      status: 'OPEN',
      closedAt: null,
      name: null,
    });
  });

  it('stores a contact-form message from anyone', async () => {
    const res = await call(t.app, { method: 'POST', url: '/support', payload: contact });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'CONTACT', userId: null, email: 'sam@example.com', phoneNumber: '+1 555 0199' });
  });

  it('refuses missing fields with the spec words, over-long fields and bad values, storing nothing', async () => {
    const before = await snapshot(t.app);
    const anonTicket = await call(t.app, { method: 'POST', url: '/support', payload: { subject: 'Hi', message: 'There' } });
    expect(anonTicket.json()).toMatchObject({ statusCode: 400, message: MESSAGES.contactRequired });
    const blank = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, message: '  ' } });
    expect(blank.json().message).toBe(MESSAGES.contactRequired);
    const signedBlank = await call(t.app, { method: 'POST', url: '/support', as: investor, payload: { subject: '', message: 'x' } });
    expect(signedBlank.json().message).toBe(MESSAGES.contactRequired);
    const long = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, name: 'x'.repeat(26) } });
    expect(long.json().message).toEqual(['name must be at most 25 characters']);
    const longSubject = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, subject: 'x'.repeat(26) } });
    expect(longSubject.statusCode).toBe(400);
    const email = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, email: 'nope' } });
    expect(email.json().message).toBe(MESSAGES.emailInvalid);
    const phone = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, phoneNumber: 'call me' } });
    expect(phone.json().message).toBe(MESSAGES.invalidPhone);
    const extra = await call(t.app, { method: 'POST', url: '/support', payload: { ...contact, status: 'CLOSED' } });
    expect(extra.json().message).toEqual(['status is not allowed']);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses a bad token instead of treating the caller as anonymous', async () => {
    const res = await call(t.app, { method: 'POST', url: '/support', payload: contact, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('reading and closing', () => {
  it('a user lists their own tickets only', async () => {
    const other = await makeUser(t.app, 'PROPERTY_OWNER');
    await call(t.app, { method: 'POST', url: '/support', as: other, payload: { subject: 'Listing', message: 'Help' } });
    const mine = await call(t.app, { method: 'GET', url: '/v1/support/mine', as: other });
    expect(mine.json().total).toBe(1);
    expect(mine.json().items[0]).toMatchObject({ userId: other.id, subject: 'Listing' });
    expect((await call(t.app, { method: 'GET', url: '/v1/support/mine' })).statusCode).toBe(401);
  });

  it('admins list with filters and close tickets (once), audited', async () => {
    const all = await call(t.app, { method: 'GET', url: '/v1/support?kind=CONTACT&status=OPEN', as: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.every((x: { kind: string; status: string }) => x.kind === 'CONTACT' && x.status === 'OPEN')).toBe(true);
    const ticket = all.json().items[0];
    expect((await call(t.app, { method: 'GET', url: '/v1/support', as: investor })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/support/${ticket._id}/close`, as: investor })).statusCode).toBe(403);
    const closed = await call(t.app, { method: 'PATCH', url: `/v1/support/${ticket._id}/close`, as: admin });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String) });
    expect((await call(t.app, { method: 'PATCH', url: `/v1/support/${ticket._id}/close`, as: admin })).statusCode).toBe(409);
    expect(
      (await call(t.app, { method: 'PATCH', url: '/v1/support/00000000-0000-4000-8000-000000000000/close', as: admin })).statusCode,
    ).toBe(404);
    const audit = await call(t.app, { method: 'GET', url: '/v1/admin/audit?action=support.close', as: admin });
    expect(audit.json().items[0]).toMatchObject({ targetType: 'support_ticket', targetId: ticket._id });
    const closedList = await call(t.app, { method: 'GET', url: '/v1/support?status=CLOSED', as: admin });
    expect(closedList.json().items.map((x: { _id: string }) => x._id)).toContain(ticket._id);
  });
});

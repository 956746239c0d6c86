// The notification centre's API (issue 19): pages, read, read-all, ownership, preferences.
import type { NotificationsPage } from 'shared-api/contract';
import { MANDATORY_EMAIL_KINDS, NOTIFICATION_KINDS } from 'shared-api/contract/dashboard';
import { notify } from '../src/modules/notifications/outbox';
import { buildTestApp, call, makeUser, type TestApp, type TestUser } from './helper';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await makeUser(t.app, 'INVESTOR');
  bob = await makeUser(t.app, 'INVESTOR');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function notice(userId: string, title: string) {
  return t.app.db.transaction((tx) => notify(tx, { userId, kind: 'DEPOSIT_RECEIVED', title, body: 'Body', link: '/dashboard/wallet' }));
}

describe('notices', () => {
  it('pages own notices newest first with the unread count; marks one and all read', async () => {
    for (let i = 1; i <= 25; i += 1) await notice(alice.id, `Notice ${i}`);
    await notice(bob.id, 'For Bob');
    const first = await call(t.app, { method: 'GET', url: '/v1/notifications', as: alice });
    expect(first.statusCode).toBe(200);
    const page = first.json<NotificationsPage>();
    expect(page).toMatchObject({ total: 25, page: 1, pageSize: 20, unread: 25 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0].title).toBe('Notice 25');
    expect(page.items[0]).toMatchObject({ kind: 'DEPOSIT_RECEIVED', link: '/dashboard/wallet', readAt: null });
    expect(page.items.some((n) => n.title === 'For Bob')).toBe(false);

    const second = (await call(t.app, { method: 'GET', url: '/v1/notifications?page=2&pageSize=20', as: alice })).json<NotificationsPage>();
    expect(second.items.map((n) => n.title)).toEqual(['Notice 5', 'Notice 4', 'Notice 3', 'Notice 2', 'Notice 1']);
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications?pageSize=51', as: alice })).statusCode).toBe(400);

    const id = page.items[0]._id;
    const read = await call(t.app, { method: 'POST', url: `/v1/notifications/${id}/read`, as: alice });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    // Someone else's notice: as if it did not exist.
    expect((await call(t.app, { method: 'POST', url: `/v1/notifications/${id}/read`, as: bob })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications', as: alice })).json().unread).toBe(24);

    const all = await call(t.app, { method: 'POST', url: '/v1/notifications/read-all', as: alice });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications', as: alice })).json().unread).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications', as: bob })).json().unread).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications' })).statusCode).toBe(401);
  });

  it('a notice written in a transaction that fails leaves nothing', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await notify(tx, { userId: bob.id, kind: 'DEPOSIT_RECEIVED', title: 'Lost', body: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const page = (await call(t.app, { method: 'GET', url: '/v1/notifications', as: bob })).json<NotificationsPage>();
    expect(page.items.some((n) => n.title === 'Lost')).toBe(false);
  });
});

describe('preferences', () => {
  it('defaults to every kind, switches optional kinds off and on, refuses mandatory and unknown kinds', async () => {
    const get = await call(t.app, { method: 'GET', url: '/v1/notifications/preferences', as: alice });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.json().email).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(Object.values(get.json().email).every(Boolean)).toBe(true);
    expect(get.json().mandatory).toEqual([...MANDATORY_EMAIL_KINDS]);

    const off = await call(t.app, {
      method: 'PUT',
      url: '/v1/notifications/preferences',
      as: alice,
      payload: { email: { DEPOSIT_RECEIVED: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().email).toMatchObject({ DEPOSIT_RECEIVED: false, ORDER_APPROVED: true });

    const mandatory = await call(t.app, {
      method: 'PUT',
      url: '/v1/notifications/preferences',
      as: alice,
      payload: { email: { ORDER_APPROVED: false, WITHDRAWAL_PAID: false } },
    });
    expect(mandatory.statusCode).toBe(400);
    expect(mandatory.json().message).toMatch(/WITHDRAWAL_PAID cannot be switched off/);
    const unknown = await call(t.app, {
      method: 'PUT',
      url: '/v1/notifications/preferences',
      as: alice,
      payload: { email: { NOPE: false } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown notification kind: NOPE/);
    // Nothing half-written: ORDER_APPROVED stayed on.
    const after = (await call(t.app, { method: 'GET', url: '/v1/notifications/preferences', as: alice })).json();
    expect(after.email).toMatchObject({ DEPOSIT_RECEIVED: false, ORDER_APPROVED: true, WITHDRAWAL_PAID: true });

    const on = await call(t.app, {
      method: 'PUT',
      url: '/v1/notifications/preferences',
      as: alice,
      payload: { email: { DEPOSIT_RECEIVED: true, WITHDRAWAL_PAID: true } },
    });
    expect(on.json().email.DEPOSIT_RECEIVED).toBe(true);
    // Another person's preferences are untouched.
    expect((await call(t.app, { method: 'GET', url: '/v1/notifications/preferences', as: bob })).json().email.DEPOSIT_RECEIVED).toBe(true);
  });
});

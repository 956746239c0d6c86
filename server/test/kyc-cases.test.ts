// Verification cases: nobody is verified without a submission, a case opens per submission,
// the queue lists submitted cases oldest first, decisions tell the person and are audited.
import { eq, sql } from 'drizzle-orm';
import { KYC_MESSAGES, KYC_REJECTION_REASON_TEXT } from 'shared-api/contract/admin';
import { users } from '../src/db/schema';
import { buildTestApp, call, jpegImage, login, makeUser, multipart, PDF, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

const upload = (url: string, as: TestUser, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return call(t.app, { method: 'PATCH', url, as, payload, headers });
};

/** A person who fills the profile, uploads an identity document (and for a business, its papers) and submits. */
async function submit(u: TestUser, business = false) {
  await call(t.app, {
    method: 'PATCH',
    url: '/v1/users/me',
    as: u,
    payload: {
      userType: business ? 'BUSINESS_ENTITY' : 'INDIVIDUAL',
      country: 'Canada',
      phone: '+1 416 555 0100',
      ...(business ? { businessName: 'Acme' } : {}),
    },
  });
  await t.app.db.update(users).set({ isSubscribed: true }).where(eq(users.id, u.id));
  expect(
    (await upload('/v1/users/kyc', u, [{ field: 'file', filename: 'id.jpg', contentType: 'image/jpeg', data: await jpegImage() }]))
      .statusCode,
  ).toBe(200);
  if (business) {
    await upload('/v1/users/kyc/business', u, [{ field: 'file', filename: 'acme.pdf', contentType: 'application/pdf', data: PDF }]);
  }
  const res = await call(t.app, { method: 'PATCH', url: '/v1/users/me/complete-onboarding', as: u, payload: {} });
  expect(res.statusCode).toBe(200);
}

const queue = async (qs = 'pageSize=100') => (await call(t.app, { method: 'GET', url: `/v1/admin/cases?${qs}`, as: admin })).json();
const caseOf = async (userId: string) => (await queue()).items.find((c: { userId: string }) => c.userId === userId);
const decide = (id: string, payload: object) => call(t.app, { method: 'POST', url: `/v1/admin/cases/${id}/decision`, as: admin, payload });

describe('verification needs a submission', () => {
  it('refuses verifying a person who never onboarded or has no documents (409, the contract message)', async () => {
    const nobody = await makeUser(t.app, 'INVESTOR');
    const res = await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${nobody.id}`, as: admin, payload: { status: 'VERIFIED' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(KYC_MESSAGES.verifyNeedsOnboarding);
    // Onboarding flagged complete but no document on file: still refused.
    await t.app.db.update(users).set({ onboardingCompleted: true }).where(eq(users.id, nobody.id));
    const noDocs = await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${nobody.id}`, as: admin, payload: { status: 'VERIFIED' } });
    expect(noDocs.statusCode).toBe(409);
    expect(noDocs.json().message).toBe(KYC_MESSAGES.verifyNeedsDocuments);
    const [row] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM users WHERE id = ${nobody.id}`);
    expect(row.status).toBe('PENDING');
    // A rejection needs nothing submitted.
    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${nobody.id}`,
      as: admin,
      payload: { status: 'REJECTED', reason: 'No documents' },
    });
    expect(rejected.statusCode).toBe(200);
  });

  it('refuses a business entity without its business documents', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER');
    await submit(owner, true);
    await t.app.db.execute(sql`DELETE FROM files WHERE user_id = ${owner.id} AND kind = 'BUSINESS_KYC'`);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${owner.id}`, as: admin, payload: { status: 'VERIFIED' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(KYC_MESSAGES.verifyNeedsDocuments);
  });
});

describe('the queue', () => {
  it('lists submitted cases only, oldest first, with person, kind and document count', async () => {
    const never = await makeUser(t.app, 'INVESTOR');
    const first = await makeUser(t.app, 'INVESTOR', { firstName: 'First' });
    const second = await makeUser(t.app, 'PROPERTY_OWNER', { firstName: 'Second' });
    await submit(first);
    await submit(second, true);
    const page = await queue();
    const ids = page.items.map((c: { userId: string }) => c.userId);
    expect(ids).not.toContain(never.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const times = page.items.map((c: { submittedAt: string }) => c.submittedAt);
    expect([...times].sort()).toEqual(times);
    expect(page.items.find((c: { userId: string }) => c.userId === second.id)).toMatchObject({
      name: 'Second Test',
      kind: 'KYB',
      status: 'SUBMITTED',
      documentCount: 2,
    });
    expect(page.items.find((c: { userId: string }) => c.userId === first.id)).toMatchObject({ kind: 'KYC', documentCount: 1 });
    expect(page.total).toBe(page.items.length);
    // Paging and the kind filter.
    const one = await queue('pageSize=1&page=2');
    expect(one).toMatchObject({ page: 2, pageSize: 1, total: page.total });
    expect(one.items[0]._id).toBe(page.items[1]._id);
    const kyb = await queue('kind=KYB&pageSize=100');
    expect(kyb.items.every((c: { kind: string }) => c.kind === 'KYB')).toBe(true);
    // Submitting again while a case is open keeps the one case (and its place).
    await submit(first);
    const again = await queue();
    expect(again.items.filter((c: { userId: string }) => c.userId === first.id)).toHaveLength(1);
    expect(again.items.find((c: { userId: string }) => c.userId === first.id).documentCount).toBe(2);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/cases?bogus=1', as: admin })).statusCode).toBe(400);
  });

  it("the overview's needs-attention count is submitted cases", async () => {
    const before = (await call(t.app, { method: 'GET', url: '/v1/admin/metrics', as: admin })).json().submittedCases;
    await makeUser(t.app, 'INVESTOR'); // never submits: not counted
    const u = await makeUser(t.app, 'INVESTOR');
    await submit(u);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/metrics', as: admin })).json().submittedCases).toBe(before + 1);
    expect((await queue()).total).toBe(before + 1);
  });
});

describe('a case', () => {
  it('shows documents (each view audited), takes notes, and approves with the checklist', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await submit(u);
    const c = await caseOf(u.id);
    const res = await call(t.app, { method: 'GET', url: `/v1/admin/cases/${c._id}`, as: admin });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ userStatus: 'PENDING', onboardingCompleted: true, notes: [], reasonCode: null });
    expect(detail.documents).toHaveLength(1);
    expect(detail.documents[0]).not.toHaveProperty('url');
    const view = await call(t.app, { method: 'GET', url: `/v1/admin/cases/${c._id}/documents/${detail.documents[0]._id}`, as: admin });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ mimeType: 'image/jpeg', url: expect.stringContaining('sig=') });
    const other = await makeUser(t.app, 'INVESTOR');
    await submit(other);
    const otherDoc = (await call(t.app, { method: 'GET', url: `/v1/admin/cases/${(await caseOf(other.id))._id}`, as: admin })).json()
      .documents[0]._id;
    expect((await call(t.app, { method: 'GET', url: `/v1/admin/cases/${c._id}/documents/${otherDoc}`, as: admin })).statusCode).toBe(404);
    const views = await queryRows<{ detail: { fileId: string } }>(
      t.app,
      sql`SELECT detail FROM audit_log WHERE action = 'kyc.document.view' AND target_id = ${c._id}`,
    );
    expect(views.map((v) => v.detail.fileId)).toEqual([detail.documents[0]._id]);

    const note = await call(t.app, {
      method: 'POST',
      url: `/v1/admin/cases/${c._id}/notes`,
      as: admin,
      payload: { body: 'Passport looks fine' },
    });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ body: 'Passport looks fine', authorId: admin.id, authorEmail: admin.email });

    const approved = await decide(c._id, { decision: 'APPROVE', checklist: { IDENTITY_LEGIBLE: true, NAME_MATCHES: true } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      userStatus: 'VERIFIED',
      decidedBy: admin.id,
      checklist: { IDENTITY_LEGIBLE: true, NAME_MATCHES: true, ADDRESS_PROOF: false, SANCTIONS_PEP_SCREENED: false },
    });
    expect(approved.json().notes).toHaveLength(1);
    expect((await queue()).items.map((x: { _id: string }) => x._id)).not.toContain(c._id);
    const again = await decide(c._id, { decision: 'REJECT', reasonCode: 'OTHER' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(KYC_MESSAGES.caseAlreadyDecided);
    const [entry] = await queryRows<{ detail: { before: { status: string }; after: { status: string; userStatus: string } } }>(
      t.app,
      sql`SELECT detail FROM audit_log WHERE action = 'kyc.decide' AND target_id = ${c._id}`,
    );
    expect(entry.detail.before).toMatchObject({ status: 'SUBMITTED', userStatus: 'PENDING' });
    expect(entry.detail.after).toMatchObject({ status: 'APPROVED', userStatus: 'VERIFIED' });
  });

  it('rejects with a reason code: the person reads it in plain words, never the internal notes; they resubmit and a new case opens', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await submit(u);
    const c = await caseOf(u.id);
    await call(t.app, { method: 'POST', url: `/v1/admin/cases/${c._id}/notes`, as: admin, payload: { body: 'INTERNAL: looks forged' } });
    const noReason = await decide(c._id, { decision: 'REJECT' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(KYC_MESSAGES.rejectNeedsReason);
    expect((await decide(c._id, { decision: 'REJECT', reasonCode: 'BOGUS' })).statusCode).toBe(400);
    const rejected = await decide(c._id, { decision: 'REJECT', reasonCode: 'EXPIRED_DOCUMENT', note: 'It expired in 2020.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      reasonCode: 'EXPIRED_DOCUMENT',
      decisionNote: 'It expired in 2020.',
      userStatus: 'REJECTED',
    });
    const [n] = await queryRows<{ body: string }>(
      t.app,
      sql`SELECT body FROM notifications WHERE user_id = ${u.id} AND kind = 'KYC_REJECTED'`,
    );
    expect(n.body).toContain(KYC_REJECTION_REASON_TEXT.EXPIRED_DOCUMENT);
    expect(n.body).not.toContain('INTERNAL');
    expect(n.body).not.toContain('EXPIRED_DOCUMENT');

    // The rejection ended their sessions; they sign in again and resubmit.
    u.token = await login(t.app, u.email, u.password);
    u.headers = { authorization: `Bearer ${u.token}` };
    await submit(u);
    const next = await caseOf(u.id);
    expect(next._id).not.toBe(c._id);
    const page = (await call(t.app, { method: 'GET', url: `/v1/admin/cases/${next._id}`, as: admin })).json();
    expect(page.history.map((h: { _id: string; status: string }) => [h._id, h.status])).toEqual([
      [next._id, 'SUBMITTED'],
      [c._id, 'REJECTED'],
    ]);
    expect(page.notes).toEqual([]);
  });

  it('the direct verify route closes the open case the same way', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await submit(u);
    const c = await caseOf(u.id);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${u.id}`, as: admin, payload: { status: 'VERIFIED' } })).statusCode,
    ).toBe(200);
    const page = (await call(t.app, { method: 'GET', url: `/v1/admin/cases/${c._id}`, as: admin })).json();
    expect(page.status).toBe('APPROVED');
  });

  it('answers 404 for an unknown case and refuses non-admins', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, { method: 'GET', url: `/v1/admin/cases/${id}`, as: admin })).statusCode).toBe(404);
    const investor = await makeUser(t.app, 'INVESTOR');
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/cases', as: investor })).statusCode).toBe(403);
  });
});

describe('four eyes on verification', () => {
  it('approving with a check not ticked waits for a second admin; all ticked, or a rejection, is immediate', async () => {
    const off = t.app.config.fourEyes;
    t.app.config.fourEyes = { actions: ['person.verify'], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
    try {
      const person = await makeUser(t.app, 'INVESTOR');
      await submit(person);
      const c = await caseOf(person.id);
      const held = await decide(c._id, { decision: 'APPROVE', checklist: { IDENTITY_LEGIBLE: true, NAME_MATCHES: true } });
      expect(held.statusCode).toBe(202);
      expect(held.json()).toMatchObject({
        action: 'person.verify',
        status: 'PENDING',
        summary: expect.stringContaining('Proof of address'),
      });
      const statusOf = async (id: string) =>
        (await queryRows<{ status: string }>(t.app, sql`SELECT status FROM users WHERE id = ${id}`))[0].status;
      expect(await statusOf(person.id)).toBe('PENDING');
      const approve = (as: TestUser) => call(t.app, { method: 'POST', url: `/v1/approvals/${held.json()._id}/approve`, as });
      expect((await approve(admin)).statusCode).toBe(403);
      // Support cannot verify people, so cannot approve it either.
      expect((await approve(await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' }))).statusCode).toBe(403);
      expect((await approve(await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' }))).json().status).toBe('APPROVED');
      expect(await statusOf(person.id)).toBe('VERIFIED');

      const ticked = await makeUser(t.app, 'INVESTOR');
      await submit(ticked);
      const all = { IDENTITY_LEGIBLE: true, NAME_MATCHES: true, ADDRESS_PROOF: true, SANCTIONS_PEP_SCREENED: true };
      expect((await decide((await caseOf(ticked.id))._id, { decision: 'APPROVE', checklist: all })).statusCode).toBe(200);
      expect(await statusOf(ticked.id)).toBe('VERIFIED');

      const refused = await makeUser(t.app, 'INVESTOR');
      await submit(refused);
      expect((await decide((await caseOf(refused.id))._id, { decision: 'REJECT', reasonCode: 'OTHER' })).statusCode).toBe(200);
      expect(await statusOf(refused.id)).toBe('REJECTED');
    } finally {
      t.app.config.fourEyes = off;
    }
  });

  it('verifying through the direct route, which ticks no checklist, always waits for a second admin', async () => {
    const off = t.app.config.fourEyes;
    t.app.config.fourEyes = { actions: ['person.verify'], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
    try {
      const verify = (id: string, payload: object) => call(t.app, { method: 'PATCH', url: `/v1/users/verify/${id}`, as: admin, payload });
      const statusOf = async (id: string) =>
        (await queryRows<{ status: string }>(t.app, sql`SELECT status FROM users WHERE id = ${id}`))[0].status;
      // Nothing submitted: refused at once, not queued for a second admin to find out.
      const nobody = await makeUser(t.app, 'INVESTOR');
      const refused = await verify(nobody.id, { status: 'VERIFIED' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(KYC_MESSAGES.verifyNeedsOnboarding);

      const person = await makeUser(t.app, 'INVESTOR');
      await submit(person);
      const held = await verify(person.id, { status: 'VERIFIED' });
      expect(held.statusCode).toBe(202);
      expect(held.json()).toMatchObject({ action: 'person.verify', status: 'PENDING', targetId: person.id });
      expect(held.json().summary).toContain('without a case checklist');
      expect(await statusOf(person.id)).toBe('PENDING');
      // One waiting request per person.
      expect((await verify(person.id, { status: 'VERIFIED' })).statusCode).toBe(409);
      const approve = (as: TestUser) => call(t.app, { method: 'POST', url: `/v1/approvals/${held.json()._id}/approve`, as });
      expect((await approve(admin)).statusCode).toBe(403);
      expect((await approve(await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' }))).json().status).toBe('APPROVED');
      expect(await statusOf(person.id)).toBe('VERIFIED');
      expect(await caseOf(person.id)).toBeUndefined();

      // A rejection is immediate.
      const other = await makeUser(t.app, 'INVESTOR');
      await submit(other);
      expect((await verify(other.id, { status: 'REJECTED', reason: 'Blurred' })).statusCode).toBe(200);
      expect(await statusOf(other.id)).toBe('REJECTED');
    } finally {
      t.app.config.fourEyes = off;
    }
  });
});

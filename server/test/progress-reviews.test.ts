// Off-plan progress that goes backwards on a live listing is held for a compliance review:
// the listing and what investors see stay as they were until an admin approves it; a
// rejection (with a reason) keeps them; the owner hears of either decision.
import { sql } from 'drizzle-orm';
import { PROGRESS_REVIEW_MESSAGES } from 'shared-api/contract/dashboard';
import { buildTestApp, call, makeProperty, makeUser, queryRows, snapshot, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
let compliance: TestUser;
let finance: TestUser;
let owner: TestUser;
let investor: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  compliance = await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' });
  finance = await makeUser(t.app, 'ADMIN', { adminRole: 'FINANCE' });
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED', firstName: 'Olga' });
  investor = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
});

interface Update {
  _id: string;
  percent: number;
  status: string;
  previousPercent: number | null;
  reviewReason: string | null;
  note: string;
}
interface Posted {
  _id: string;
  progress: number;
  progressUpdates: { percent: number; note: string }[];
  progressUpdate: Update;
  message: string | null;
}
interface Review {
  _id: string;
  propertyId: string;
  propertyTitle: string;
  currentPercent: number;
  proposedPercent: number;
  note: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
  ageHours: number;
}

const post = (id: string, percent: number, note?: string, as = owner) =>
  call(t.app, {
    method: 'PATCH',
    url: `/v1/properties/offPlan-progress/${id}`,
    as,
    payload: note === undefined ? { percent } : { percent, note },
  });
const reviews = async (as: TestUser = compliance) => {
  const res = await call(t.app, { method: 'GET', url: '/v1/admin/progress-reviews', as });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Review[] }>().items;
};
const decide = (id: string, what: 'approve' | 'reject', as: TestUser = compliance, payload?: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: `/v1/admin/progress-reviews/${id}/${what}`, as, ...(payload === undefined ? {} : { payload }) });
/** What an investor sees of the listing: its page and its catalogue card. */
const investorView = async (id: string) => {
  const page = await call(t.app, { method: 'GET', url: `/v1/properties/${id}`, as: investor });
  expect(page.statusCode).toBe(200);
  const { progress, progressUpdates } = page.json<Posted>();
  return { progress, progressUpdates };
};
const ownersCard = async (id: string) => {
  const res = await call(t.app, { method: 'GET', url: `/v1/properties/owned?status=ACTIVE&pageSize=100`, as: owner });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: { _id: string; progress: number; progressReview: Update | null }[] }>().items.find((p) => p._id === id)!;
};
const noticesOf = (userId: string) =>
  queryRows<{ kind: string; title: string; body: string; data: Record<string, unknown> }>(
    t.app,
    sql`SELECT kind, title, body, data FROM notifications WHERE user_id = ${userId} AND kind = 'LISTING_REVISION_DECIDED' ORDER BY created_at`,
  );
const auditOf = (action: string, propertyId: string) =>
  queryRows<{ actor_id: string; detail: Record<string, unknown> }>(
    t.app,
    sql`SELECT actor_id, detail FROM audit_log WHERE action = ${action} AND target_id = ${propertyId} ORDER BY created_at`,
  );

async function liveAt(percent: number): Promise<string> {
  const p = await makeProperty(t.app, owner, { type: 'OFF_PLAN', approveAs: admin, body: { progress: 0 } });
  expect(p.status).toBe('ACTIVE');
  const res = await post(p._id, percent, 'Frame up');
  expect(res.statusCode).toBe(200);
  expect(res.json<Posted>().progress).toBe(percent);
  return p._id;
}

describe('posting progress', () => {
  it('applies forward (and equal) progress at once, as before', async () => {
    const id = await liveAt(40);
    const res = await post(id, 60, 'Roof on');
    expect(res.statusCode).toBe(200);
    const body = res.json<Posted>();
    expect(body.progress).toBe(60);
    expect(body.message).toBeNull();
    expect(body.progressUpdate).toMatchObject({ percent: 60, status: 'APPLIED', previousPercent: 40, note: 'Roof on' });
    expect((await post(id, 60)).json<Posted>().progressUpdate.status).toBe('APPLIED');
    expect(await investorView(id)).toMatchObject({ progress: 60 });
    expect((await ownersCard(id)).progressReview).toBeNull();
  });

  it('holds a lower percent for review: the listing and what investors see stay unchanged', async () => {
    const id = await liveAt(80);
    const seen = await investorView(id);
    const res = await post(id, 20, 'Structural issue, rebuilding the frame');
    expect(res.statusCode).toBe(200);
    const body = res.json<Posted>();
    expect(body.progress).toBe(80);
    expect(body.progressUpdate).toMatchObject({ percent: 20, status: 'PENDING_REVIEW', previousPercent: 80, reviewReason: null });
    expect(body.message).toBe(PROGRESS_REVIEW_MESSAGES.held(80));
    expect(body.message).toContain('80%');
    // The held update is in no answer an investor gets, nor in the catalogue.
    expect(body.progressUpdates.map((u) => u.percent)).not.toContain(20);
    expect(await investorView(id)).toEqual(seen);
    const catalogue = await call(t.app, { method: 'GET', url: '/v1/properties?pageSize=100', as: investor });
    const card = catalogue
      .json<{ items: { _id: string; progress: number; progressUpdates: { percent: number }[] }[] }>()
      .items.find((p) => p._id === id);
    expect(card?.progress).toBe(80);
    expect(card?.progressUpdates.map((u) => u.percent)).not.toContain(20);
    const [row] = await queryRows<{ progress: number }>(t.app, sql`SELECT progress FROM properties WHERE id = ${id}`);
    expect(row.progress).toBe(80);
    // The owner's own list shows it as awaiting review.
    expect((await ownersCard(id)).progressReview).toMatchObject({ _id: body.progressUpdate._id, status: 'PENDING_REVIEW', percent: 20 });
  });

  it('refuses a second lower update while one waits (409, nothing written); forward still applies', async () => {
    const id = await liveAt(70);
    expect((await post(id, 30)).json<Posted>().progressUpdate.status).toBe('PENDING_REVIEW');
    const before = await snapshot(t.app);
    const second = await post(id, 10);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PROGRESS_REVIEW_MESSAGES.alreadyPending);
    expect(await snapshot(t.app)).toBe(before);
    const forward = await post(id, 75);
    expect(forward.statusCode).toBe(200);
    expect(forward.json<Posted>().progress).toBe(75);
    expect((await ownersCard(id)).progressReview).toMatchObject({ status: 'PENDING_REVIEW', percent: 30 });
  });

  it('applies a lower percent at once on a listing nobody can see yet (it is under review as a whole)', async () => {
    const p = await makeProperty(t.app, owner, { type: 'OFF_PLAN', body: { progress: 50 } });
    expect(p.status).toBe('PENDING_REVIEW');
    const res = await post(p._id, 10);
    expect(res.json<Posted>()).toMatchObject({ progress: 10, message: null, progressUpdate: { status: 'APPLIED' } });
  });
});

describe('the review queue', () => {
  it('lists held updates oldest first with title, current and proposed percent, note, owner and age', async () => {
    const a = await liveAt(90);
    const b = await liveAt(55);
    const ua = (await post(a, 45, 'Redesign')).json<Posted>().progressUpdate;
    const ub = (await post(b, 5)).json<Posted>().progressUpdate;
    const items = await reviews();
    const mine = items.filter((r) => r._id === ua._id || r._id === ub._id);
    expect(mine.map((r) => r._id)).toEqual([ua._id, ub._id]);
    expect(mine[0]).toMatchObject({
      propertyId: a,
      propertyTitle: expect.any(String),
      currentPercent: 90,
      proposedPercent: 45,
      note: 'Redesign',
      ownerId: owner.id,
      ownerName: expect.stringContaining('Olga'),
      ownerEmail: owner.email,
      ageHours: 0,
    });
    const times = items.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    const metrics = await call(t.app, { method: 'GET', url: '/v1/admin/metrics', as: compliance });
    expect(metrics.json().pendingProgressReviews).toBe(items.length);
  });

  it('approve applies the percent, audits before and after, tells the owner, and cannot run twice', async () => {
    const id = await liveAt(80);
    const u = (await post(id, 35, 'Fire damage')).json<Posted>().progressUpdate;
    const res = await decide(u._id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: u._id, status: 'APPLIED', percent: 35, decidedAt: expect.any(String) });
    const seen = await investorView(id);
    expect(seen.progress).toBe(35);
    expect(seen.progressUpdates.map((x) => [x.percent, x.note])).toContainEqual([35, 'Fire damage']);
    expect((await ownersCard(id)).progressReview).toBeNull();
    const [row] = await auditOf('property.progress.approve', id);
    expect(row.actor_id).toBe(compliance.id);
    expect(row.detail).toMatchObject({
      updateId: u._id,
      before: { progress: 80, status: 'PENDING_REVIEW' },
      after: { progress: 35, status: 'APPLIED' },
    });
    const notices = (await noticesOf(owner.id)).filter((n) => n.data.propertyId === id);
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toContain('35%');
    expect(notices[0].data).not.toHaveProperty('reason');
    expect((await decide(u._id, 'approve')).statusCode).toBe(409);
    expect((await decide(u._id, 'reject', compliance, { reason: 'late' })).statusCode).toBe(409);
    expect(await reviews()).not.toContainEqual(expect.objectContaining({ _id: u._id }));
  });

  it('reject needs a reason, keeps the listing, tells the owner why, and the owner sees the reason', async () => {
    const id = await liveAt(65);
    const u = (await post(id, 15)).json<Posted>().progressUpdate;
    const before = await snapshot(t.app);
    expect((await decide(u._id, 'reject')).statusCode).toBe(400);
    expect((await decide(u._id, 'reject', compliance, {})).statusCode).toBe(400);
    const blank = await decide(u._id, 'reject', compliance, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(PROGRESS_REVIEW_MESSAGES.reasonRequired);
    expect((await decide(u._id, 'reject', compliance, { reason: 'x', extra: 1 })).statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);

    const res = await decide(u._id, 'reject', compliance, { reason: ' Site photos show 60% ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', reviewReason: 'Site photos show 60%' });
    expect((await investorView(id)).progress).toBe(65);
    expect((await ownersCard(id)).progressReview).toMatchObject({ _id: u._id, status: 'REJECTED', reviewReason: 'Site photos show 60%' });
    const [row] = await auditOf('property.progress.reject', id);
    expect(row.detail).toMatchObject({
      reason: 'Site photos show 60%',
      before: { progress: 65, status: 'PENDING_REVIEW' },
      after: { progress: 65, status: 'REJECTED' },
    });
    const notices = (await noticesOf(owner.id)).filter((n) => n.data.propertyId === id);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('Site photos show 60%');
    // A later update replaces the rejected one on the owner's card; a new lower one may wait again.
    expect((await post(id, 20)).json<Posted>().progressUpdate.status).toBe('PENDING_REVIEW');
  });

  it('two lower posts at once hold one; two decisions at once apply one', async () => {
    const id = await liveAt(70);
    const posts = await Promise.all([post(id, 30), post(id, 20)]);
    expect(posts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const held = posts.find((r) => r.statusCode === 200)!.json<Posted>().progressUpdate;
    const decisions = await Promise.all([decide(held._id, 'approve'), decide(held._id, 'reject', admin, { reason: 'No' })]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM progress_updates WHERE id = ${held._id}`);
    expect(row.status).toBe(decisions[0].statusCode === 200 ? 'APPLIED' : 'REJECTED');
    expect((await investorView(id)).progress).toBe(decisions[0].statusCode === 200 ? held.percent : 70);
  });

  it('answers 4xx for bad and unknown ids, and only reviewers may decide', async () => {
    expect((await decide('not-a-uuid', 'approve')).statusCode).toBe(400);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'reject', compliance, { reason: 'no' })).statusCode).toBe(404);
    const id = await liveAt(50);
    const u = (await post(id, 40)).json<Posted>().progressUpdate;
    expect((await decide(u._id, 'approve', finance)).statusCode).toBe(403);
    expect((await decide(u._id, 'approve', owner)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/progress-reviews', as: investor })).statusCode).toBe(403);
    expect((await investorView(id)).progress).toBe(50);
    expect((await decide(u._id, 'approve', admin)).statusCode).toBe(200);
  });
});

describe("an admin's edit of the progress", () => {
  const edit = (id: string, progress: number, as: TestUser = compliance) =>
    call(t.app, { method: 'PATCH', url: `/v1/properties/${id}/off-plan`, as, payload: { progress } });

  it('holds a lower percent on a live listing for another admin; forward applies at once', async () => {
    const id = await liveAt(70);
    const up = await edit(id, 75);
    expect(up.statusCode).toBe(200);
    expect(up.json<{ progress: number }>().progress).toBe(75);
    expect((await investorView(id)).progress).toBe(75);

    const down = await edit(id, 30);
    expect(down.statusCode).toBe(200);
    const body = down.json<{ progress: number; progressReview: Update | null }>();
    expect(body.progress).toBe(75);
    expect(body.progressReview).toMatchObject({ percent: 30, status: 'PENDING_REVIEW', previousPercent: 75 });
    expect((await investorView(id)).progress).toBe(75);
    const [row] = await queryRows<{ progress: number }>(t.app, sql`SELECT progress FROM properties WHERE id = ${id}`);
    expect(row.progress).toBe(75);
    // The edit's audit row says what was held.
    const edits = await auditOf('property.update', id);
    expect(edits.at(-1)?.detail).toMatchObject({ heldProgress: 30 });

    // The admin who asked cannot approve it; another admin can.
    const held = (await reviews()).find((r) => r.propertyId === id)!;
    expect(held).toMatchObject({ currentPercent: 75, proposedPercent: 30 });
    const own = await decide(held._id, 'approve', compliance);
    expect(own.statusCode).toBe(409);
    expect(own.json<{ message: string }>().message).toBe(PROGRESS_REVIEW_MESSAGES.ownRequest);
    expect((await investorView(id)).progress).toBe(75);
    expect((await decide(held._id, 'approve', admin)).statusCode).toBe(200);
    expect((await investorView(id)).progress).toBe(30);
  });

  it('lets the admin who asked withdraw it by rejecting; a listing not yet live changes at once', async () => {
    const id = await liveAt(60);
    expect((await edit(id, 10)).statusCode).toBe(200);
    const held = (await reviews()).find((r) => r.propertyId === id)!;
    expect((await decide(held._id, 'reject', compliance, { reason: 'Typed 10 for 100' })).statusCode).toBe(200);
    expect((await investorView(id)).progress).toBe(60);

    const draft = await makeProperty(t.app, owner, { type: 'OFF_PLAN', body: { progress: 50 } });
    expect(draft.status).toBe('PENDING_REVIEW');
    const res = await edit(draft._id, 20);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ progress: number; progressReview: Update | null }>()).toMatchObject({ progress: 20, progressReview: null });
  });
});

// Issue 16: a change to a live listing is a revision under review (the live version stays
// on sale and visible, holders included), approve applies it at once, reject leaves the
// listing as it was; holders always see what they hold; images keep the owner's order.
import { sql } from 'drizzle-orm';
import { REVISION_MESSAGES } from 'shared-api/contract/dashboard';
import {
  buildTestApp,
  call,
  LISTING,
  makeInvestor,
  makeProperty,
  makeUser,
  multipart,
  PDF,
  placeOrder,
  pngImage,
  queryRows,
  snapshot,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  other = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
});

interface Img {
  _id: string;
  url: string;
}
interface Rev {
  _id: string;
  status: string;
  proposed: Record<string, unknown>;
  images: Img[];
  documents: (Img & { name: string })[];
  fieldChanges: { field: string; from: unknown; to: unknown }[];
  fileChanges: { kind: string; change: string; fileId: string; from: number | null; to: number | null }[];
  coverChanged: boolean;
  reason: string | null;
}
interface P {
  _id: string;
  name: string;
  status: string;
  unitPrice: number;
  totalQuantity: number;
  description: string;
  images: Img[];
  documents: Img[];
  revision?: Rev | null;
}

const revisionNotices = (propertyId: string) =>
  queryRows<{ title: string; body: string }>(
    t.app,
    sql`SELECT title, body FROM notifications WHERE kind = 'LISTING_REVISION_DECIDED' AND data->>'propertyId' = ${propertyId} ORDER BY created_at`,
  );
const get = (url: string, as?: TestUser) => call(t.app, { method: 'GET', url, as });
const edit = (id: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${id}/rental-ready`, as: owner, payload });
const decide = (id: string, payload: Record<string, unknown>, as = admin) =>
  call(t.app, { method: 'PATCH', url: `/v1/properties/${id}/revision`, as, payload });
const order = (id: string, kind: 'PROPERTY_IMAGE' | 'PROPERTY_DOCUMENT', ids: string[]) =>
  call(t.app, { method: 'PUT', url: `/v1/properties/owned/${id}/files/order`, as: owner, payload: { kind, ids } });
const upload = async (id: string, n: number, color = '#3366cc') => {
  const png = await pngImage(64, 48, color);
  const { payload, headers } = multipart(
    Array.from({ length: n }, (_, i) => ({ field: 'files', filename: `photo${i}.png`, contentType: 'image/png', data: png })),
  );
  return call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${id}/images`, as: owner, payload, headers });
};
const uploadDoc = async (id: string, name: string) => {
  const { payload, headers } = multipart([{ field: 'files', filename: name, contentType: 'application/pdf', data: PDF }]);
  return call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${id}/documents`, as: owner, payload, headers });
};
const ownedView = async (id: string) => (await get(`/v1/properties/owned/${id}`, owner)).json<P>();
const publicView = async (id: string, as?: TestUser) => (await get(`/v1/properties/${id}`, as)).json<P>();

/** A live listing with three images (in upload order) and one document, and an investor holding units. */
async function liveListing(name: string): Promise<{ id: string; images: string[]; holder: TestUser }> {
  const p = await makeProperty(t.app, owner, { body: { name } });
  expect((await upload(p._id, 3)).statusCode).toBe(200);
  expect((await uploadDoc(p._id, 'deed.pdf')).statusCode).toBe(200);
  expect(
    (await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/review`, as: admin, payload: { decision: 'APPROVE' } })).statusCode,
  ).toBe(200);
  const holder = await makeInvestor(t, 10_000);
  expect((await placeOrder(t.app, holder, p._id, 4)).statusCode).toBe(201);
  const live = await publicView(p._id);
  return { id: p._id, images: live.images.map((i) => i._id), holder };
}

describe('a change to a live listing is a revision under review', () => {
  it('keeps the live version on sale and visible to everyone, holders included, until approved', async () => {
    const { id, images, holder } = await liveListing('Revision Live');
    const before = await publicView(id);
    const res = await edit(id, { name: 'Revision Renamed', description: 'New words' });
    expect(res.statusCode).toBe(200);
    const body = res.json<P>();
    expect(body).toMatchObject({ name: 'Revision Live', status: 'ACTIVE' });
    expect(body.revision).toMatchObject({
      status: 'PENDING',
      proposed: { name: 'Revision Renamed', description: 'New words' },
      fieldChanges: [
        { field: 'name', from: 'Revision Live', to: 'Revision Renamed' },
        { field: 'description', from: LISTING.description, to: 'New words' },
      ],
      fileChanges: [],
      coverChanged: false,
    });
    // The public, the holder and the catalogue still see the live version, unchanged.
    for (const as of [undefined, holder, other]) expect(await publicView(id, as)).toEqual(before);
    const catalogue = (await get('/v1/properties?searchName=Revision%20Live')).json<{ items: P[] }>();
    expect(catalogue.items.map((p) => p.name)).toEqual(['Revision Live']);
    expect((await get('/v1/properties?searchName=Revision%20Renamed')).json<{ items: P[] }>().items).toEqual([]);
    // Still buyable.
    expect((await placeOrder(t.app, holder, id, 1)).statusCode).toBe(201);
    // The public never sees the revision; the owner's and admin's reads carry it.
    expect(before).not.toHaveProperty('revision');
    expect((await get(`/v1/properties/owner/${id}`, admin)).json().revision.status).toBe('PENDING');
    expect(images).toHaveLength(3);
  });

  it('at most one revision is pending: a new edit updates it, and an edit back to the live value drops it', async () => {
    const { id } = await liveListing('Revision Single');
    const first = (await edit(id, { name: 'Revision Single Two' })).json<P>().revision!;
    const second = (await edit(id, { description: 'Longer' })).json<P>().revision!;
    expect(second._id).toBe(first._id);
    expect(second.proposed).toEqual({ name: 'Revision Single Two', description: 'Longer' });
    const rows = await queryRows<{ n: number }>(
      t.app,
      sql`SELECT count(*)::int AS n FROM property_revisions WHERE property_id = ${id} AND status = 'PENDING'`,
    );
    expect(rows[0].n).toBe(1);
    // The database refuses a second pending revision whatever the code does.
    await expect(
      t.app.db.execute(
        sql`INSERT INTO property_revisions (property_id, created_by, images, documents) VALUES (${id}, ${owner.id}, '[]', '[]')`,
      ),
    ).rejects.toThrow();
    const third = (await edit(id, { name: 'Revision Single', description: LISTING.description })).json<P>();
    expect(third.revision).toBeNull();
    const audit = (await get(`/v1/admin/audit?action=property.revision.submit`, admin)).json<{ items: { targetId: string }[] }>();
    expect(audit.items.filter((e) => e.targetId === id)).toHaveLength(2);
  });

  it('approve applies the fields and the files (added, removed, reordered) at once, audited', async () => {
    const { id, images } = await liveListing('Revision Approve');
    const live = await publicView(id);
    const docId = live.documents[0]._id;
    await edit(id, { name: 'Revision Approved', roiInFiveYears: 45 });
    const added = (await upload(id, 1, '#cc3333')).json<P>();
    const newId = added.revision!.images[3]._id;
    expect(added.images.map((i) => i._id)).toEqual(images); // live unchanged
    // Staged files are private until approved.
    const staged = added.revision!.images[3].url;
    expect(staged).toMatch(/\?exp=\d+&sig=/);
    expect((await get(staged.split('?')[0])).statusCode).toBe(404);
    // Remove the second image and the document, put the new one first (the cover).
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${id}/files/${images[1]}`, as: owner })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${id}/files/${docId}`, as: owner })).statusCode).toBe(200);
    const ordered = await order(id, 'PROPERTY_IMAGE', [newId, images[0], images[2]]);
    expect(ordered.statusCode).toBe(200);
    const rev = ordered.json<P>().revision!;
    expect(rev.coverChanged).toBe(true);
    expect(rev.fileChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'IMAGE', change: 'ADDED', fileId: newId, from: null, to: 1 }),
        expect.objectContaining({ kind: 'IMAGE', change: 'REMOVED', fileId: images[1], from: 2, to: null }),
        expect.objectContaining({ kind: 'DOCUMENT', change: 'REMOVED', fileId: docId, from: 1, to: null }),
      ]),
    );
    expect(rev.fileChanges).toHaveLength(3);
    // Still live as it was.
    expect(await publicView(id)).toEqual(live);

    const approved = await decide(id, { decision: 'APPROVE' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ name: 'Revision Approved', roiInFiveYears: 45, status: 'ACTIVE', revision: null });
    // The owner is told, in the listing's new name.
    expect(await revisionNotices(id)).toEqual([
      {
        title: 'Your changes to “Revision Approved” are approved',
        body: 'Your changes to “Revision Approved” passed review and are live.',
      },
    ]);
    const now = await publicView(id);
    expect(now.images.map((i) => i._id)).toEqual([newId, images[0], images[2]]);
    expect(now.documents).toEqual([]);
    // The adopted image is public now, the removed one is gone.
    expect((await get(now.images[0].url)).statusCode).toBe(200);
    const gone = await queryRows(t.app, sql`SELECT id FROM files WHERE id = ${images[1]}`);
    expect(gone).toEqual([]);
    const audit = (await get(`/v1/admin/audit?action=property.revision.approve`, admin)).json<{
      items: { targetId: string; detail: Record<string, unknown> }[];
    }>();
    expect(audit.items.find((e) => e.targetId === id)?.detail).toMatchObject({
      fields: ['name', 'roiInFiveYears'],
      filesAdded: 1,
      filesRemoved: 2,
    });
    // Nothing left to decide.
    expect((await decide(id, { decision: 'APPROVE' })).statusCode).toBe(409);
  });

  it('reject (with a reason) leaves everything as it was and deletes the staged files', async () => {
    const { id, images } = await liveListing('Revision Reject');
    const live = await publicView(id);
    await edit(id, { name: 'Revision Nope' });
    const staged = (await upload(id, 1)).json<P>().revision!.images[3]._id;
    await order(id, 'PROPERTY_IMAGE', [images[2], images[0], images[1], staged]);
    const before = await snapshot(t.app);
    const noReason = await decide(id, { decision: 'REJECT', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(REVISION_MESSAGES.reasonRequired);
    expect((await decide(id, { decision: 'REJECT', reason: 'x' }, owner)).statusCode).toBe(403);
    expect(await snapshot(t.app)).toBe(before);
    expect(await revisionNotices(id)).toEqual([]);
    const rejected = await decide(id, { decision: 'REJECT', reason: 'The new name is misleading' });
    expect(rejected.statusCode).toBe(200);
    expect(await revisionNotices(id)).toEqual([
      {
        title: 'Your changes to “Revision Reject” were rejected',
        body: 'Your changes to “Revision Reject” were not approved. Reason: The new name is misleading',
      },
    ]);
    expect(rejected.json()).toMatchObject({
      name: 'Revision Reject',
      revision: { status: 'REJECTED', reason: 'The new name is misleading' },
    });
    expect(await publicView(id)).toEqual(live);
    expect(await queryRows(t.app, sql`SELECT id FROM files WHERE id = ${staged}`)).toEqual([]);
    // The owner sees the reason until the next edit.
    expect((await ownedView(id)).revision).toMatchObject({ status: 'REJECTED', reason: 'The new name is misleading' });
    const next = (await edit(id, { description: 'Try again' })).json<P>();
    expect(next.revision).toMatchObject({ status: 'PENDING', proposed: { description: 'Try again' }, reason: null });
    const audit = (await get(`/v1/admin/audit?action=property.revision.reject`, admin)).json<{ items: { targetId: string }[] }>();
    expect(audit.items.some((e) => e.targetId === id)).toBe(true);
  });

  it('refuses price and total changes once units are sold, with clear messages, changing nothing', async () => {
    const { id } = await liveListing('Revision Locked');
    const before = await snapshot(t.app);
    const price = await edit(id, { unitPrice: 99 });
    expect(price.statusCode).toBe(409);
    expect(price.json().message).toBe(REVISION_MESSAGES.priceLocked);
    const total = await edit(id, { totalQuantity: 500 });
    expect(total.statusCode).toBe(409);
    expect(total.json().message).toBe(REVISION_MESSAGES.totalLocked);
    const badOrder = await order(id, 'PROPERTY_IMAGE', []);
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toBe(REVISION_MESSAGES.badOrder);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('a price change proposed before any sale is refused at approval if units sold meanwhile', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Revision Race' } });
    expect((await edit(p._id, { unitPrice: 70, totalQuantity: 120 })).statusCode).toBe(200);
    const buyer = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, buyer, p._id, 2)).statusCode).toBe(201);
    const before = await snapshot(t.app);
    const res = await decide(p._id, { decision: 'APPROVE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(REVISION_MESSAGES.priceLocked);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('a funded listing can be revised too (name, images), never its price or units', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Revision Funded', totalQuantity: 2 } });
    const buyer = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, buyer, p._id, 2)).statusCode).toBe(201);
    expect((await publicView(p._id)).status).toBe('FUNDED');
    expect((await edit(p._id, { name: 'Revision Funded Renamed' })).statusCode).toBe(200);
    expect((await edit(p._id, { totalQuantity: 3 })).statusCode).toBe(409);
    expect((await decide(p._id, { decision: 'APPROVE' })).json()).toMatchObject({ name: 'Revision Funded Renamed', status: 'FUNDED' });
  });

  it("the owner's lists keep a listing under revision where it was (active), flagged with its changes", async () => {
    const { id } = await liveListing('Revision Lists');
    await edit(id, { name: 'Revision Lists Renamed' });
    const active = (await get('/v1/properties/owned?status=ACTIVE&searchName=Revision%20Lists', owner)).json<{ items: P[] }>();
    expect(active.items.map((p) => [p.name, p.status, p.revision?.status])).toEqual([['Revision Lists', 'ACTIVE', 'PENDING']]);
    const byAdmin = (await get(`/v1/properties/owners-property/${owner.id}?searchName=Revision%20Lists`, admin)).json<{ items: P[] }>();
    expect(byAdmin.items[0].revision?.fieldChanges).toEqual([{ field: 'name', from: 'Revision Lists', to: 'Revision Lists Renamed' }]);
    const queue = (await get('/v1/properties/revisions', admin)).json<{ items: (Rev & { propertyId: string; propertyName: string })[] }>();
    expect(queue.items.find((r) => r.propertyId === id)).toMatchObject({ propertyName: 'Revision Lists', status: 'PENDING' });
    expect((await get('/v1/properties/revisions', owner)).statusCode).toBe(403);
  });

  it('a listing pending review or rejected is still edited in place', async () => {
    const p = await makeProperty(t.app, owner, { body: { name: 'Revision In Place' } });
    const res = await edit(p._id, { name: 'Revision In Place Two' });
    expect(res.json()).toMatchObject({ name: 'Revision In Place Two', status: 'PENDING_REVIEW', revision: null });
  });
});

describe('holders never see "Property not found"', () => {
  it('a holder (or an investor with a pending order) sees a listing that is no longer public; others do not', async () => {
    const { id, holder } = await liveListing('Revision Holder');
    // Taken off the public list (as a suspension or a review would).
    await t.app.db.execute(sql`UPDATE properties SET status = 'PENDING_REVIEW' WHERE id = ${id}`);
    expect((await get(`/v1/properties/${id}`)).statusCode).toBe(404);
    expect((await get(`/v1/properties/${id}`, other)).statusCode).toBe(404);
    const seen = await get(`/v1/properties/${id}`, holder);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ _id: id, status: 'PENDING_REVIEW' });
    // Its files come with signed links the holder can open.
    expect((await get(seen.json().images[0].url)).statusCode).toBe(200);
  });
});

describe('images in the order chosen', () => {
  it('keeps the upload order, and the owner reorders a listing not yet live in place (the first is the cover)', async () => {
    const p = await makeProperty(t.app, owner, { body: { name: 'Revision Order' } });
    await upload(p._id, 2);
    const three = (await upload(p._id, 1)).json<P>();
    const ids = three.images.map((i) => i._id);
    expect(ids).toHaveLength(3);
    const res = await order(p._id, 'PROPERTY_IMAGE', [ids[2], ids[0], ids[1]]);
    expect(res.statusCode).toBe(200);
    expect(res.json<P>().images.map((i) => i._id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(res.json<P>().revision).toBeNull();
    // A repeat, a missing image or a file of another listing is refused, changing nothing.
    const before = await snapshot(t.app);
    for (const bad of [
      [ids[2], ids[2], ids[1]],
      [ids[0], ids[1]],
      [ids[0], ids[1], '00000000-0000-4000-8000-000000000000'],
    ]) {
      const r = await order(p._id, 'PROPERTY_IMAGE', bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(REVISION_MESSAGES.badOrder);
    }
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: `/v1/properties/owned/${p._id}/files/order`,
          as: other,
          payload: { kind: 'PROPERTY_IMAGE', ids },
        })
      ).statusCode,
    ).toBe(403);
    expect(await snapshot(t.app)).toBe(before);
    await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    // Everywhere: the property, the catalogue card, the owner's list.
    expect((await publicView(p._id)).images.map((i) => i._id)).toEqual([ids[2], ids[0], ids[1]]);
    const card = (await get('/v1/properties?searchName=Revision%20Order')).json<{ items: P[] }>().items[0];
    expect(card.images[0]._id).toBe(ids[2]);
    const mine = (await get('/v1/properties/owned?searchName=Revision%20Order', owner)).json<{ items: P[] }>().items[0];
    expect(mine.images[0]._id).toBe(ids[2]);
  });

  it('on a live listing the new order and cover wait in the revision, then apply', async () => {
    const { id, images } = await liveListing('Revision Cover');
    const res = await order(id, 'PROPERTY_IMAGE', [images[2], images[0], images[1]]);
    expect(res.statusCode).toBe(200);
    const rev = res.json<P>().revision!;
    expect(rev.coverChanged).toBe(true);
    // One image moved, not three.
    expect(rev.fileChanges).toEqual([expect.objectContaining({ kind: 'IMAGE', change: 'MOVED', fileId: images[2], from: 3, to: 1 })]);
    expect((await publicView(id)).images.map((i) => i._id)).toEqual(images);
    await decide(id, { decision: 'APPROVE' });
    expect((await publicView(id)).images.map((i) => i._id)).toEqual([images[2], images[0], images[1]]);
    const card = (await get('/v1/properties?searchName=Revision%20Cover')).json<{ items: P[] }>().items[0];
    expect(card.images[0]._id).toBe(images[2]);
  });
});

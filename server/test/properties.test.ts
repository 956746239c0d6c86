import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { properties } from '../src/db/schema';
import { preferredEncoding } from '../src/modules/properties/catalogue-cache';
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
  snapshot,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let owner2: TestUser;
let investor: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  owner2 = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  investor = await makeUser(t.app, 'INVESTOR');
});
/** Units sold the way they are: a funded investor's order (PENDING: units reserved). */
async function sell(propertyId: string, quantity: number): Promise<string> {
  const buyer = await makeInvestor(t, quantity * 250);
  const res = await placeOrder(t.app, buyer, propertyId, quantity);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}
afterAll(async () => {
  await t?.close();
});

type P = {
  _id: string;
  name: string;
  status: string;
  images: { url: string; srcset?: string }[];
  documents: { url: string; name: string }[];
};
const get = (url: string, as?: TestUser) => call(t.app, { method: 'GET', url, as });
const images = async (id: string, n: number, as = owner) => {
  const png = await pngImage(1200, 800);
  const { payload, headers } = multipart(
    Array.from({ length: n }, (_, i) => ({ field: 'files', filename: `photo${i}.png`, contentType: 'image/png', data: png })),
  );
  return call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${id}/images`, as, payload, headers });
};

describe('creating listings', () => {
  it('creates rental-ready and off-plan listings pending review, money in dollars', async () => {
    const rr = await call(t.app, { method: 'POST', url: '/v1/properties/owned/rental-ready', as: owner, payload: LISTING });
    expect(rr.statusCode).toBe(201);
    expect(rr.json()).toMatchObject({
      ...LISTING,
      type: 'RENTAL_READY',
      status: 'PENDING_REVIEW',
      availableQuantity: 100,
      progress: null,
      ownerId: owner.id,
      images: [],
      documents: [],
      progressUpdates: [],
    });
    const op = await call(t.app, {
      method: 'POST',
      url: '/v1/properties/owned/off-plan',
      as: owner,
      payload: { ...LISTING, progress: 15 },
    });
    expect(op.statusCode).toBe(201);
    expect(op.json()).toMatchObject({ type: 'OFF_PLAN', progress: 15 });
    const [row] = await t.app.db.select().from(properties).where(eq(properties.id, rr.json()._id));
    expect(row.unitPriceCents).toBe(5050);
  });

  it('refuses mass assignment (ownerId, status, availableQuantity) and bad values', async () => {
    const before = await snapshot(t.app);
    for (const extra of [{ ownerId: owner2.id }, { status: 'ACTIVE' }, { availableQuantity: 1 }, { rejectionReason: 'x' }]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/v1/properties/owned/rental-ready',
        as: owner,
        payload: { ...LISTING, ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([`${Object.keys(extra)[0]} is not allowed`]);
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ unitPrice: 10.123 }, 'unitPrice: Amount can have at most two decimals'],
      [{ unitPrice: 0 }, 'unitPrice must be greater than 0'],
      [{ unitPrice: '50' }, 'unitPrice must be a number'],
      [{ state: 'ZZ' }, 'state must be one of'],
      [{ totalQuantity: 1.5 }, 'totalQuantity must be a whole number'],
      [{ name: '   ' }, MESSAGES.fillAllFields],
      [{ roiInFiveYears: 12.345 }, 'roiInFiveYears can have at most two decimals'],
      [{ progress: 10 }, 'progress is not allowed'],
    ];
    for (const [patch, message] of cases) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/v1/properties/owned/rental-ready',
        as: owner,
        payload: { ...LISTING, ...patch },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain(message);
    }
    const huge = await call(t.app, {
      method: 'POST',
      url: '/v1/properties/owned/off-plan',
      as: owner,
      payload: { ...LISTING, totalQuantity: 10_000_000, unitPrice: 99_999_999.99 },
    });
    expect(huge.statusCode).toBe(400);
    const progress = await call(t.app, {
      method: 'POST',
      url: '/v1/properties/owned/off-plan',
      as: owner,
      payload: { ...LISTING, progress: 101 },
    });
    expect(progress.statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('only owners create listings', async () => {
    expect((await call(t.app, { method: 'POST', url: '/v1/properties/owned/rental-ready', payload: LISTING })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/properties/owned/rental-ready', as: investor, payload: LISTING })).statusCode,
    ).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/v1/properties/owned/rental-ready', as: admin, payload: LISTING })).statusCode).toBe(
      403,
    );
  });
});

describe('visibility and review', () => {
  it('a pending listing is seen by its owner and admins only; approved it is public', async () => {
    const p = await makeProperty(t.app, owner);
    const url = `/v1/properties/${p._id}`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, investor)).statusCode).toBe(404);
    expect((await get(url, owner2)).statusCode).toBe(404);
    expect((await get(url, owner)).statusCode).toBe(200);
    expect((await get(url, admin)).statusCode).toBe(200);
    const approved = await call(t.app, { method: 'PATCH', url: `${url}/review`, as: admin, payload: { decision: 'APPROVE' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('ACTIVE');
    expect((await get(url)).statusCode).toBe(200);
    const again = await call(t.app, { method: 'PATCH', url: `${url}/review`, as: admin, payload: { decision: 'REJECT', reason: 'late' } });
    expect(again.statusCode).toBe(409);
    const audit = await get(`/v1/admin/audit?action=property.approve`, admin);
    expect(audit.json().items[0]).toMatchObject({ targetType: 'property', targetId: p._id, actorEmail: admin.email });
  });

  it('rejecting needs a reason; the owner sees it, fixes the listing and it returns to review', async () => {
    const p = await makeProperty(t.app, owner);
    const noReason = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/review`,
      as: admin,
      payload: { decision: 'REJECT' },
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/review`,
      as: admin,
      payload: { decision: 'REJECT', reason: 'Photos missing' },
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'Photos missing' });
    const mine = await get(`/v1/properties/owned/${p._id}`, owner);
    expect(mine.json().rejectionReason).toBe('Photos missing');
    const fixed = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/rental-ready`,
      as: owner,
      payload: { description: 'Now with photos' },
    });
    expect(fixed.json()).toMatchObject({ status: 'PENDING_REVIEW', rejectionReason: null, description: 'Now with photos' });
  });
});

describe('the public list', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `Zephyr${Date.now().toString(36)}`;
    const specs = [
      { name: `${tag} Alpha`, state: 'CA', unitPrice: 30, roiInFiveYears: 20, type: 'RENTAL_READY' as const },
      { name: `${tag} Beta`, state: 'NY', unitPrice: 10, roiInFiveYears: 50, type: 'OFF_PLAN' as const },
      { name: `${tag} Gamma`, state: 'CA', unitPrice: 20, roiInFiveYears: 35, type: 'OFF_PLAN' as const },
    ];
    for (const s of specs) {
      const { type, ...body } = s;
      await makeProperty(t.app, owner, { type, body, approveAs: admin });
    }
    await makeProperty(t.app, owner, { body: { name: `${tag} Pending` } });
    // Gamma has sold half its units (an approved order); Beta has more units in a pending
    // order, which reserves them but sells nothing (issue 16): Gamma is the most funded.
    const [gamma] = await t.app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, `${tag} Gamma`));
    const sold = await sell(gamma.id, 50);
    const approved = await call(t.app, { method: 'PATCH', url: `/v1/orders/${sold}/review`, as: admin, payload: { decision: 'APPROVE' } });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
    const [beta] = await t.app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, `${tag} Beta`));
    await sell(beta.id, 80);
  });
  const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((p) => p.name.replace(`${tag} `, ''));

  it('shows live listings only, filtered by name, state and type', async () => {
    const all = await get(`/v1/properties?searchName=${tag.toLowerCase()}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 12 });
    expect(names(all).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(await get(`/v1/properties?searchName=${tag}&state=CA`)).sort()).toEqual(['Alpha', 'Gamma']);
    expect(names(await get(`/v1/properties?searchName=${tag}&type=OFF_PLAN&state=CA`))).toEqual(['Gamma']);
    expect(names(await get(`/v1/properties?searchName=${tag}&status=ACTIVE&type=RENTAL_READY`))).toEqual(['Alpha']);
  });

  it('sorts and paginates', async () => {
    const q = `/v1/properties?searchName=${tag}`;
    expect(names(await get(`${q}&sort=price_asc`))).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(names(await get(`${q}&sort=price_desc`))).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(names(await get(`${q}&sort=roi_desc`))).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(names(await get(`${q}&sort=funded`))[0]).toEqual('Gamma');
    expect(names(await get(`${q}&sort=newest`))).toEqual(['Gamma', 'Beta', 'Alpha']);
    const page2 = await get(`${q}&sort=price_asc&pageSize=2&page=2`);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual(['Alpha']);
  });

  it('refuses non-public statuses to the public, lets admins list them, and validates the query', async () => {
    const pending = await get(`/v1/properties?searchName=${tag}&status=PENDING_REVIEW`);
    expect(pending.statusCode).toBe(400);
    expect(names(await get(`/v1/properties?searchName=${tag}&status=PENDING_REVIEW`, admin))).toEqual(['Pending']);
    expect((await get(`/v1/properties?searchName=${tag}`, admin)).json().total).toBe(4);
    for (const bad of ['sort=cheapest', 'state=XX', 'page=0', 'pageSize=101', 'type=CASTLE', 'foo=bar']) {
      expect((await get(`/v1/properties?${bad}`)).statusCode).toBe(400);
    }
    const wild = await get('/v1/properties?searchName=%25_%5C');
    expect(wild.statusCode).toBe(200);
    expect(wild.json().total).toBe(0);
  });
});

describe("owners' listings", () => {
  it('lists own listings; owners-property for that owner and admins only', async () => {
    const p = await makeProperty(t.app, owner2, { body: { name: 'Owner Two Place' } });
    const mine = await get('/v1/properties/owned?searchName=Owner%20Two', owner2);
    expect(mine.json().items.map((x: P) => x._id)).toEqual([p._id]);
    expect((await get('/v1/properties/owned', owner)).json().items.some((x: P) => x._id === p._id)).toBe(false);
    expect((await get(`/v1/properties/owners-property/${owner2.id}`, owner2)).statusCode).toBe(200);
    expect((await get(`/v1/properties/owners-property/${owner2.id}`, admin)).json().total).toBeGreaterThanOrEqual(1);
    expect((await get(`/v1/properties/owners-property/${owner2.id}`, owner)).statusCode).toBe(403);
    expect((await get(`/v1/properties/owners-property/${owner2.id}`, investor)).statusCode).toBe(403);
    expect((await get(`/v1/properties/owned/${p._id}`, owner)).statusCode).toBe(404);
  });

  it("owner view and active investments carry the listing's figures", async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin });
    await sell(p._id, 40);
    const view = await get(`/v1/properties/owner/${p._id}`, owner);
    expect(view.statusCode).toBe(200);
    // The 40 units are in a pending order: reserved, not sold (issue 16).
    expect(view.json()).toMatchObject({
      _id: p._id,
      unitsSold: 0,
      unitsReserved: 40,
      amountRaised: 0,
      totalValue: 5050,
      investorsCount: 0,
    });
    expect((await get(`/v1/properties/owner/${p._id}`, admin)).statusCode).toBe(200);
    expect((await get(`/v1/properties/owner/${p._id}`, owner2)).statusCode).toBe(404);
    const inv = await get(`/v1/properties/active-investments/${p._id}`, owner);
    expect(inv.json()).toEqual({ propertyId: p._id, unitsSold: 0, investors: [] });
    expect((await get(`/v1/properties/active-investments/${p._id}`, investor)).statusCode).toBe(403);
  });
});

describe('changing listings', () => {
  it("the owner's changes to a live listing wait in a revision; admin edits stay live and are audited", async () => {
    const p = await makeProperty(t.app, owner, { type: 'OFF_PLAN', approveAs: admin });
    const wrongType = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/rental-ready`,
      as: owner,
      payload: { name: 'X' },
    });
    expect(wrongType.statusCode).toBe(400);
    const byOther = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/off-plan`,
      as: owner2,
      payload: { name: 'Mine now' },
    });
    expect(byOther.statusCode).toBe(404);
    const mass = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/off-plan`,
      as: owner,
      payload: { ownerId: owner2.id },
    });
    expect(mass.statusCode).toBe(400);
    const edited = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/off-plan`,
      as: owner,
      payload: { name: 'Renamed', unitPrice: 60 },
    });
    expect(edited.json()).toMatchObject({
      name: LISTING.name,
      unitPrice: LISTING.unitPrice,
      status: 'ACTIVE',
      revision: { status: 'PENDING', proposed: { name: 'Renamed', unitPrice: 60 } },
    });
    await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/revision`, as: admin, payload: { decision: 'APPROVE' } });
    const byAdmin = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/off-plan`,
      as: admin,
      payload: { description: 'Checked', progress: 35 },
    });
    expect(byAdmin.json()).toMatchObject({ description: 'Checked', progress: 35, status: 'ACTIVE' });
    expect(byAdmin.json().progressUpdates.map((u: { percent: number }) => u.percent)).toEqual([35]);
    const audit = await get('/v1/admin/audit?action=property.update', admin);
    expect(audit.json().items[0]).toMatchObject({
      targetId: p._id,
      detail: { before: { description: 'A test listing', progress: 0 }, after: { description: 'Checked', progress: 35 } },
    });
    const adminWrongType = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/rental-ready`,
      as: admin,
      payload: { name: 'X' },
    });
    expect(adminWrongType.statusCode).toBe(400);
  });

  it('once units are sold the price is fixed, the total cannot drop below sales, and nothing can be deleted', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin });
    await sell(p._id, 30);
    const before = await snapshot(t.app);
    const price = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/owned/${p._id}/rental-ready`,
      as: owner,
      payload: { unitPrice: 99 },
    });
    expect(price.statusCode).toBe(409);
    const total = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/rental-ready`,
      as: admin,
      payload: { totalQuantity: 20 },
    });
    expect(total.statusCode).toBe(409);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${p._id}`, as: owner })).statusCode).toBe(409);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/${p._id}`, as: admin })).statusCode).toBe(409);
    expect(await snapshot(t.app)).toBe(before);
    const more = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/${p._id}/rental-ready`,
      as: admin,
      payload: { totalQuantity: 200 },
    });
    expect(more.json()).toMatchObject({ totalQuantity: 200, availableQuantity: 170 });
  });

  it('off-plan progress: the owner records it, with a history', async () => {
    const p = await makeProperty(t.app, owner, { type: 'OFF_PLAN' });
    const rr = await makeProperty(t.app, owner);
    const r1 = await call(t.app, {
      method: 'PATCH',
      url: `/v1/properties/offPlan-progress/${p._id}`,
      as: owner,
      payload: { percent: 20, note: 'Foundations' },
    });
    expect(r1.statusCode).toBe(200);
    const r2 = await call(t.app, { method: 'PATCH', url: `/v1/properties/offPlan-progress/${p._id}`, as: owner, payload: { percent: 45 } });
    expect(r2.json().progress).toBe(45);
    expect(r2.json().progressUpdates.map((u: { percent: number; note: string }) => [u.percent, u.note])).toEqual([
      [20, 'Foundations'],
      [45, ''],
    ]);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/properties/offPlan-progress/${rr._id}`, as: owner, payload: { percent: 5 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/properties/offPlan-progress/${p._id}`, as: owner2, payload: { percent: 5 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/properties/offPlan-progress/${p._id}`, as: admin, payload: { percent: 5 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/properties/offPlan-progress/${p._id}`, as: owner, payload: { percent: 120 } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('images, documents, downloads', () => {
  it('stores images as WebP with responsive widths; private links until the listing is live', async () => {
    const p = await makeProperty(t.app, owner);
    const res = await images(p._id, 2);
    expect(res.statusCode).toBe(200);
    const img = res.json().images[0];
    expect(res.json().images).toHaveLength(2);
    expect(img.url).toMatch(/^\/download\/[0-9a-f-]{36}\.webp\?exp=\d+&sig=/);
    expect(img.srcset).toMatch(/-480\.webp\?exp=\d+&sig=\S+ 480w, .*-960\.webp\?\S+ 960w, .*\.webp\?\S+ 1200w$/);
    expect(img).toMatchObject({ width: 1200, height: 800 });
    const plain = img.url.split('?')[0];
    expect((await get(plain)).statusCode).toBe(404);
    expect((await get(img.url)).statusCode).toBe(200);
    expect((await get(plain, owner)).statusCode).toBe(200);
    expect((await get(plain, owner2)).statusCode).toBe(404);
    await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    const live = await get(`/v1/properties/${p._id}`);
    expect(live.json().images[0].url).toBe(plain);
    const file = await get(plain);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const small = await get(plain.replace('.webp', '-480.webp'));
    expect(small.statusCode).toBe(200);
  });

  it('documents are PDFs, served as attachments with nosniff', async () => {
    const p = await makeProperty(t.app, owner);
    const { payload, headers } = multipart([
      { field: 'files', filename: 'Titlé deed <final>.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${p._id}/documents`, as: owner, payload, headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json().documents[0];
    expect(doc).toMatchObject({ name: 'Titlé deed final.pdf', mimeType: 'application/pdf', size: PDF.length });
    const file = await get(doc.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Titl_ deed final.pdf"; filename*=UTF-8''Titl%C3%A9%20deed%20final.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const png = await pngImage();
    const asDoc = multipart([{ field: 'files', filename: 'a.png', contentType: 'image/png', data: png }]);
    const wrong = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${p._id}/documents`, as: owner, ...asDoc });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.onlyPdf);
  });

  it('a stored file is named by its detected type, never the client’s extension: x.html holding a PDF is x.pdf', async () => {
    // Not yet live, so the documents are the listing's own (a live one's wait in a revision).
    const p = await makeProperty(t.app, owner);
    const { payload, headers } = multipart([{ field: 'files', filename: 'x.html', contentType: 'application/pdf', data: PDF }]);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${p._id}/documents`, as: owner, payload, headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json().documents[0];
    expect(doc).toMatchObject({ name: 'x.pdf', mimeType: 'application/pdf' });
    expect(doc.url).toMatch(/^\/download\/[0-9a-f-]{36}\.pdf/);
    const file = await get(doc.url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);
    // A name without an extension, or with the right one in capitals.
    const more = multipart([
      { field: 'files', filename: 'deed', contentType: 'application/pdf', data: PDF },
      { field: 'files', filename: 'Plan.PDF', contentType: 'application/pdf', data: PDF },
    ]);
    const named = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${p._id}/documents`, as: owner, ...more });
    expect(
      named
        .json()
        .documents.map((d: { name: string }) => d.name)
        .sort(),
    ).toEqual(['Plan.PDF', 'deed.pdf', 'x.pdf']);
  });

  it('refuses six files, a non-image, and uploads to someone else’s listing, storing nothing', async () => {
    const p = await makeProperty(t.app, owner);
    const before = await snapshot(t.app);
    const six = await images(p._id, 6);
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(MESSAGES.tooManyFiles(5));
    const { payload, headers } = multipart([{ field: 'files', filename: 'x.png', contentType: 'image/png', data: PDF }]);
    const bad = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${p._id}/images`, as: owner, payload, headers });
    expect(bad.json().message).toBe(MESSAGES.onlyImages);
    expect((await images(p._id, 1, owner2)).statusCode).toBe(404);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('removes one image; deleting a listing removes its files', async () => {
    const p = await makeProperty(t.app, owner);
    const res = await images(p._id, 2);
    const [first, second] = res.json().images as { _id: string; url: string }[];
    const other = await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${p._id}/files/${first._id}`, as: owner2 });
    expect(other.statusCode).toBe(404);
    const removed = await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${p._id}/files/${first._id}`, as: owner });
    expect(removed.json().images.map((i: { _id: string }) => i._id)).toEqual([second._id]);
    const key = (u: string) => path.join(t.config.uploadDir, u.split('?')[0].split('/').pop() as string);
    expect(existsSync(key(first.url))).toBe(false);
    expect(existsSync(key(second.url))).toBe(true);
    const del = await call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${p._id}`, as: owner });
    expect(del.statusCode).toBe(200);
    expect(existsSync(key(second.url))).toBe(false);
    expect((await get(`/v1/properties/${p._id}`, admin)).statusCode).toBe(404);
  });

  it('admins delete any listing, audited', async () => {
    const p = await makeProperty(t.app, owner2, { approveAs: admin });
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/${p._id}`, as: owner2 })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/${p._id}`, as: admin })).statusCode).toBe(200);
    const audit = await get('/v1/admin/audit?action=property.delete', admin);
    expect(audit.json().items[0]).toMatchObject({ targetId: p._id });
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/${p._id}`, as: admin })).statusCode).toBe(404);
  });
});

describe('the public catalogue served from memory (catalogue-cache.ts)', () => {
  const listed = async (q = '') =>
    (await get(`/v1/properties?pageSize=100${q}`)).json() as { items: (P & { availableQuantity: number })[]; total: number };

  it('never serves a page older than the last change: approvals, orders, images', async () => {
    const first = await listed('&sort=price_desc');
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Cache Check Villas' } });
    // The same page again, at once: the new listing is there.
    let page = await listed('&sort=price_desc');
    expect(page.total).toBe(first.total + 1);
    expect(page.items.find((i) => i._id === p._id)?.availableQuantity).toBe(100);
    // An order moves the unit counters: the next read shows it.
    await sell(p._id, 7);
    page = await listed('&sort=price_desc');
    expect(page.items.find((i) => i._id === p._id)?.availableQuantity).toBe(93);
    // New images of a live listing wait for review (issue 16), then belong to this listing only.
    expect((await images(p._id, 2)).statusCode).toBe(200);
    page = await listed('&sort=price_desc');
    expect(page.items.find((i) => i._id === p._id)?.images).toHaveLength(0);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/properties/${p._id}/revision`, as: admin, payload: { decision: 'APPROVE' } }))
        .statusCode,
    ).toBe(200);
    page = await listed('&sort=price_desc');
    expect(page.items.find((i) => i._id === p._id)?.images).toHaveLength(2);
    for (const other of page.items.filter((i) => i._id !== p._id))
      expect(other.images.every((img) => !page.items.find((i) => i._id === p._id)!.images.some((mine) => mine.url === img.url))).toBe(true);
    // Different queries are different pages.
    expect((await listed('&searchName=Cache%20Check')).items.map((i) => i._id)).toEqual([p._id]);
    expect((await listed('&searchName=No%20Such%20Name')).total).toBe(0);
  });

  it('sends the cached page compressed to clients that accept it: brotli, then gzip, else as it is', async () => {
    const url = '/v1/properties?pageSize=100&sort=price_asc';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    const as = (acceptEncoding: string) => call(t.app, { method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const br = await as('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await as('gzip;q=1.0, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await as('identity, deflate')).headers['content-encoding']).toBeUndefined();
    // The same page, served twice compressed, is the same bytes (compressed once, kept).
    expect((await as('br')).rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('reads Accept-Encoding as HTTP says: order, case and spaces do not matter, q-values rank, q=0 refuses, * allows', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding(' GZIP ;q=0.5 ')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.000')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });

  it('gives admins their own, uncached view of any status', async () => {
    const pending = await makeProperty(t.app, owner, { body: { name: 'Cache Pending House' } });
    expect((await get('/v1/properties?searchName=Cache%20Pending')).json().total).toBe(0);
    expect((await get('/v1/properties?searchName=Cache%20Pending&status=PENDING_REVIEW', admin)).json().items.map((i: P) => i._id)).toEqual(
      [pending._id],
    );
    expect((await get('/v1/properties?status=PENDING_REVIEW')).statusCode).toBe(400);
  });
});

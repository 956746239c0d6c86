// Documents on holder votes (a broker's opinion, a repair quote): PDF or images checked by
// their content, added by whoever raised the proposal until its close, readable by signed link
// by whoever may read the proposal. Through the real app on a real database.
import { sql } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES } from 'shared-api/contract';
import { PROPOSAL_MAX_DOCUMENTS, PROPOSAL_MESSAGES } from 'shared-api/contract/votes';
import {
  PDF,
  approvePendingOrders,
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  multipart,
  placeOrder,
  pngImage,
  queryRows,
  snapshot,
  type FilePart,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function openVote() {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
  const holder = await makeInvestor(t, 100);
  expect((await placeOrder(t.app, holder, propertyId, 10)).statusCode).toBe(201);
  await approvePendingOrders(t.app, admin, propertyId);
  const raised = await call(t.app, {
    method: 'POST',
    url: `/v1/properties/${propertyId}/proposals`,
    as: owner,
    payload: { kind: 'REPAIR', title: 'Fix the roof', budget: 2500, closesAt: inDays(3) },
  });
  expect(raised.statusCode).toBe(201);
  return { owner, holder, propertyId, id: raised.json()._id as string };
}

const attach = (as: TestUser, id: string, parts: FilePart[]) => {
  const body = multipart(parts);
  return call(t.app, { method: 'PATCH', url: `/v1/proposals/${id}/documents`, as, payload: body.payload, headers: body.headers });
};
const pdf = (filename = 'broker-opinion.pdf'): FilePart => ({ field: 'files', filename, contentType: 'application/pdf', data: PDF });

describe('documents on a proposal', () => {
  it('its raiser adds a PDF and an image; the proposal carries them as signed links', async () => {
    const { owner, holder, id } = await openVote();
    const png = await pngImage();
    const res = await attach(owner, id, [pdf(), { field: 'files', filename: 'quote.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(200);
    const docs = res.json().documents as { _id: string; name: string; mimeType: string; url: string }[];
    expect(docs.map((d) => [d.name, d.mimeType])).toEqual([
      ['broker-opinion.pdf', 'application/pdf'],
      ['quote.png', 'image/png'],
    ]);
    const [audit] = await queryRows<{ n: string }>(
      t.app,
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'proposal.documents' AND target_id = ${id}`,
    );
    expect(Number(audit.n)).toBe(1);

    // Whoever may read the proposal gets the links; the link works, the bare path does not.
    for (const reader of [holder, owner, admin]) {
      const read = await call(t.app, { method: 'GET', url: `/v1/proposals/${id}`, as: reader });
      expect(read.statusCode).toBe(200);
      expect((read.json().documents as { name: string }[]).map((d) => d.name)).toEqual(['broker-opinion.pdf', 'quote.png']);
    }
    const mine = await call(t.app, { method: 'GET', url: '/v1/me/proposals', as: holder });
    expect(mine.json().items[0].documents).toHaveLength(2);
    expect((await call(t.app, { method: 'GET', url: docs[0].url })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: docs[0].url.split('?')[0] })).statusCode).toBe(404);
    // Anyone else is refused the proposal, so never sees a link.
    const stranger = await makeInvestor(t);
    expect((await call(t.app, { method: 'GET', url: `/v1/proposals/${id}`, as: stranger })).statusCode).toBe(403);
  });

  it('refuses a file not what it claims, an oversize one, anyone but the raiser, too many, and after the close; nothing half-written', async () => {
    const { owner, holder, id } = await openVote();
    const before = await snapshot(t.app);
    const fake = await attach(owner, id, [
      { field: 'files', filename: 'x.pdf', contentType: 'application/pdf', data: Buffer.from('not a pdf') },
    ]);
    expect(fake.statusCode).toBe(400);
    const exe = await attach(owner, id, [{ field: 'files', filename: 'x.exe', contentType: 'application/x-msdownload', data: PDF }]);
    expect([400, 415]).toContain(exe.statusCode);
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES + 10)]);
    const huge = await attach(owner, id, [{ field: 'files', filename: 'big.pdf', contentType: 'application/pdf', data: big }]);
    expect(huge.statusCode).toBe(413);
    const other = await attach(holder, id, [pdf()]);
    expect([other.statusCode, other.json().message]).toEqual([403, PROPOSAL_MESSAGES.documentsRaiserOnly]);
    expect((await attach(admin, id, [pdf()])).statusCode).toBe(403);
    const none = await attach(owner, '00000000-0000-4000-8000-000000000000', [pdf()]);
    expect(none.statusCode).toBe(404);
    expect(await snapshot(t.app)).toBe(before);

    // At most PROPOSAL_MAX_DOCUMENTS in all: the call that would pass the cap stores nothing.
    const four = Array.from({ length: PROPOSAL_MAX_DOCUMENTS - 1 }, (_, i) => pdf(`doc-${i}.pdf`));
    expect((await attach(owner, id, four)).statusCode).toBe(200);
    const two = await attach(owner, id, [pdf('a.pdf'), pdf('b.pdf')]);
    expect([two.statusCode, two.json().message]).toEqual([400, PROPOSAL_MESSAGES.tooManyDocuments]);
    const [n] = await queryRows<{ n: string }>(t.app, sql`SELECT count(*) AS n FROM proposal_documents WHERE proposal_id = ${id}`);
    expect(Number(n.n)).toBe(PROPOSAL_MAX_DOCUMENTS - 1);

    // Once the close time has passed (the vote closes on this call), documents are refused.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`UPDATE proposals SET opens_at = now() - interval '3 days', closes_at = now() - interval '1 second' WHERE id = ${id}`,
      );
    });
    const late = await attach(owner, id, [pdf('late.pdf')]);
    expect([late.statusCode, late.json().message]).toEqual([409, PROPOSAL_MESSAGES.documentsClosed]);
  });
});

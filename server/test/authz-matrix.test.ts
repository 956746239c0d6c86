// Every route × anonymous, investor, owner, admin, plus a second investor and a second
// owner reaching for the first ones' objects. Each refusal must leave the database as it was.
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { notify } from '../src/modules/notifications/outbox';
import { sandboxToken } from '../src/modules/payments/sandbox';
import {
  buildTestApp,
  call,
  fund,
  login,
  makeProperty,
  makeUser,
  markSubmitted,
  multipart,
  PDF,
  placeOrder,
  pngImage,
  queryRows,
  snapshot,
  uniqueEmail,
  type TestApp,
  type TestUser,
  destinationFor,
  requestWithdrawal,
  US_ACCOUNT,
} from './helper';

type Actor = 'anon' | 'investor' | 'investor2' | 'owner' | 'owner2' | 'admin';
const ACTORS: Actor[] = ['anon', 'investor', 'investor2', 'owner', 'owner2', 'admin'];

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

interface Row {
  name: string;
  /** Builds the request (fresh objects where the call would change or consume them). */
  req: () => Promise<Req> | Req;
  /** Expected status per actor; actors left out are not tried. */
  expect: Partial<Record<Actor, number>>;
  /** The call ends the session it is made with: sign in again for it. */
  freshToken?: boolean;
  /** Tables a refusal writes on purpose (left out of the nothing-changed check). */
  refusalWrites?: string[];
  /** Waits out background work an allowed call starts, so it cannot look like a refusal's write. */
  settle?: () => Promise<void>;
}

let t: TestApp;

/** A PENDING approval request (of another admin unless named): approving it fails harmlessly (no such distribution). */
async function otherAdminsRequest(requestedBy?: string): Promise<string> {
  const by = requestedBy ?? (await makeUser(t.app, 'ADMIN')).id;
  const [r] = await queryRows<{ id: string }>(
    t.app,
    sql`INSERT INTO approval_requests (action, target_type, target_id, payload, summary, requested_by)
        VALUES ('distribution.pay', 'distribution', gen_random_uuid()::text, ${JSON.stringify({ distributionId: '00000000-0000-4000-8000-000000000000' })}::jsonb, 'Matrix', ${by})
        RETURNING id`,
  );
  return r.id;
}
const who = {} as Record<Exclude<Actor, 'anon'>, TestUser>;

/** A submitted verification case of a new person (a decision closes it, so each request gets its own). */
async function freshCase(): Promise<{ caseId: string; fileId: string }> {
  const u = await makeUser(t.app, 'INVESTOR');
  await markSubmitted(t.app, u.id);
  const [c] = await queryRows<{ id: string }>(
    t.app,
    sql`INSERT INTO kyc_cases (user_id, kind, document_count) VALUES (${u.id}, 'KYC', 1) RETURNING id`,
  );
  const [f] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM files WHERE user_id = ${u.id}`);
  return { caseId: c.id, fileId: f.id };
}
let fixtures: {
  pending: string;
  active: string;
  offPlan: string;
  image: string;
  imageFile: string;
  kycFile: string;
  ticket: string;
  order: string;
  entry: string;
  checkout: string;
  funded: string;
  distribution: string;
  report: string;
  appraisal: string;
  destination: string;
};

const ALL_SIGNED: Partial<Record<Actor, number>> = { anon: 401, investor: 200, investor2: 200, owner: 200, owner2: 200, admin: 200 };
const ADMIN_ONLY = (ok = 200): Partial<Record<Actor, number>> => ({
  anon: 401,
  investor: 403,
  investor2: 403,
  owner: 403,
  owner2: 403,
  admin: ok,
});
const WALLET_HOLDERS = (ok = 200): Partial<Record<Actor, number>> => ({
  anon: 401,
  admin: 403,
  investor: ok,
  investor2: ok,
  owner: ok,
  owner2: ok,
});
const INVESTORS = (ok = 200): Partial<Record<Actor, number>> => ({
  anon: 401,
  owner: 403,
  owner2: 403,
  admin: 403,
  investor: ok,
  investor2: ok,
});
const MARKET_NONE = '00000000-0000-4000-8000-000000000000';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A passkey answer to no challenge the server gave (well formed, so it reaches the service). */
const FAKE_CREDENTIAL = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  response: { clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'B'.repeat(43) })).toString('base64url') },
};
const OWNER_ONLY = (ok = 200): Partial<Record<Actor, number>> => ({ anon: 401, investor: 403, admin: 403, owner2: 404, owner: ok });

beforeAll(async () => {
  t = await buildTestApp();
  who.admin = await makeUser(t.app, 'ADMIN');
  who.investor = await makeUser(t.app, 'INVESTOR', { subscribed: true, status: 'VERIFIED' });
  who.investor2 = await makeUser(t.app, 'INVESTOR');
  await markSubmitted(t.app, who.investor2.id);
  who.owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  who.owner2 = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const pending = await makeProperty(t.app, who.owner);
  const active = await makeProperty(t.app, who.owner, { approveAs: who.admin });
  const offPlan = await makeProperty(t.app, who.owner, { type: 'OFF_PLAN' });
  const png = await pngImage();
  const up = multipart([{ field: 'files', filename: 'p.png', contentType: 'image/png', data: png }]);
  const withImage = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${pending._id}/images`, as: who.owner, ...up });
  const image = withImage.json().images[0] as { _id: string; url: string };
  const kyc = multipart([{ field: 'file', filename: 'id.png', contentType: 'image/png', data: png }]);
  await call(t.app, { method: 'PATCH', url: '/v1/users/kyc', as: who.investor, ...kyc });
  const detail = await call(t.app, { method: 'GET', url: `/v1/users/${who.investor.id}`, as: who.admin });
  const kycUrl = detail.json().kycDocuments[0].url as string;
  const ticket = await call(t.app, { method: 'POST', url: '/support', as: who.investor, payload: { subject: 'Help', message: 'Please' } });
  await fund(t, who.investor, 100_000);
  const order = (await placeOrder(t.app, who.investor, active._id, 1)).json();
  const entry = (await call(t.app, { method: 'GET', url: '/v1/transactions/owned', as: who.investor })).json().items[0];
  const checkout = (
    await call(t.app, { method: 'POST', url: '/v1/wallets/deposit', as: who.investor, payload: { amount: 5, returnPath: '/' } })
  ).json();
  // Returns (issue 18): a small listing sold out to the investor, a report, a distribution, an appraisal.
  const funded = (await makeProperty(t.app, who.owner, { approveAs: who.admin, body: { totalQuantity: 2, unitPrice: 10 } }))._id;
  const fundedOrder = (await placeOrder(t.app, who.investor, funded, 2)).json()._id as string;
  await call(t.app, { method: 'PATCH', url: `/v1/orders/${fundedOrder}/review`, as: who.admin, payload: { decision: 'APPROVE' } });
  const report = await freshReport(funded);
  const approved = await call(t.app, {
    method: 'PATCH',
    url: `/v1/income-reports/${await freshReport(funded)}/approve`,
    as: who.admin,
    payload: {},
  });
  const appraisal = await call(t.app, {
    method: 'POST',
    url: `/v1/properties/${funded}/appraisals`,
    as: who.admin,
    payload: { valuePerUnit: 11, appraisedOn: new Date().toISOString().slice(0, 10) },
  });
  fixtures = {
    destination: await destinationFor(t.app, who.investor),
    funded,
    report,
    distribution: approved.json().distribution._id,
    appraisal: appraisal.json()._id,
    order: order._id,
    entry: entry._id,
    checkout: checkout._id,
    pending: pending._id,
    active: active._id,
    offPlan: offPlan._id,
    image: image._id,
    imageFile: image.url.split('?')[0],
    kycFile: kycUrl.split('?')[0],
    ticket: ticket.json()._id,
  };
});
afterAll(async () => {
  await t?.close();
});

const signup = () => ({ firstName: 'New', lastName: 'Person', email: uniqueEmail('matrix'), password: 'Passw0rdX' });
const listing = { name: 'Matrix Place', address: '1 Grid Rd', state: 'OH', totalQuantity: 10, unitPrice: 10, roiInFiveYears: 10 };
const upload = async (field: 'file' | 'files', pdf = false): Promise<Pick<Req, 'payload' | 'headers'>> =>
  multipart([
    { field, filename: pdf ? 'd.pdf' : 'i.png', contentType: pdf ? 'application/pdf' : 'image/png', data: pdf ? PDF : await pngImage() },
  ]);
let reportDays = 0;
/** A new SUBMITTED income report (a period of its own) of `propertyId`, by the owner. */
async function freshReport(propertyId = fixtures.funded): Promise<string> {
  reportDays += 3;
  const d = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: who.owner,
    payload: { propertyId, periodStart: d(reportDays + 2), periodEnd: d(reportDays + 1), grossRent: 100, expenses: {} },
  });
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return res.json()._id as string;
}
const reportBody = () => {
  reportDays += 3;
  const d = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  return {
    propertyId: fixtures.funded,
    periodStart: d(reportDays + 2),
    periodEnd: d(reportDays + 1),
    grossRent: 100,
    expenses: { hoa: 5 },
  };
};
const OWNERS = (ok = 200): Partial<Record<Actor, number>> => ({ anon: 401, investor: 403, admin: 403, owner: ok, owner2: ok });
const OWNER_OR_ADMIN = (ok = 200): Partial<Record<Actor, number>> => ({ anon: 401, investor: 403, owner2: 404, owner: ok, admin: ok });

const freshProposalBody = () => ({
  kind: 'ADVISORY',
  title: 'Matrix question',
  closesAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
});
/** An open proposal on `funded`, raised by its owner. */
const freshProposal = async () =>
  (
    await call(t.app, { method: 'POST', url: `/v1/properties/${fixtures.funded}/proposals`, as: who.owner, payload: freshProposalBody() })
  ).json()._id as string;
const freshOrder = async () => (await placeOrder(t.app, who.investor, fixtures.active, 1)).json()._id as string;
const freshProperty = async (approved = false) => (await makeProperty(t.app, who.owner, approved ? { approveAs: who.admin } : {}))._id;

const ROWS: Row[] = [
  // General
  { name: 'GET /', req: () => ({ method: 'GET', url: '/' }), expect: { anon: 200, investor: 200 } },
  { name: 'GET /v1/health', req: () => ({ method: 'GET', url: '/v1/health' }), expect: { anon: 200, admin: 200 } },
  // Auth
  {
    name: 'POST /v1/auth/signup/investor',
    req: () => ({ method: 'POST', url: '/v1/auth/signup/investor', payload: signup() }),
    expect: { anon: 201, investor: 201 },
  },
  {
    name: 'POST /v1/auth/signup/property-owner',
    req: () => ({ method: 'POST', url: '/v1/auth/signup/property-owner', payload: signup() }),
    expect: { anon: 201, owner: 201 },
  },
  {
    name: 'POST /v1/auth/signup/admin',
    req: () => ({ method: 'POST', url: '/v1/auth/signup/admin', payload: signup() }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: 'POST /v1/auth/signin',
    req: () => ({ method: 'POST', url: '/v1/auth/signin', payload: { email: who.owner.email, password: 'Wrong1234' } }),
    expect: { anon: 401, owner: 401 },
    // A wrong password counts towards the account's sign-in lock.
    refusalWrites: ['signin_throttle'],
  },
  {
    name: 'POST /v1/auth/otp/generate',
    req: () => ({ method: 'POST', url: '/v1/auth/otp/generate', payload: { email: uniqueEmail('nobody'), purpose: 'RESET_PASSWORD' } }),
    expect: { anon: 200, investor: 200 },
  },
  {
    name: 'POST /v1/auth/otp/verify',
    req: () => ({
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: uniqueEmail('nobody'), code: '123456', purpose: 'VERIFY_EMAIL' },
    }),
    expect: { anon: 400, investor: 400 },
  },
  {
    name: 'POST /v1/auth/reset-password',
    req: () => ({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: uniqueEmail('nobody'), code: '123456', newPassword: 'Passw0rdX' },
    }),
    expect: { anon: 400, admin: 400 },
  },
  {
    name: 'POST /v1/auth/signin/second-factor',
    req: () => ({ method: 'POST', url: '/v1/auth/signin/second-factor', payload: { challengeToken: 'x'.repeat(43), code: '123456' } }),
    expect: { anon: 401, investor: 401 },
  },
  {
    name: 'POST /v1/auth/step-up',
    req: () => ({ method: 'POST', url: '/v1/auth/step-up', payload: { password: 'Wrong1234' } }),
    expect: { anon: 401, owner2: 400 },
    // A wrong password counts towards the account's sign-in lock.
    refusalWrites: ['signin_throttle'],
  },
  { name: 'GET /v1/auth/two-factor', req: () => ({ method: 'GET', url: '/v1/auth/two-factor' }), expect: ALL_SIGNED },
  { name: 'POST /v1/auth/two-factor/setup', req: () => ({ method: 'POST', url: '/v1/auth/two-factor/setup' }), expect: ALL_SIGNED },
  {
    name: 'POST /v1/auth/two-factor/confirm',
    req: () => ({ method: 'POST', url: '/v1/auth/two-factor/confirm', payload: { code: 'abc' } }),
    expect: { anon: 401, investor: 400, owner: 400, admin: 400 },
  },
  {
    name: 'POST /v1/auth/two-factor/remove',
    req: () => ({ method: 'POST', url: '/v1/auth/two-factor/remove', payload: { password: 'Wrong1234', code: 'abc' } }),
    expect: { anon: 401, investor: 400, admin: 400 },
  },
  {
    name: 'POST /v1/auth/two-factor/recovery-codes',
    req: () => ({ method: 'POST', url: '/v1/auth/two-factor/recovery-codes' }),
    expect: { anon: 401, investor: 400, owner: 400, admin: 400 },
  },
  { name: 'GET /v1/auth/email-change', req: () => ({ method: 'GET', url: '/v1/auth/email-change' }), expect: ALL_SIGNED },
  {
    name: 'POST /v1/auth/email-change',
    req: () => ({ method: 'POST', url: '/v1/auth/email-change', payload: { newEmail: 'not-an-address' } }),
    expect: { anon: 401, investor: 400, owner: 400, admin: 400 },
  },
  {
    name: 'POST /v1/auth/email-change/confirm',
    req: () => ({ method: 'POST', url: '/v1/auth/email-change/confirm', payload: { token: 'x'.repeat(43) } }),
    expect: { anon: 401, investor: 400, owner: 400, admin: 400 },
  },
  { name: 'GET /v1/auth/passkeys', req: () => ({ method: 'GET', url: '/v1/auth/passkeys' }), expect: ALL_SIGNED },
  {
    name: 'POST /v1/auth/passkeys/register/options',
    req: () => ({ method: 'POST', url: '/v1/auth/passkeys/register/options' }),
    expect: ALL_SIGNED,
  },
  {
    name: 'POST /v1/auth/passkeys/register',
    req: () => ({ method: 'POST', url: '/v1/auth/passkeys/register', payload: { name: 'Key', credential: FAKE_CREDENTIAL } }),
    expect: { anon: 401, investor: 400, admin: 400 },
  },
  {
    name: 'PATCH /v1/auth/passkeys/{id}',
    req: () => ({ method: 'PATCH', url: `/v1/auth/passkeys/${NO_SUCH_ID}`, payload: { name: 'Key' } }),
    expect: { anon: 401, investor: 404, owner: 404 },
  },
  {
    name: 'DELETE /v1/auth/passkeys/{id}',
    req: () => ({ method: 'DELETE', url: `/v1/auth/passkeys/${NO_SUCH_ID}` }),
    expect: { anon: 401, investor: 404, admin: 404 },
  },
  {
    name: 'POST /v1/auth/passkeys/signin/options',
    req: () => ({ method: 'POST', url: '/v1/auth/passkeys/signin/options' }),
    expect: { anon: 200, investor: 200 },
  },
  {
    name: 'POST /v1/auth/passkeys/signin',
    req: () => ({ method: 'POST', url: '/v1/auth/passkeys/signin', payload: { credential: FAKE_CREDENTIAL } }),
    expect: { anon: 401, investor: 401 },
  },
  {
    name: 'POST /v1/auth/signin/second-factor/passkey/options',
    req: () => ({ method: 'POST', url: '/v1/auth/signin/second-factor/passkey/options', payload: { challengeToken: 'x'.repeat(43) } }),
    expect: { anon: 401, investor: 401 },
  },
  {
    name: 'POST /v1/auth/signin/second-factor/passkey',
    req: () => ({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey',
      payload: { challengeToken: 'x'.repeat(43), credential: FAKE_CREDENTIAL },
    }),
    expect: { anon: 401, investor: 401 },
  },
  {
    name: 'POST /v1/auth/step-up/passkey/options',
    req: () => ({ method: 'POST', url: '/v1/auth/step-up/passkey/options' }),
    expect: { anon: 401, investor: 400, owner: 400 },
  },
  {
    name: 'POST /v1/auth/step-up/passkey',
    req: () => ({ method: 'POST', url: '/v1/auth/step-up/passkey', payload: { credential: FAKE_CREDENTIAL } }),
    expect: { anon: 401, owner2: 400 },
    // A refused passkey counts towards the account's sign-in lock, like a wrong code.
    refusalWrites: ['signin_throttle'],
  },
  { name: 'POST /v1/auth/logout', req: () => ({ method: 'POST', url: '/v1/auth/logout' }), expect: ALL_SIGNED, freshToken: true },
  { name: 'POST /v1/auth/refresh', req: () => ({ method: 'POST', url: '/v1/auth/refresh' }), expect: ALL_SIGNED, freshToken: true },
  // Users (self)
  { name: 'GET /v1/users/me', req: () => ({ method: 'GET', url: '/v1/users/me' }), expect: ALL_SIGNED },
  { name: 'PATCH /v1/users/me', req: () => ({ method: 'PATCH', url: '/v1/users/me', payload: { phone: '555 0101' } }), expect: ALL_SIGNED },
  { name: 'GET /v1/users/me/metrics', req: () => ({ method: 'GET', url: '/v1/users/me/metrics' }), expect: ALL_SIGNED },
  {
    name: 'PATCH /v1/users/me/profile-image',
    req: async () => ({ method: 'PATCH', url: '/v1/users/me/profile-image', ...(await upload('file')) }),
    expect: ALL_SIGNED,
  },
  {
    name: 'PATCH /v1/users/kyc',
    req: async () => ({ method: 'PATCH', url: '/v1/users/kyc', ...(await upload('file')) }),
    expect: { anon: 401, admin: 403, investor: 200, owner: 200 },
  },
  {
    name: 'PATCH /v1/users/kyc/business',
    req: async () => ({ method: 'PATCH', url: '/v1/users/kyc/business', ...(await upload('file', true)) }),
    expect: { anon: 401, admin: 403, investor: 200, owner: 200 },
  },
  {
    name: 'PATCH /v1/users/me/complete-onboarding',
    req: () => ({ method: 'PATCH', url: '/v1/users/me/complete-onboarding', payload: { status: 'PENDING' } }),
    expect: { anon: 401, admin: 403, investor2: 400, owner2: 400 },
  },
  {
    name: 'PATCH /v1/users/me/update-password',
    req: () => ({
      method: 'PATCH',
      url: '/v1/users/me/update-password',
      payload: { currentPassword: 'Wrong1234', newPassword: 'Passw0rdY' },
    }),
    expect: { anon: 401, investor: 400, owner: 400, admin: 400 },
  },
  {
    name: 'GET /v1/users/me/questionnaire',
    req: () => ({ method: 'GET', url: '/v1/users/me/questionnaire' }),
    expect: { anon: 401, owner: 403, admin: 403, investor: 404 },
  },
  {
    name: 'PUT /v1/users/me/questionnaire',
    req: () => ({
      method: 'PUT',
      url: '/v1/users/me/questionnaire',
      payload: {
        investorType: 'RESTRICTED',
        highNetWorthInvestor: false,
        annualIncome100OrMore: null,
        annualIncomeValue: null,
        netAssets: null,
      },
    }),
    expect: { anon: 401, owner: 403, admin: 403, investor: 200 },
  },
  // Users (admin)
  { name: 'GET /v1/users', req: () => ({ method: 'GET', url: '/v1/users' }), expect: ADMIN_ONLY() },
  {
    name: 'GET /v1/users/{id}',
    req: () => ({ method: 'GET', url: `/v1/users/${who.investor.id}` }),
    expect: { ...ADMIN_ONLY(), investor: 403 },
  },
  {
    name: 'PATCH /v1/users/{id}',
    req: () => ({ method: 'PATCH', url: `/v1/users/${who.investor.id}`, payload: { lastName: 'Edited' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/users/verify/{userId}',
    req: () => ({ method: 'PATCH', url: `/v1/users/verify/${who.investor2.id}`, payload: { status: 'VERIFIED' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'DELETE /v1/users/{id}',
    req: async () => ({ method: 'DELETE', url: `/v1/users/${(await makeUser(t.app, 'INVESTOR')).id}` }),
    expect: ADMIN_ONLY(),
  },
  // Admin
  { name: 'GET /v1/admin/metrics', req: () => ({ method: 'GET', url: '/v1/admin/metrics' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/metrics/investor', req: () => ({ method: 'GET', url: '/v1/admin/metrics/investor' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/metrics/listing', req: () => ({ method: 'GET', url: '/v1/admin/metrics/listing' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/metrics/owner', req: () => ({ method: 'GET', url: '/v1/admin/metrics/owner' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/audit', req: () => ({ method: 'GET', url: '/v1/admin/audit' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/audit.csv', req: () => ({ method: 'GET', url: '/v1/admin/audit.csv' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/cases', req: () => ({ method: 'GET', url: '/v1/admin/cases' }), expect: ADMIN_ONLY() },
  {
    name: 'GET /v1/admin/cases/{id}',
    req: async () => ({ method: 'GET', url: `/v1/admin/cases/${(await freshCase()).caseId}` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/admin/cases/{id}/documents/{fileId}',
    req: async () => {
      const c = await freshCase();
      return { method: 'GET', url: `/v1/admin/cases/${c.caseId}/documents/${c.fileId}` };
    },
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/admin/cases/{id}/decision',
    req: async () => ({ method: 'POST', url: `/v1/admin/cases/${(await freshCase()).caseId}/decision`, payload: { decision: 'APPROVE' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/admin/cases/{id}/notes',
    req: async () => ({ method: 'POST', url: `/v1/admin/cases/${(await freshCase()).caseId}/notes`, payload: { body: 'Checked' } }),
    expect: ADMIN_ONLY(),
  },
  { name: 'GET /v1/admin/checkouts', req: () => ({ method: 'GET', url: '/v1/admin/checkouts?status=OPEN' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/search', req: () => ({ method: 'GET', url: '/v1/admin/search?q=test' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/me', req: () => ({ method: 'GET', url: '/v1/admin/me' }), expect: ADMIN_ONLY() },
  { name: 'PATCH /v1/admin/me', req: () => ({ method: 'PATCH', url: '/v1/admin/me', payload: { phone: '555' } }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/{id}', req: () => ({ method: 'GET', url: `/v1/admin/${who.admin.id}` }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/team', req: () => ({ method: 'GET', url: '/v1/admin/team' }), expect: ADMIN_ONLY() },
  {
    name: 'PATCH /v1/admin/team/{id}/role',
    req: async () => ({
      method: 'PATCH',
      url: `/v1/admin/team/${(await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' })).id}/role`,
      payload: { adminRole: 'FINANCE' },
    }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'DELETE /v1/admin/{id}',
    req: async () => ({ method: 'DELETE', url: `/v1/admin/${(await makeUser(t.app, 'ADMIN')).id}` }),
    expect: ADMIN_ONLY(),
  },
  // Properties
  {
    name: 'GET /v1/properties',
    req: () => ({ method: 'GET', url: '/v1/properties' }),
    expect: { anon: 200, investor: 200, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties?status=PENDING_REVIEW',
    req: () => ({ method: 'GET', url: '/v1/properties?status=PENDING_REVIEW' }),
    expect: { anon: 400, investor: 400, owner: 400, admin: 200 },
  },
  {
    name: 'GET /v1/properties/owned',
    req: () => ({ method: 'GET', url: '/v1/properties/owned' }),
    expect: { anon: 401, investor: 403, admin: 403, owner: 200, owner2: 200 },
  },
  {
    name: 'GET /v1/properties/owned/{id}',
    req: () => ({ method: 'GET', url: `/v1/properties/owned/${fixtures.pending}` }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'DELETE /v1/properties/owned/{id}',
    req: async () => ({ method: 'DELETE', url: `/v1/properties/owned/${await freshProperty()}` }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'POST /v1/properties/owned/off-plan',
    req: () => ({ method: 'POST', url: '/v1/properties/owned/off-plan', payload: listing }),
    expect: { anon: 401, investor: 403, admin: 403, owner: 201 },
  },
  {
    name: 'POST /v1/properties/owned/rental-ready',
    req: () => ({ method: 'POST', url: '/v1/properties/owned/rental-ready', payload: listing }),
    expect: { anon: 401, investor: 403, admin: 403, owner: 201 },
  },
  {
    name: 'PATCH /v1/properties/owned/{id}/off-plan',
    req: () => ({ method: 'PATCH', url: `/v1/properties/owned/${fixtures.offPlan}/off-plan`, payload: { name: 'Edited' } }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/owned/{id}/rental-ready',
    req: () => ({ method: 'PATCH', url: `/v1/properties/owned/${fixtures.pending}/rental-ready`, payload: { name: 'Edited' } }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/owned/{id}/images',
    req: async () => ({ method: 'PATCH', url: `/v1/properties/owned/${fixtures.pending}/images`, ...(await upload('files')) }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/owned/{id}/documents',
    req: async () => ({ method: 'PATCH', url: `/v1/properties/owned/${fixtures.pending}/documents`, ...(await upload('files', true)) }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'DELETE /v1/properties/owned/{id}/files/{fileId}',
    req: async () => {
      const id = await freshProperty();
      const res = await call(t.app, {
        method: 'PATCH',
        url: `/v1/properties/owned/${id}/images`,
        as: who.owner,
        ...(await upload('files')),
      });
      return { method: 'DELETE', url: `/v1/properties/owned/${id}/files/${res.json().images[0]._id}` };
    },
    expect: OWNER_ONLY(),
  },
  {
    name: 'PUT /v1/properties/owned/{id}/files/order',
    req: async () => ({
      method: 'PUT',
      url: `/v1/properties/owned/${await freshProperty()}/files/order`,
      payload: { kind: 'PROPERTY_IMAGE', ids: [] },
    }),
    expect: OWNER_ONLY(),
  },
  { name: 'GET /v1/properties/revisions', req: () => ({ method: 'GET', url: '/v1/properties/revisions' }), expect: ADMIN_ONLY() },
  {
    name: 'PATCH /v1/properties/{id}/revision',
    req: async () => {
      const id = await freshProperty(true);
      await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${id}/rental-ready`, as: who.owner, payload: { name: 'Revised' } });
      return { method: 'PATCH', url: `/v1/properties/${id}/revision`, payload: { decision: 'REJECT', reason: 'No' } };
    },
    expect: ADMIN_ONLY(),
  },
  { name: 'GET /v1/admin/progress-reviews', req: () => ({ method: 'GET', url: '/v1/admin/progress-reviews' }), expect: ADMIN_ONLY() },
  ...(['approve', 'reject'] as const).map((what) => ({
    name: `POST /v1/admin/progress-reviews/{id}/${what}`,
    // A live off-plan listing whose owner posted a lower percent: held for review.
    req: async () => {
      const id = (await makeProperty(t.app, who.owner, { type: 'OFF_PLAN', approveAs: who.admin, body: { progress: 60 } }))._id;
      const held = await call(t.app, {
        method: 'PATCH',
        url: `/v1/properties/offPlan-progress/${id}`,
        as: who.owner,
        payload: { percent: 10 },
      });
      const updateId = held.json<{ progressUpdate: { _id: string } }>().progressUpdate._id;
      return {
        method: 'POST' as const,
        url: `/v1/admin/progress-reviews/${updateId}/${what}`,
        ...(what === 'reject' ? { payload: { reason: 'No' } } : {}),
      };
    },
    expect: ADMIN_ONLY(),
  })),
  {
    name: 'PATCH /v1/properties/offPlan-progress/{propertyId}',
    req: () => ({ method: 'PATCH', url: `/v1/properties/offPlan-progress/${fixtures.offPlan}`, payload: { percent: 10 } }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'GET /v1/properties/active-investments',
    req: () => ({ method: 'GET', url: `/v1/properties/active-investments?ids=${fixtures.active}` }),
    expect: { anon: 401, investor: 403, owner2: 404, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties/active-investments/{id}',
    req: () => ({ method: 'GET', url: `/v1/properties/active-investments/${fixtures.active}` }),
    expect: { anon: 401, investor: 403, owner2: 404, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties/owners-property/{ownerId}',
    req: () => ({ method: 'GET', url: `/v1/properties/owners-property/${who.owner.id}` }),
    expect: { anon: 401, investor: 403, owner2: 403, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties/owner/{propertyId}',
    req: () => ({ method: 'GET', url: `/v1/properties/owner/${fixtures.pending}` }),
    expect: { anon: 401, investor: 403, owner2: 404, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties/{id} (pending)',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.pending}` }),
    expect: { anon: 404, investor: 404, owner2: 404, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/properties/{id} (live)',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.active}` }),
    expect: { anon: 200, investor: 200, owner2: 200, owner: 200, admin: 200 },
  },
  {
    name: 'DELETE /v1/properties/{id}',
    req: async () => ({ method: 'DELETE', url: `/v1/properties/${await freshProperty(true)}` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/{id}/rental-ready',
    req: () => ({ method: 'PATCH', url: `/v1/properties/${fixtures.active}/rental-ready`, payload: { description: 'Admin edit' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/{id}/off-plan',
    req: () => ({ method: 'PATCH', url: `/v1/properties/${fixtures.offPlan}/off-plan`, payload: { description: 'Admin edit' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/{id}/review',
    req: async () => ({ method: 'PATCH', url: `/v1/properties/${await freshProperty()}/review`, payload: { decision: 'APPROVE' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/{id}/resume',
    req: () => ({ method: 'PATCH', url: `/v1/properties/${fixtures.active}/resume` }),
    expect: { anon: 401, investor: 403, owner: 403, admin: 409 },
  },
  {
    name: 'POST /v1/properties/{id}/handover',
    req: () => ({
      method: 'POST',
      url: '/v1/properties/00000000-0000-4000-8000-000000000000/handover',
      payload: { ownerId: '00000000-0000-4000-8000-000000000000' },
    }),
    expect: ADMIN_ONLY(404),
  },
  // Holder votes: the investor holds all of `funded`, sold out by its owner.
  {
    name: 'POST /v1/properties/{id}/proposals',
    req: () => ({ method: 'POST', url: `/v1/properties/${fixtures.funded}/proposals`, payload: freshProposalBody() }),
    expect: { anon: 401, investor2: 403, owner2: 403, investor: 201, owner: 201, admin: 201 },
  },
  {
    name: 'GET /v1/properties/{id}/proposals',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.funded}/proposals` }),
    expect: { anon: 401, investor2: 403, owner2: 403, investor: 200, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/proposals/{id}',
    req: async () => ({ method: 'GET', url: `/v1/proposals/${await freshProposal()}` }),
    expect: { anon: 401, investor2: 403, owner2: 403, investor: 200, owner: 200, admin: 200 },
  },
  {
    name: 'PUT /v1/proposals/{id}/vote',
    req: async () => ({ method: 'PUT', url: `/v1/proposals/${await freshProposal()}/vote`, payload: { choice: 'FOR' } }),
    expect: { anon: 401, investor2: 403, owner2: 403, owner: 403, admin: 403, investor: 200 },
  },
  {
    // Its raiser (the owner) only; the proposal is fresh, so the cap is never reached.
    name: 'PATCH /v1/proposals/{id}/documents',
    req: async () => ({ method: 'PATCH', url: `/v1/proposals/${await freshProposal()}/documents`, ...(await upload('files', true)) }),
    expect: { anon: 401, investor: 403, investor2: 403, owner2: 403, admin: 403, owner: 200 },
  },
  {
    name: 'POST /v1/proposals/{id}/cancel',
    req: async () => ({ method: 'POST', url: `/v1/proposals/${await freshProposal()}/cancel`, payload: { reason: 'Matrix' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/me/chain',
    req: () => ({ method: 'GET', url: '/v1/me/chain' }),
    expect: { anon: 401, admin: 403, owner: 403, investor: 200, investor2: 200 },
  },
  {
    name: 'GET /v1/chain/properties/{id}',
    req: () => ({ method: 'GET', url: `/v1/chain/properties/${fixtures.funded}` }),
    expect: { anon: 401, investor: 200, investor2: 200, owner: 200, owner2: 200, admin: 200 },
  },
  {
    name: 'GET /v1/me/proposals',
    req: () => ({ method: 'GET', url: '/v1/me/proposals' }),
    expect: { anon: 401, admin: 403, investor: 200, investor2: 200, owner: 200, owner2: 200 },
  },
  // Platform tokens: the chain is off here, so a verified investor's link is refused (409; both
  // investors are verified by the rows above); the matrix investor is subscribed with nothing
  // to claim (409), investor2 is not subscribed (403).
  { name: 'GET /v1/me/token-claim', req: () => ({ method: 'GET', url: '/v1/me/token-claim' }), expect: INVESTORS() },
  {
    name: 'POST /v1/me/token-claim',
    req: () => ({ method: 'POST', url: '/v1/me/token-claim' }),
    expect: { ...INVESTORS(), investor: 409, investor2: 403 },
  },
  {
    name: 'POST /v1/me/wallet-link/nonce',
    req: () => ({ method: 'POST', url: '/v1/me/wallet-link/nonce', payload: {} }),
    expect: { ...INVESTORS(), investor: 409, investor2: 409 },
  },
  {
    name: 'POST /v1/me/wallet-link',
    req: () => ({ method: 'POST', url: '/v1/me/wallet-link', payload: { message: 'x', signature: '0x00' } }),
    expect: { ...INVESTORS(), investor: 409, investor2: 409 },
  },
  {
    name: 'DELETE /v1/me/wallet-link',
    req: () => ({ method: 'DELETE', url: '/v1/me/wallet-link' }),
    expect: { ...INVESTORS(), investor: 404, investor2: 404 },
  },
  {
    name: 'POST /v1/properties/{id}/sale',
    req: () => ({
      method: 'POST',
      url: '/v1/properties/00000000-0000-4000-8000-000000000000/sale',
      payload: { price: 100, costs: 1, soldOn: '2026-01-02' },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    name: 'GET /v1/properties/{id}/sale/record',
    req: () => ({ method: 'GET', url: '/v1/properties/00000000-0000-4000-8000-000000000000/sale/record' }),
    expect: ADMIN_ONLY(404),
  },
  {
    name: 'GET /v1/properties/{id}/sale',
    req: () => ({ method: 'GET', url: '/v1/properties/00000000-0000-4000-8000-000000000000/sale' }),
    expect: { anon: 404, investor: 404, owner: 404, admin: 404 },
  },
  // Support
  {
    name: 'POST /support',
    req: () => ({ method: 'POST', url: '/support', payload: { subject: 'Hi', message: 'There' } }),
    expect: { anon: 400, investor: 201, owner: 201, admin: 201 },
  },
  { name: 'GET /v1/support/mine', req: () => ({ method: 'GET', url: '/v1/support/mine' }), expect: ALL_SIGNED },
  { name: 'GET /v1/support', req: () => ({ method: 'GET', url: '/v1/support' }), expect: ADMIN_ONLY() },
  {
    name: 'PATCH /v1/support/{id}/close',
    req: async () => {
      const res = await call(t.app, { method: 'POST', url: '/support', as: who.investor, payload: { subject: 'Close me', message: 'x' } });
      return { method: 'PATCH', url: `/v1/support/${res.json()._id}/close` };
    },
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/support/mine/{id}',
    req: () => ({ method: 'GET', url: `/v1/support/mine/${fixtures.ticket}` }),
    expect: { anon: 401, investor2: 404, owner: 404, admin: 404, investor: 200 },
  },
  {
    name: 'POST /v1/support/mine/{id}/messages',
    req: () => ({ method: 'POST', url: `/v1/support/mine/${fixtures.ticket}/messages`, payload: { body: 'More detail' } }),
    expect: { anon: 401, investor2: 404, owner: 404, admin: 404, investor: 201 },
  },
  { name: 'GET /v1/support/{id}', req: () => ({ method: 'GET', url: `/v1/support/${fixtures.ticket}` }), expect: ADMIN_ONLY() },
  {
    name: 'POST /v1/support/{id}/messages',
    req: () => ({ method: 'POST', url: `/v1/support/${fixtures.ticket}/messages`, payload: { body: 'An answer' } }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: 'POST /v1/support/{id}/messages/{messageId}/resend',
    req: async () => {
      const thread = await call(t.app, { method: 'GET', url: `/v1/support/${fixtures.ticket}`, as: who.admin });
      return { method: 'POST', url: `/v1/support/${fixtures.ticket}/messages/${thread.json().messages[0]._id}/resend` };
    },
    // A ticket's message is not an e-mailed reply: the admin gets as far as the 409.
    expect: ADMIN_ONLY(409),
  },
  {
    name: 'PATCH /v1/support/{id}/assignee',
    req: () => ({ method: 'PATCH', url: `/v1/support/${fixtures.ticket}/assignee`, payload: { assignee: 'me' } }),
    expect: ADMIN_ONLY(),
  },
  // Wallets
  { name: 'GET /v1/wallets/balance', req: () => ({ method: 'GET', url: '/v1/wallets/balance' }), expect: WALLET_HOLDERS() },
  {
    name: 'GET /v1/wallets/{userId}/admin',
    req: () => ({ method: 'GET', url: `/v1/wallets/${who.investor.id}/admin` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/wallets/deposit',
    req: () => ({ method: 'POST', url: '/v1/wallets/deposit', payload: { amount: 10, returnPath: '/dashboard/wallet' } }),
    expect: WALLET_HOLDERS(201),
  },
  {
    name: 'POST /v1/wallets/withdraw',
    // Another person's destination: refused (404) before any money moves.
    req: () => ({ method: 'POST', url: '/v1/wallets/withdraw', payload: { amount: 1, payoutDestinationId: fixtures.destination } }),
    expect: { anon: 401, admin: 403, investor2: 404, owner2: 404, investor: 201 },
  },
  { name: 'GET /v1/wallets/destinations', req: () => ({ method: 'GET', url: '/v1/wallets/destinations' }), expect: WALLET_HOLDERS() },
  {
    name: 'POST /v1/wallets/destinations',
    req: () => ({ method: 'POST', url: '/v1/wallets/destinations', payload: US_ACCOUNT }),
    expect: WALLET_HOLDERS(201),
  },
  {
    name: 'DELETE /v1/wallets/destinations/{id}',
    req: async () => {
      const d = await call(t.app, { method: 'POST', url: '/v1/wallets/destinations', as: who.investor, payload: US_ACCOUNT });
      return { method: 'DELETE', url: `/v1/wallets/destinations/${d.json()._id}` };
    },
    expect: { anon: 401, admin: 403, investor2: 404, owner: 404, investor: 200 },
  },
  { name: 'GET /v1/wallets/payouts', req: () => ({ method: 'GET', url: '/v1/wallets/payouts' }), expect: WALLET_HOLDERS() },
  {
    name: 'PATCH /v1/wallets/payouts/{id}/cancel',
    req: async () => {
      const p = await requestWithdrawal(t.app, who.investor, 1);
      return { method: 'PATCH', url: `/v1/wallets/payouts/${p.json()._id}/cancel` };
    },
    expect: { anon: 401, admin: 403, investor2: 404, owner: 404, investor: 200 },
  },
  // Payments
  {
    name: 'POST /v1/payments/checkouts',
    req: () => ({ method: 'POST', url: '/v1/payments/checkouts', payload: { purpose: 'DEPOSIT', amount: 10, returnPath: '/' } }),
    expect: WALLET_HOLDERS(201),
  },
  {
    name: 'POST /v1/payments/checkouts (subscription)',
    req: () => ({ method: 'POST', url: '/v1/payments/checkouts', payload: { purpose: 'SUBSCRIPTION', returnPath: '/' } }),
    expect: { anon: 401, admin: 403, owner: 403, investor: 409, investor2: 201 },
  },
  {
    name: 'GET /v1/payments/checkouts/{id}',
    req: () => ({ method: 'GET', url: `/v1/payments/checkouts/${fixtures.checkout}` }),
    expect: { anon: 401, admin: 403, investor2: 404, owner: 404, investor: 200 },
  },
  {
    name: 'GET /v1/payments/sandbox/{id}',
    req: () => ({ method: 'GET', url: `/v1/payments/sandbox/${fixtures.checkout}` }),
    expect: { anon: 200, investor: 200 },
  },
  {
    name: 'POST /v1/payments/sandbox/{id}',
    req: async () => {
      const c = await call(t.app, {
        method: 'POST',
        url: '/v1/wallets/deposit',
        as: who.investor,
        payload: { amount: 1, returnPath: '/' },
      });
      const id = c.json()._id as string;
      return {
        method: 'POST',
        url: `/v1/payments/sandbox/${id}`,
        payload: `decision=pay&token=${sandboxToken(t.config.jwtSecret, id)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
    expect: { anon: 303, investor2: 303 },
  },
  {
    name: 'POST /v1/payments/sandbox/{id} (forged form)',
    req: () => ({
      method: 'POST',
      url: `/v1/payments/sandbox/${fixtures.checkout}`,
      payload: 'decision=pay&token=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: { anon: 403, investor: 403 },
  },
  // Notifications (issue 19): each person only ever sees and marks their own notices.
  { name: 'GET /v1/notifications', req: () => ({ method: 'GET', url: '/v1/notifications' }), expect: ALL_SIGNED },
  {
    name: 'POST /v1/notifications/{id}/read',
    req: async () => {
      const id = await t.app.db.transaction((tx) =>
        notify(tx, { userId: who.investor.id, kind: 'DEPOSIT_RECEIVED', title: 'Matrix', body: 'Matrix notice' }),
      );
      return { method: 'POST', url: `/v1/notifications/${id}/read` };
    },
    expect: { anon: 401, investor2: 404, owner: 404, admin: 404, investor: 200 },
  },
  { name: 'POST /v1/notifications/read-all', req: () => ({ method: 'POST', url: '/v1/notifications/read-all' }), expect: ALL_SIGNED },
  { name: 'GET /v1/notifications/preferences', req: () => ({ method: 'GET', url: '/v1/notifications/preferences' }), expect: ALL_SIGNED },
  {
    name: 'PUT /v1/notifications/preferences',
    req: () => ({ method: 'PUT', url: '/v1/notifications/preferences', payload: { email: { SUPPORT_REPLY: true } } }),
    expect: ALL_SIGNED,
  },
  { name: 'POST /v1/events/ticket', req: () => ({ method: 'POST', url: '/v1/events/ticket' }), expect: ALL_SIGNED },
  {
    // Only a ticket opens a person's stream; a bearer header is not read (no topic named: 400 for all).
    name: 'GET /v1/events',
    req: () => ({ method: 'GET', url: '/v1/events' }),
    expect: { anon: 400, investor: 400, owner: 400, admin: 400 },
  },
  // Payouts (withdrawal review)
  { name: 'GET /v1/payouts', req: () => ({ method: 'GET', url: '/v1/payouts' }), expect: ADMIN_ONLY() },
  {
    name: 'GET /v1/payouts/{id}/destination',
    req: async () => {
      const p = await requestWithdrawal(t.app, who.investor, 1);
      return { method: 'GET', url: `/v1/payouts/${p.json()._id}/destination` };
    },
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/payouts/batches',
    req: async () => {
      const p = await requestWithdrawal(t.app, who.investor, 1);
      return { method: 'POST', url: '/v1/payouts/batches', payload: { payoutIds: [p.json()._id] } };
    },
    expect: ADMIN_ONLY(201),
  },
  {
    name: 'POST /v1/payouts/paid',
    req: async () => {
      const p = await requestWithdrawal(t.app, who.investor, 1);
      return { method: 'POST', url: '/v1/payouts/paid', payload: { items: [{ payoutId: p.json()._id, bankReference: 'MATRIX-1' }] } };
    },
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/payouts/reconciliation',
    req: () => ({ method: 'GET', url: '/v1/payouts/reconciliation?date=2026-01-02' }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/payouts/{id}',
    req: async () => {
      const p = await requestWithdrawal(t.app, who.investor, 1);
      return { method: 'PATCH', url: `/v1/payouts/${p.json()._id}`, payload: { status: 'REJECTED', reason: 'Matrix' } };
    },
    expect: ADMIN_ONLY(),
  },
  // Approvals (four eyes): another admin's request, so the matrix's admin may decide it.
  { name: 'GET /v1/approvals', req: () => ({ method: 'GET', url: '/v1/approvals' }), expect: ADMIN_ONLY() },
  {
    name: 'POST /v1/approvals/{id}/approve',
    req: async () => ({ method: 'POST', url: `/v1/approvals/${await otherAdminsRequest()}/approve` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/approvals/{id}/reject',
    req: async () => ({ method: 'POST', url: `/v1/approvals/${await otherAdminsRequest()}/reject`, payload: { note: 'Matrix' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/approvals/{id}/cancel',
    req: async () => ({ method: 'POST', url: `/v1/approvals/${await otherAdminsRequest(who.admin.id)}/cancel` }),
    expect: ADMIN_ONLY(),
  },
  // Orders
  {
    name: 'POST /v1/orders',
    req: () => ({ method: 'POST', url: '/v1/orders', payload: { propertyId: fixtures.active, quantity: 1 } }),
    expect: { anon: 401, owner: 403, admin: 403, investor: 201 },
  },
  { name: 'GET /v1/orders', req: () => ({ method: 'GET', url: '/v1/orders' }), expect: INVESTORS() },
  { name: 'GET /v1/orders/admin', req: () => ({ method: 'GET', url: '/v1/orders/admin' }), expect: ADMIN_ONLY() },
  {
    name: 'GET /v1/orders/{userId}/admin',
    req: () => ({ method: 'GET', url: `/v1/orders/${who.investor.id}/admin` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/orders/{id}',
    req: () => ({ method: 'GET', url: `/v1/orders/${fixtures.order}` }),
    expect: { anon: 401, investor2: 404, owner: 403, owner2: 403, investor: 200, admin: 200 },
  },
  {
    name: 'DELETE /v1/orders/{id}',
    req: async () => {
      const o = (await placeOrder(t.app, who.investor, fixtures.active, 1)).json();
      await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: who.investor });
      return { method: 'DELETE', url: `/v1/orders/${o._id}` };
    },
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/orders/{id}/cancel',
    req: async () => ({ method: 'PATCH', url: `/v1/orders/${await freshOrder()}/cancel` }),
    expect: { anon: 401, investor2: 404, owner: 403, admin: 403, investor: 200 },
  },
  {
    name: 'PATCH /v1/orders/{id}/review',
    req: async () => ({ method: 'PATCH', url: `/v1/orders/${await freshOrder()}/review`, payload: { decision: 'APPROVE' } }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/orders/review',
    req: async () => ({ method: 'POST', url: '/v1/orders/review', payload: { orderIds: [await freshOrder()], decision: 'APPROVE' } }),
    expect: ADMIN_ONLY(),
  },
  // Holdings
  { name: 'GET /v1/holdings', req: () => ({ method: 'GET', url: '/v1/holdings' }), expect: INVESTORS() },
  { name: 'GET /v1/holdings/{propertyId}', req: () => ({ method: 'GET', url: `/v1/holdings/${fixtures.active}` }), expect: INVESTORS() },
  {
    name: 'GET /v1/holdings/admin/{investorId}',
    req: () => ({ method: 'GET', url: `/v1/holdings/admin/${who.investor.id}` }),
    expect: ADMIN_ONLY(),
  },
  // Transactions (ledger views)
  { name: 'GET /v1/transactions/owned', req: () => ({ method: 'GET', url: '/v1/transactions/owned' }), expect: ALL_SIGNED },
  {
    name: 'GET /v1/transactions/owned/export.csv',
    req: () => ({ method: 'GET', url: '/v1/transactions/owned/export.csv' }),
    expect: ALL_SIGNED,
  },
  {
    name: 'GET /v1/transactions/owned/{id}',
    req: () => ({ method: 'GET', url: `/v1/transactions/owned/${fixtures.entry}` }),
    expect: { anon: 401, investor2: 404, owner: 404, admin: 404, investor: 200 },
  },
  { name: 'GET /v1/transactions', req: () => ({ method: 'GET', url: '/v1/transactions' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/transactions/export.csv', req: () => ({ method: 'GET', url: '/v1/transactions/export.csv' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/transactions/{id}', req: () => ({ method: 'GET', url: `/v1/transactions/${fixtures.entry}` }), expect: ADMIN_ONLY() },
  {
    name: 'POST /v1/transactions/export-jobs',
    req: () => ({ method: 'POST', url: '/v1/transactions/export-jobs', payload: { userId: who.investor.id } }),
    expect: ADMIN_ONLY(202),
    // The job runs in the background and writes its row, file and notice when done.
    settle: async () => {
      for (let i = 0; i < 200; i++) {
        const [{ n }] = await queryRows<{ n: string | number }>(
          t.app,
          sql`SELECT count(*) AS n FROM export_jobs WHERE status IN ('PENDING', 'RUNNING')`,
        );
        if (Number(n) === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the export job did not finish');
    },
  },
  {
    name: 'GET /v1/transactions/export-jobs/{id}',
    req: () => ({ method: 'GET', url: '/v1/transactions/export-jobs/00000000-0000-4000-8000-000000000000' }),
    expect: ADMIN_ONLY(404),
  },
  {
    // Its person, or a signed link; anyone else finds nothing.
    name: 'GET /v1/transactions/export-jobs/{id}/file',
    req: () => ({ method: 'GET', url: '/v1/transactions/export-jobs/00000000-0000-4000-8000-000000000000/file' }),
    expect: { anon: 404, investor: 404, investor2: 404, owner: 404, owner2: 404, admin: 404 },
  },
  // Statements: the own ones for wallet holders, anyone's for admins
  { name: 'GET /v1/statements', req: () => ({ method: 'GET', url: '/v1/statements' }), expect: WALLET_HOLDERS() },
  {
    name: 'GET /v1/statements/{file}',
    req: () => ({ method: 'GET', url: `/v1/statements/${new Date().toISOString().slice(0, 7)}.csv` }),
    expect: WALLET_HOLDERS(),
  },
  {
    name: 'GET /v1/admin/users/{id}/statements',
    req: () => ({ method: 'GET', url: `/v1/admin/users/${who.investor.id}/statements` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/admin/users/{id}/statements/{file}',
    req: () => ({ method: 'GET', url: `/v1/admin/users/${who.investor.id}/statements/${new Date().toISOString().slice(0, 4)}.pdf` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/statements/tax/{file}',
    req: () => ({ method: 'GET', url: `/v1/statements/tax/${new Date().toISOString().slice(0, 4)}.csv` }),
    expect: WALLET_HOLDERS(),
  },
  {
    name: 'GET /v1/admin/users/{id}/statements/tax/{file}',
    req: () => ({ method: 'GET', url: `/v1/admin/users/${who.investor.id}/statements/tax/${new Date().toISOString().slice(0, 4)}.csv` }),
    expect: ADMIN_ONLY(),
  },
  // Telemetry (the shell's remote-load reports)
  // Anonymous: reached by anyone (this app has no releases root, so no version is published: 422, never 401/403).
  {
    name: 'POST /v1/telemetry/remote-load',
    req: () => ({ method: 'POST', url: '/v1/telemetry/remote-load', payload: { remote: 'mf_public', version: '1.0.0' } }),
    expect: { anon: 422, investor: 422 },
  },
  // Anonymous: a previewing tab's view of its pins (no registry here: nothing to preview, 400, never 401/403).
  {
    name: 'GET /v1/telemetry/view',
    req: () => ({ method: 'GET', url: '/v1/telemetry/view?preview=mf_public@1.0.0' }),
    expect: { anon: 400, investor: 400 },
  },
  {
    name: 'GET /v1/telemetry/remote-load/summary',
    req: () => ({ method: 'GET', url: '/v1/telemetry/remote-load/summary' }),
    expect: ADMIN_ONLY(),
  },
  // Release tokens (issue 17)
  {
    name: 'POST /v1/admin/release-tokens',
    req: () => ({ method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'matrix' } }),
    expect: ADMIN_ONLY(201),
  },
  { name: 'GET /v1/admin/release-tokens', req: () => ({ method: 'GET', url: '/v1/admin/release-tokens' }), expect: ADMIN_ONLY() },
  {
    name: 'DELETE /v1/admin/release-tokens/{id}',
    req: async () => {
      const created = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'matrix' }, as: who.admin });
      return { method: 'DELETE', url: `/v1/admin/release-tokens/${created.json<{ id: string }>().id}` };
    },
    expect: ADMIN_ONLY(),
  },
  // Files
  {
    name: 'GET /download (KYC)',
    req: () => ({ method: 'GET', url: fixtures.kycFile }),
    expect: { anon: 404, investor2: 404, owner: 404, investor: 200, admin: 200 },
  },
  {
    name: 'GET /download (image of a pending listing)',
    req: () => ({ method: 'GET', url: fixtures.imageFile }),
    expect: { anon: 404, investor: 404, owner2: 404, owner: 200, admin: 200 },
  },
  // Returns (issue 18)
  {
    name: 'POST /v1/income-reports',
    req: () => ({ method: 'POST', url: '/v1/income-reports', payload: reportBody() }),
    expect: OWNER_ONLY(201),
  },
  {
    name: 'PATCH /v1/income-reports/{id}/receipts',
    req: async () => ({ method: 'PATCH', url: `/v1/income-reports/${await freshReport()}/receipts`, ...(await upload('files', true)) }),
    expect: OWNER_ONLY(),
  },
  { name: 'GET /v1/income-reports/owned', req: () => ({ method: 'GET', url: '/v1/income-reports/owned' }), expect: OWNERS() },
  {
    name: 'GET /v1/income-reports/admin',
    req: () => ({ method: 'GET', url: '/v1/income-reports/admin?status=SUBMITTED' }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/income-reports/{id}',
    req: () => ({ method: 'GET', url: `/v1/income-reports/${fixtures.report}` }),
    expect: OWNER_OR_ADMIN(),
  },
  {
    name: 'PATCH /v1/income-reports/{id}/approve',
    req: async () => ({ method: 'PATCH', url: `/v1/income-reports/${await freshReport()}/approve`, payload: {} }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'PATCH /v1/income-reports/{id}/reject',
    req: async () => ({
      method: 'PATCH',
      url: `/v1/income-reports/${await freshReport()}/reject`,
      payload: { reason: 'Missing receipts' },
    }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/properties/owned/{propertyId}/approved-repairs',
    req: () => ({ method: 'GET', url: `/v1/properties/owned/${fixtures.funded}/approved-repairs` }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/owned/{propertyId}/construction-complete',
    req: () => ({ method: 'PATCH', url: `/v1/properties/owned/${fixtures.offPlan}/construction-complete` }),
    expect: OWNER_ONLY(),
  },
  {
    name: 'PATCH /v1/properties/{propertyId}/income-producing',
    req: () => ({ method: 'PATCH', url: `/v1/properties/${fixtures.offPlan}/income-producing` }),
    expect: ADMIN_ONLY(409),
  },
  { name: 'GET /v1/distributions/admin', req: () => ({ method: 'GET', url: '/v1/distributions/admin' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/distributions/owned', req: () => ({ method: 'GET', url: '/v1/distributions/owned' }), expect: OWNERS() },
  {
    name: 'GET /v1/distributions/{id}',
    req: () => ({ method: 'GET', url: `/v1/distributions/${fixtures.distribution}` }),
    expect: OWNER_OR_ADMIN(),
  },
  {
    // An unknown distribution: the admin passes the role check and meets 404, nothing changes.
    name: 'POST /v1/distributions/{id}/cancel',
    req: () => ({ method: 'POST', url: '/v1/distributions/00000000-0000-4000-8000-000000000000/cancel', payload: { reason: 'Typo' } }),
    expect: ADMIN_ONLY(404),
  },
  {
    // An unknown distribution: the admin passes the role check and meets 404, nothing changes.
    name: 'POST /v1/distributions/{id}/correct',
    req: () => ({
      method: 'POST',
      url: '/v1/distributions/00000000-0000-4000-8000-000000000000/correct',
      payload: { totalCents: 100, reason: 'Typo in the rent' },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    name: 'POST /v1/distributions/{id}/pay',
    req: () => ({ method: 'POST', url: `/v1/distributions/${fixtures.distribution}/pay` }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'POST /v1/properties/{propertyId}/appraisals',
    req: () => ({
      method: 'POST',
      url: `/v1/properties/${fixtures.funded}/appraisals`,
      payload: { valuePerUnit: 12.5, appraisedOn: '2026-01-15' },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: 'GET /v1/properties/{propertyId}/appraisals',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.funded}/appraisals` }),
    expect: { anon: 200, investor: 200, owner2: 200 },
  },
  {
    name: 'GET /v1/properties/{propertyId}/appraisals (pending listing)',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.pending}/appraisals` }),
    expect: { anon: 404, investor: 404, owner2: 404, owner: 200, admin: 200 },
  },
  {
    name: 'POST /v1/appraisals/{id}/void',
    req: () => ({ method: 'POST', url: '/v1/appraisals/00000000-0000-4000-8000-000000000000/void', payload: { reason: 'Typo' } }),
    expect: ADMIN_ONLY(404),
  },
  {
    name: 'PATCH /v1/appraisals/{id}/document',
    req: async () => ({ method: 'PATCH', url: `/v1/appraisals/${fixtures.appraisal}/document`, ...(await upload('file', true)) }),
    expect: ADMIN_ONLY(),
  },
  {
    name: 'GET /v1/properties/{propertyId}/performance',
    req: () => ({ method: 'GET', url: `/v1/properties/${fixtures.funded}/performance` }),
    expect: { anon: 200, investor2: 200, owner: 200, admin: 200 },
  },
  { name: 'GET /v1/holdings/returns', req: () => ({ method: 'GET', url: '/v1/holdings/returns' }), expect: INVESTORS() },
  { name: 'GET /v1/portfolio', req: () => ({ method: 'GET', url: '/v1/portfolio' }), expect: INVESTORS() },
  {
    name: 'PUT /v1/holdings/{propertyId}/reinvest',
    req: () => ({ method: 'PUT', url: `/v1/holdings/${fixtures.funded}/reinvest`, payload: { enabled: true } }),
    expect: { anon: 401, owner: 403, admin: 403, investor2: 404, investor: 200 },
  },
  // Issue 20: the secondary market (refusals here; the market's own tests trade).
  {
    name: 'GET /v1/market/properties/{propertyId}',
    req: () => ({ method: 'GET', url: `/v1/market/properties/${fixtures.funded}` }),
    expect: { anon: 200, investor: 200, owner: 200, admin: 200 },
  },
  {
    name: 'GET /v1/market/properties/{propertyId}/history',
    req: () => ({ method: 'GET', url: `/v1/market/properties/${fixtures.funded}/history` }),
    expect: { anon: 200, investor: 200, admin: 200 },
  },
  {
    name: 'GET /v1/market/properties/{propertyId}/trades',
    req: () => ({ method: 'GET', url: `/v1/market/properties/${fixtures.funded}/trades` }),
    expect: { anon: 200, investor: 200, admin: 200 },
  },
  {
    name: 'POST /v1/market/orders',
    req: () => ({
      method: 'POST',
      url: '/v1/market/orders',
      payload: { propertyId: fixtures.funded, side: 'SELL', units: 100000, price: 1 },
    }),
    expect: { anon: 401, owner: 403, owner2: 403, admin: 403 },
  },
  {
    name: 'POST /v1/market/orders/{id}/cancel',
    req: () => ({ method: 'POST', url: `/v1/market/orders/${MARKET_NONE}/cancel` }),
    expect: { anon: 401, owner: 403, owner2: 403, investor: 404, admin: 404 },
  },
  {
    name: 'POST /v1/market/orders/{id}/cancel (an open ask of the investor)',
    req: async () => {
      // One unit on the book at a time (the investor holds two): earlier asks are cancelled first.
      const open = await call(t.app, { method: 'GET', url: '/v1/market/orders', as: who.investor });
      for (const o of open.json().items as { _id: string }[])
        await call(t.app, { method: 'POST', url: `/v1/market/orders/${o._id}/cancel`, as: who.investor });
      const book = await call(t.app, { method: 'GET', url: `/v1/market/properties/${fixtures.funded}` });
      const ask = await call(t.app, {
        method: 'POST',
        url: '/v1/market/orders',
        as: who.investor,
        payload: { propertyId: fixtures.funded, side: 'SELL', units: 1, price: book.json().rules.referencePrice },
      });
      expect(ask.statusCode).toBe(201);
      return { method: 'POST', url: `/v1/market/orders/${ask.json().order._id}/cancel` };
    },
    expect: { anon: 401, owner: 403, owner2: 403, investor2: 404, investor: 200, admin: 200 },
  },
  { name: 'GET /v1/market/orders', req: () => ({ method: 'GET', url: '/v1/market/orders' }), expect: INVESTORS() },
  { name: 'GET /v1/market/fills', req: () => ({ method: 'GET', url: '/v1/market/fills' }), expect: INVESTORS() },
  {
    name: 'GET /v1/market/holdings/{propertyId}',
    req: () => ({ method: 'GET', url: `/v1/market/holdings/${fixtures.funded}` }),
    expect: INVESTORS(),
  },
  {
    name: 'POST /v1/market/properties/{propertyId}/trading',
    req: () => ({ method: 'POST', url: `/v1/market/properties/${fixtures.funded}/trading`, payload: { enabled: true } }),
    expect: OWNER_ONLY(409),
  },
  { name: 'GET /v1/admin/market/overview', req: () => ({ method: 'GET', url: '/v1/admin/market/overview' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/integrity', req: () => ({ method: 'GET', url: '/v1/admin/integrity' }), expect: ADMIN_ONLY() },
  {
    name: 'POST /v1/admin/market/properties/{propertyId}/halt',
    req: () => ({ method: 'POST', url: `/v1/admin/market/properties/${MARKET_NONE}/halt`, payload: { reason: 'Check' } }),
    expect: ADMIN_ONLY(404),
  },
  {
    name: 'POST /v1/admin/market/properties/{propertyId}/resume',
    req: () => ({ method: 'POST', url: `/v1/admin/market/properties/${MARKET_NONE}/resume`, payload: { reason: 'Check' } }),
    expect: ADMIN_ONLY(404),
  },
  { name: 'GET /v1/admin/market/trades', req: () => ({ method: 'GET', url: '/v1/admin/market/trades' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/market/trades.csv', req: () => ({ method: 'GET', url: '/v1/admin/market/trades.csv' }), expect: ADMIN_ONLY() },
  { name: 'GET /v1/admin/market/flags', req: () => ({ method: 'GET', url: '/v1/admin/market/flags' }), expect: ADMIN_ONLY() },
  {
    name: 'POST /v1/admin/market/flags/{id}/review',
    req: () => ({ method: 'POST', url: `/v1/admin/market/flags/${MARKET_NONE}/review`, payload: { decision: 'DISMISS', note: 'Check' } }),
    expect: ADMIN_ONLY(404),
  },
];

describe('authorization matrix', () => {
  it('covers every route the app registers', () => {
    const routes = new Set<string>();
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const m of Object.keys(methods)) routes.add(`${m.toUpperCase()} ${p}`);
    }
    const covered = new Set(ROWS.map((r) => r.name.replace(/\s*\(.*\)$/, '').replace(/\?.*$/, '')));
    const missing = [...routes].filter((r) => !covered.has(r) && !r.startsWith('GET /download'));
    expect(missing).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    // Refusals first, so an allowed call that changes things cannot hide one.
    const order = ACTORS.filter((a) => row.expect[a] !== undefined).sort(
      (a, b) => Number((row.expect[a] ?? 0) < 400) - Number((row.expect[b] ?? 0) < 400),
    );
    for (const actor of order) {
      const expected = row.expect[actor] as number;
      const req = await row.req();
      let headers: Record<string, string> = { ...(req.headers ?? {}) };
      if (actor !== 'anon') {
        const u = who[actor];
        const token = row.freshToken ? await login(t.app, u.email, u.password) : u.token;
        headers = { ...headers, authorization: `Bearer ${token}` };
      }
      const state = async () => {
        const all = JSON.parse(await snapshot(t.app)) as Record<string, unknown>;
        for (const table of row.refusalWrites ?? []) delete all[table];
        return JSON.stringify(all);
      };
      const before = expected >= 400 ? await state() : null;
      const res = await call(t.app, { method: req.method, url: req.url, payload: req.payload, headers });
      expect({ actor, status: res.statusCode }).toEqual({ actor, status: expected });
      if (before !== null) {
        const after = await state();
        expect(res.json()).toMatchObject({ statusCode: expected, error: expect.any(String), message: expect.anything() });
        if (after !== before) throw new Error(`${row.name} as ${actor} answered ${expected} but changed the database`);
      }
    }
    await row.settle?.();
  });
});

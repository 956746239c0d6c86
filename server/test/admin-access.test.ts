// The admin access matrix: every admin route the app registers × the four admin roles. Each
// route's guard names a permission (ADMIN_ACCESS); a role without it gets 403 with the
// contract's message, a role with it gets past the guard. The admin routes are found by
// calling every registered route as an admin (app.adminGuards records what each guard
// required), so a new admin route — a plugin-wide guard included — is found without a list.
import type { RouteOptions } from 'fastify';
import type { AdminPermission, AdminRole } from 'shared-api/contract';
import { ADMIN_ACCESS, ADMIN_ROLES, adminCan } from 'shared-api/contract/dashboard';
import { ADMIN_ROLE_MESSAGES } from 'shared-api/contract/admin';
import { buildTestApp, makeUser, type TestApp } from './helper';

/**
 * What each admin route requires. A route missing here (or guarded by requireRole('ADMIN'),
 * UNMAPPED) fails the first test by name: give it a permission (shared-api
 * contract/admin-roles.ts) and add its line.
 */
const EXPECTED: Record<string, AdminPermission> = {
  'GET /v1/admin/metrics': 'console.read',
  'GET /v1/admin/metrics/investor': 'console.read',
  'GET /v1/admin/metrics/listing': 'console.read',
  'GET /v1/admin/metrics/owner': 'console.read',
  'GET /v1/admin/audit': 'audit.read',
  'GET /v1/admin/audit.csv': 'audit.read',
  'GET /v1/approvals': 'approvals.read',
  'POST /v1/approvals/:id/approve': 'approvals.read',
  'POST /v1/approvals/:id/reject': 'approvals.read',
  'POST /v1/approvals/:id/cancel': 'approvals.read',
  'GET /v1/admin/checkouts': 'orders.read',
  'GET /v1/admin/search': 'console.read',
  'GET /v1/admin/me': 'console.read',
  'PATCH /v1/admin/me': 'console.read',
  'GET /v1/admin/team': 'admins.manage',
  'PATCH /v1/admin/team/:id/role': 'admins.manage',
  'GET /v1/admin/:id': 'admins.manage',
  'DELETE /v1/admin/:id': 'admins.manage',
  'POST /v1/auth/signup/admin': 'admins.manage',
  'GET /v1/users': 'people.read',
  'PATCH /v1/users/verify/:userId': 'people.verify',
  'GET /v1/admin/cases': 'people.verify',
  'GET /v1/admin/cases/:id': 'people.verify',
  'GET /v1/admin/cases/:id/documents/:fileId': 'people.verify',
  'POST /v1/admin/cases/:id/decision': 'people.verify',
  'POST /v1/admin/cases/:id/notes': 'people.verify',
  'GET /v1/users/:id': 'people.read',
  'PATCH /v1/users/:id': 'people.edit',
  'DELETE /v1/users/:id': 'people.delete',
  'GET /v1/holdings/admin/:investorId': 'people.read',
  'GET /v1/wallets/:userId/admin': 'people.read',
  'GET /v1/orders/:userId/admin': 'people.read',
  'GET /v1/admin/users/:id/statements': 'people.read',
  'GET /v1/admin/users/:id/statements/tax/:file': 'people.read',
  'GET /v1/admin/users/:id/statements/:file': 'people.read',
  'GET /v1/properties/revisions': 'listings.review',
  'PATCH /v1/properties/:id/revision': 'listings.review',
  'GET /v1/admin/progress-reviews': 'listings.review',
  'POST /v1/admin/progress-reviews/:id/approve': 'listings.review',
  'POST /v1/admin/progress-reviews/:id/reject': 'listings.review',
  'GET /v1/properties/active-investments': 'listings.read',
  'GET /v1/properties/active-investments/:id': 'listings.read',
  'GET /v1/properties/owners-property/:ownerId': 'listings.read',
  'GET /v1/properties/owner/:propertyId': 'listings.read',
  'DELETE /v1/properties/:id': 'listings.review',
  'PATCH /v1/properties/:id/rental-ready': 'listings.review',
  'PATCH /v1/properties/:id/off-plan': 'listings.review',
  'PATCH /v1/properties/:id/review': 'listings.review',
  'PATCH /v1/properties/:id/resume': 'listings.review',
  'POST /v1/properties/:id/handover': 'listings.review',
  'POST /v1/properties/:id/proposals': 'listings.review',
  'GET /v1/properties/:id/proposals': 'listings.read',
  'GET /v1/proposals/:id': 'listings.read',
  'POST /v1/proposals/:id/cancel': 'listings.review',
  'PATCH /v1/proposals/:id/documents': 'listings.review',
  'POST /v1/properties/:id/sale': 'distributions.manage',
  'GET /v1/properties/:id/sale/record': 'listings.read',
  'GET /v1/orders/admin': 'orders.read',
  'GET /v1/orders/:id': 'orders.read',
  'DELETE /v1/orders/:id': 'orders.manage',
  'PATCH /v1/orders/:id/review': 'orders.manage',
  'POST /v1/orders/review': 'orders.manage',
  'GET /v1/transactions': 'transactions.read',
  'GET /v1/admin/integrity': 'transactions.read',
  'GET /v1/transactions/export.csv': 'transactions.read',
  'POST /v1/transactions/export-jobs': 'transactions.read',
  'GET /v1/transactions/export-jobs/:id': 'transactions.read',
  'GET /v1/transactions/:id': 'transactions.read',
  'GET /v1/payouts': 'payouts.manage',
  'GET /v1/payouts/:id/destination': 'payouts.manage',
  'PATCH /v1/payouts/:id': 'payouts.manage',
  'POST /v1/payouts/batches': 'payouts.manage',
  'POST /v1/payouts/paid': 'payouts.manage',
  'GET /v1/payouts/reconciliation': 'payouts.manage',
  'GET /v1/income-reports/admin': 'income.manage',
  'GET /v1/income-reports/:id': 'income.manage',
  'PATCH /v1/income-reports/:id/approve': 'income.manage',
  'PATCH /v1/income-reports/:id/reject': 'income.manage',
  'PATCH /v1/properties/:propertyId/income-producing': 'income.manage',
  'GET /v1/distributions/admin': 'distributions.manage',
  'GET /v1/distributions/:id': 'distributions.manage',
  'POST /v1/distributions/:id/pay': 'distributions.manage',
  'POST /v1/distributions/:id/correct': 'distributions.manage',
  'POST /v1/distributions/:id/cancel': 'distributions.manage',
  'POST /v1/properties/:propertyId/appraisals': 'appraisals.manage',
  'PATCH /v1/appraisals/:id/document': 'appraisals.manage',
  'POST /v1/appraisals/:id/void': 'appraisals.manage',
  'POST /v1/market/orders/:id/cancel': 'market.manage',
  'GET /v1/admin/market/overview': 'market.manage',
  'POST /v1/admin/market/properties/:propertyId/halt': 'market.manage',
  'POST /v1/admin/market/properties/:propertyId/resume': 'market.manage',
  'GET /v1/admin/market/trades': 'market.manage',
  'GET /v1/admin/market/trades.csv': 'market.manage',
  'GET /v1/admin/market/flags': 'market.manage',
  'POST /v1/admin/market/flags/:id/review': 'market.manage',
  'GET /v1/support': 'support.manage',
  'GET /v1/support/:id': 'support.manage',
  'POST /v1/support/:id/messages': 'support.manage',
  'POST /v1/support/:id/messages/:messageId/resend': 'support.manage',
  'PATCH /v1/support/:id/assignee': 'support.manage',
  'PATCH /v1/support/:id/close': 'support.manage',
  'POST /v1/admin/release-tokens': 'release.manage',
  'GET /v1/admin/release-tokens': 'release.manage',
  'DELETE /v1/admin/release-tokens/:id': 'release.manage',
  'GET /v1/telemetry/remote-load/summary': 'release.manage',
};

/** Routes not called while looking for admin routes, with the reason. */
const NOT_CALLED: Record<string, string> = {
  'GET /v1/events': 'a stream open for as long as the client listens (no admin route)',
};
const NOT_OURS = [/^\/v1\/docs(\/|$)/];
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let routes: { key: string; method: string; url: string }[];
const admins = {} as Record<AdminRole, { id: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const adminRole of ADMIN_ROLES) admins[adminRole] = await makeUser(t.app, 'ADMIN', { adminRole });
  routes = t.app.routeList
    .flatMap((r: RouteOptions) => [r.method].flat().map((method) => ({ method, url: r.url, key: `${method} ${r.url}` })))
    .filter((r) => r.method !== 'HEAD' && !NOT_OURS.some((re) => re.test(r.url)) && !NOT_CALLED[r.key]);
}, 60_000);
afterAll(() => t?.close());

/** Calls a route as an admin of `role`, on a session of its own (a call may end its session). */
async function hit(route: { method: string; url: string }, role: AdminRole) {
  const { accessToken } = await t.app.tokens.issue(t.app.db, { id: admins[role].id, role: 'ADMIN' });
  const url = route.url.replace(/:[A-Za-z]+/g, NO_SUCH_ID) || '/';
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(withBody ? { payload: {} } : {}),
  });
}

const refusedForRole = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && (JSON.parse(res.body) as { message: unknown }).message === ADMIN_ROLE_MESSAGES.forbidden;

it('maps every admin route to a permission (names the ones without)', async () => {
  // The least privileged role: its calls seldom get past the guard, yet every guard records.
  for (const r of routes) await hit(r, 'SUPPORT');
  const found = Object.fromEntries([...t.app.adminGuards].sort(([a], [b]) => a.localeCompare(b)));
  const unmapped = Object.keys(found).filter((k) => found[k] === 'UNMAPPED');
  expect({ unmapped }).toEqual({ unmapped: [] });
  expect(found).toEqual(Object.fromEntries(Object.entries(EXPECTED).sort(([a], [b]) => a.localeCompare(b))));
}, 120_000);

it('lets exactly the roles ADMIN_ACCESS names through each admin route', async () => {
  const wrong: string[] = [];
  for (const [key, permission] of Object.entries(EXPECTED)) {
    const [method, url] = key.split(' ');
    for (const role of ADMIN_ROLES) {
      const res = await hit({ method, url }, role);
      const allowed = adminCan(role, permission);
      if (refusedForRole(res) === allowed)
        wrong.push(`${key} as ${role}: ${res.statusCode} (${permission} ${allowed ? 'allows' : 'refuses'} it)`);
    }
  }
  expect(wrong).toEqual([]);
}, 180_000);

it('names only permissions the matrix knows, and gives super admins every one', () => {
  for (const p of Object.values(EXPECTED)) expect(ADMIN_ACCESS[p]).toBeDefined();
  for (const p of Object.keys(ADMIN_ACCESS) as AdminPermission[]) expect(adminCan('SUPER_ADMIN', p)).toBe(true);
});

// Issue 9, item 6: only admins get the console. Another role visiting an admin URL is
// sent to /dashboard before anything of the admin remote is downloaded, and the server
// refuses every admin call made with that role's token.
import type { Browser } from 'playwright-core';
import { DEMO, keepSession, launch, open, platform, type Session } from '../lib/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Auth {
  accessToken: string;
  user: { _id: string; role: string };
}
const auths = new Map<string, Promise<Auth>>();
// Sign-ins are rate limited: one per account for the whole file.
function signIn(email: string, password: string): Promise<Auth> {
  if (!auths.has(email)) {
    auths.set(
      email,
      (async () => {
        const res = await fetch(`${platform().baseURL}/v1/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        if (!res.ok) throw new Error(`signin ${email}: ${res.status} ${await res.text()}`);
        return (await res.json()) as Auth;
      })(),
    );
  }
  return auths.get(email) as Promise<Auth>;
}

async function sessionAs(account: { email: string; password: string }): Promise<Session> {
  const s = await open(browser);
  const auth = await signIn(account.email, account.password);
  await keepSession(s, auth.user, auth.accessToken);
  return s;
}

const adminRemote = (requests: string[]) => requests.filter((u) => new URL(u).pathname.startsWith('/remotes/mf_admin/'));

const ADMIN_URLS = [
  '/dashboard/investors',
  '/dashboard/transactions',
  '/dashboard/audit',
  '/dashboard/owners',
  '/dashboard/payouts',
  '/dashboard/investors/00000000-0000-4000-8000-000000000000',
];

test('an investor visiting admin URLs lands on /dashboard and never downloads the admin remote', async () => {
  const s = await sessionAs(DEMO.investor);
  for (const url of ADMIN_URLS) {
    await s.page.goto(url);
    await s.page.waitForURL((u) => u.pathname === '/dashboard');
    await s.page.getByRole('heading', { level: 1 }).first().waitFor();
    await s.page.waitForLoadState('networkidle');
  }
  expect(adminRemote(s.requests)).toEqual([]);
  // The investor's own area did load (the check above is about the admin remote only).
  expect(s.requests.some((u) => new URL(u).pathname.startsWith('/remotes/mf_investor/'))).toBe(true);
  // Nor is the console in the sidebar.
  const sidebar = s.page.getByRole('navigation', { name: 'Dashboard' });
  for (const entry of ['Investors', 'Owners', 'Transactions', 'Payouts', 'Audit trail']) {
    expect(await sidebar.getByRole('link', { name: entry, exact: true }).count()).toBe(0);
  }
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('a property owner is turned away from the console the same way', async () => {
  const s = await sessionAs(DEMO.owner);
  await s.page.goto('/dashboard/audit');
  await s.page.waitForURL((u) => u.pathname === '/dashboard');
  await s.page.getByRole('heading', { level: 1 }).first().waitFor();
  await s.page.goto('/dashboard/investors');
  await s.page.waitForURL((u) => u.pathname === '/dashboard');
  await s.page.waitForLoadState('networkidle');
  expect(adminRemote(s.requests)).toEqual([]);
  await s.context.close();
});

test('an admin does get the console from the admin remote', async () => {
  const s = await sessionAs(DEMO.admin);
  await s.page.goto('/dashboard/audit');
  await s.page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
  expect(adminRemote(s.requests).some((u) => u.endsWith('/mf-manifest.json'))).toBe(true);
  await s.context.close();
});

test('the server answers 403 to every admin call made with an investor’s or an owner’s token', async () => {
  const admin = await signIn(DEMO.admin.email, DEMO.admin.password);
  const investor = await signIn(DEMO.investor.email, DEMO.investor.password);
  const owner = await signIn(DEMO.owner.email, DEMO.owner.password);
  const base = platform().baseURL;
  const someone = investor.user._id;
  const listing = ((await (await fetch(`${base}/v1/properties?pageSize=1`)).json()) as { items: { _id: string }[] }).items[0]._id;

  const calls: [string, string, unknown?][] = [
    ['GET', '/v1/admin/metrics'],
    ['GET', '/v1/admin/metrics/investor'],
    ['GET', '/v1/admin/metrics/listing'],
    ['GET', '/v1/admin/metrics/owner'],
    ['GET', '/v1/admin/audit'],
    ['GET', `/v1/admin/${admin.user._id}`],
    ['DELETE', `/v1/admin/${admin.user._id}`],
    ['GET', '/v1/users'],
    ['GET', `/v1/users/${someone}`],
    ['PATCH', `/v1/users/${someone}`, { firstName: 'Mallory' }],
    ['DELETE', `/v1/users/${someone}`],
    ['PATCH', `/v1/users/verify/${someone}`, { status: 'VERIFIED' }],
    ['PATCH', `/v1/properties/${listing}/review`, { decision: 'APPROVE' }],
    ['PATCH', `/v1/properties/${listing}/rental-ready`, { name: 'Mine now' }],
    ['PATCH', `/v1/properties/${listing}/off-plan`, { name: 'Mine now' }],
    ['DELETE', `/v1/properties/${listing}`],
    ['GET', '/v1/support'],
    ['PATCH', `/v1/support/${listing}/close`],
    // Money (admin views of spec 7, and the decisions).
    ['GET', '/v1/orders/admin'],
    ['GET', `/v1/orders/${someone}/admin`],
    ['PATCH', `/v1/orders/${listing}/review`, { decision: 'APPROVE' }],
    ['DELETE', `/v1/orders/${listing}`],
    ['GET', `/v1/wallets/${someone}/admin`],
    ['GET', `/v1/holdings/admin/${someone}`],
    ['GET', '/v1/transactions'],
    ['GET', '/v1/transactions/export.csv'],
    ['GET', `/v1/transactions/${listing}`],
    ['GET', '/v1/payouts'],
    ['PATCH', `/v1/payouts/${listing}`, { status: 'PAID' }],
  ];
  const results: string[] = [];
  for (const who of [investor, owner]) {
    for (const [method, url, body] of calls) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${who.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      results.push(`${who.user.role} ${method} ${url} → ${res.status}`);
    }
  }
  expect(results.filter((r) => !r.endsWith('→ 403'))).toEqual([]);
  // Nothing changed: the investor is still who they were.
  const me = await fetch(`${base}/v1/users/${someone}`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
  expect(((await me.json()) as { firstName: string }).firstName).not.toBe('Mallory');
});

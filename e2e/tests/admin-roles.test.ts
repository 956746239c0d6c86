// Admin roles and four eyes in the console. Each seeded admin role (finance, compliance,
// support, super admin) sees only its own pages in the sidebar and is told plainly when it
// opens another's address; the server refuses the same calls. An appraisal moving the value
// more than FOUR_EYES_APPRAISAL_MOVE_PCT (10%) waits for a second admin: the finance admin who
// asked cannot approve it, a compliance admin may not (wrong role), the super admin approves
// it and the audit trail names both; a second one is rejected with a reason. A super admin
// changes another admin's role on the Team page. Screenshots land in e2e/artifacts/admin-roles-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, keepSession, launch, open, platform, screenshot, type Session } from '../lib/browser';
import { api } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The seed's admins: one per role (server/src/db/seed.ts DEMO_STAFF; the first is the super admin).
const FINANCE = { email: 'finance@tessera.local', password: 'Staff123!' };
const COMPLIANCE = { email: 'compliance@tessera.local', password: 'Staff123!' };
const SUPPORT = { email: 'support@tessera.local', password: 'Staff123!' };
const SUPER = DEMO.admin;

// Sign-ins are rate limited (10 a minute per address): each account signs in once for the file.
interface Auth {
  accessToken: string;
  user: { _id: string; firstName: string; lastName: string; adminRole?: string };
}
const auths = new Map<string, Promise<Auth>>();
function signIn(account: { email: string; password: string }): Promise<Auth> {
  if (!auths.has(account.email)) auths.set(account.email, api<Auth>('POST', '/v1/auth/signin', account));
  return auths.get(account.email) as Promise<Auth>;
}
const tokenOf = async (account: { email: string; password: string }) => (await signIn(account)).accessToken;

async function sessionAs(account: { email: string; password: string }): Promise<Session> {
  const s = await open(browser);
  const auth = await signIn(account);
  // The way the app keeps a session (lib/browser's signInAs, without a new sign-in).
  await keepSession(s, auth.user, auth.accessToken);
  return s;
}

/** The HTTP status of an admin call made with `token` (no throw). */
async function statusOf(method: string, url: string, token: string): Promise<number> {
  const res = await fetch(`${platform().baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const toastWith = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();
const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** The sidebar's entries, in order. */
async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = sidebarOf(page);
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  return (await nav.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
}

/** A forbidden page's address: the shell says why instead of the page, and offers the way back. */
async function refused(page: Page, url: string, pageTitle: string): Promise<void> {
  await page.goto(url);
  const alert = page.getByRole('alert').filter({ has: h1(page, 'Not allowed for your role') });
  await alert.waitFor();
  await alert.getByText('This page is not available for your admin role. Ask a super admin if you need it.').waitFor();
  await alert.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
  expect(await h1(page, pageTitle).count()).toBe(0);
}

/** Opens a page: by its address in a fresh tab, else from the sidebar (no reload). */
async function openPage(page: Page, entry: string, path: string, title: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    await h1(page, title).waitFor();
  } else await openFromSidebar(page, entry, path, title);
}

/** Filters the audit trail by an action, and waits for the address to say so. */
async function filterAudit(page: Page, label: string, action: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('action') === action);
}

/** Opens a page from the sidebar (no reload) and waits for it. */
async function openFromSidebar(page: Page, entry: string, path: string, title: string): Promise<void> {
  await sidebarOf(page).getByRole('link', { name: entry, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path);
  await h1(page, title).waitFor();
}

// ADMIN_ACCESS (shared-api/src/contract/admin-roles.ts) as the sidebar shows it, in its order.
const SIDEBARS = {
  finance: [
    'Dashboard',
    'Listings',
    'Investors',
    'Owners',
    'Transactions',
    'Orders',
    'Payouts',
    'Reconciliation',
    'Distributions',
    'Pending approvals',
    'Appraisals',
    'Market',
    'Profile',
  ],
  compliance: ['Dashboard', 'Listings', 'Investors', 'Owners', 'Cases', 'Pending approvals', 'Audit trail', 'Profile'],
  support: ['Dashboard', 'Listings', 'Investors', 'Owners', 'Support', 'Profile'],
  super: [
    'Dashboard',
    'Listings',
    'Investors',
    'Owners',
    'Cases',
    'Transactions',
    'Orders',
    'Payouts',
    'Reconciliation',
    'Distributions',
    'Pending approvals',
    'Appraisals',
    'Market',
    'Audit trail',
    'Support',
    'Team',
    'Profile',
  ],
};

test('each admin role sees its own pages, and is told plainly about the others', async () => {
  // Finance: the money pages, none of compliance's, support's or the super admin's.
  const finance = await sessionAs(FINANCE);
  await refused(finance.page, '/dashboard/team', 'Team');
  expect(await sidebarEntries(finance.page)).toEqual(SIDEBARS.finance);
  await screenshot(finance.page, 'admin-roles-finance-team-refused');
  await refused(finance.page, '/dashboard/cases', 'Verification cases');
  await refused(finance.page, '/dashboard/audit', 'Audit trail');
  // The way back works, and a page of the role opens.
  await finance.page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await finance.page.waitForURL((u) => u.pathname === '/dashboard');
  await h1(finance.page, 'Dashboard').waitFor();
  await openFromSidebar(finance.page, 'Payouts', '/dashboard/payouts', 'Payouts');
  await screenshot(finance.page, 'admin-roles-finance-payouts');
  expect(finance.errors).toEqual([]);
  await finance.context.close();

  // Compliance: people's verification and the audit trail, no money.
  const compliance = await sessionAs(COMPLIANCE);
  await refused(compliance.page, '/dashboard/payouts', 'Payouts');
  expect(await sidebarEntries(compliance.page)).toEqual(SIDEBARS.compliance);
  await openFromSidebar(compliance.page, 'Cases', '/dashboard/cases', 'Verification cases');
  expect(compliance.errors).toEqual([]);
  await compliance.context.close();

  // Support: the support inbox, and no queue of approvals (support asks for nothing held).
  const support = await sessionAs(SUPPORT);
  await refused(support.page, '/dashboard/approvals', 'Pending approvals');
  expect(await sidebarEntries(support.page)).toEqual(SIDEBARS.support);
  await screenshot(support.page, 'admin-roles-support-approvals-refused');
  await openFromSidebar(support.page, 'Support', '/dashboard/support', 'Support inbox');
  expect(support.errors).toEqual([]);
  await support.context.close();

  // The server refuses the same: not only the console hides them.
  const refusals = [
    ['finance', 'GET', '/v1/admin/team', await tokenOf(FINANCE)],
    ['finance', 'GET', '/v1/admin/audit', await tokenOf(FINANCE)],
    ['compliance', 'GET', '/v1/payouts', await tokenOf(COMPLIANCE)],
    ['support', 'GET', '/v1/approvals', await tokenOf(SUPPORT)],
    ['support', 'GET', '/v1/transactions', await tokenOf(SUPPORT)],
  ] as const;
  const answers = [];
  for (const [who, method, url, token] of refusals) answers.push(`${who} ${method} ${url} → ${await statusOf(method, url, token)}`);
  expect(answers).toEqual(refusals.map(([who, method, url]) => `${who} ${method} ${url} → 403`));
  // ...while each one's own pages answer.
  expect(await statusOf('GET', '/v1/payouts', await tokenOf(FINANCE))).toBe(200);
  expect(await statusOf('GET', '/v1/admin/audit', await tokenOf(COMPLIANCE))).toBe(200);
});

interface ApprovalRequest {
  _id: string;
  action: string;
  targetId: string;
  summary: string;
  status: string;
  requestedBy: { email: string };
  decidedBy: { email: string } | null;
  decisionNote: string;
}
interface Appraisal {
  valuePerUnit: number;
  voidedAt: string | null;
}
interface AuditEntry {
  action: string;
  targetId: string;
  actorEmail: string;
  detail: Record<string, unknown>;
}

/** A live listing of our own at $40 a unit, so no other journey's appraisals move it. */
async function liveListing(name: string): Promise<string> {
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    { name, address: '4 Second Pair St, Boise', state: 'ID', totalQuantity: 500, unitPrice: 40, roiInFiveYears: 30 },
    await tokenOf(DEMO.owner),
  );
  await api('PATCH', `/v1/properties/${listing._id}/review`, { decision: 'APPROVE' }, await tokenOf(SUPER));
  return listing._id;
}

/** Records an appraisal on the Appraisals page (today's date) and waits for the page's answer. */
async function recordAppraisal(page: Page, propertyId: string, name: string, value: string): Promise<void> {
  await openPage(page, 'Appraisals', '/dashboard/appraisals', 'Appraisals');
  await page.getByRole('combobox', { name: 'Property' }).selectOption(propertyId);
  await page.getByRole('heading', { name: `Appraisals of ${name}` }).waitFor();
  const form = page.getByRole('form', { name: `Record an appraisal of ${name}` });
  await form.getByRole('textbox', { name: /^Value per unit/ }).fill(value);
  await form.getByRole('button', { name: 'Record appraisal' }).click();
}

const appraisalsOf = async (propertyId: string) =>
  api<Appraisal[]>('GET', `/v1/properties/${propertyId}/appraisals`, undefined, await tokenOf(SUPER));

test('four eyes: a finance admin’s large appraisal waits for another admin, who approves it; the trail names both', async () => {
  const superToken = await tokenOf(SUPER);
  const name = `Four Eyes Lofts ${Date.now() % 100000}`;
  const propertyId = await liveListing(name);
  // $40 → $48: a 20% move, above the 10% four eyes holds and below the 25% that asks to confirm a typo.
  const summary = `Record an appraisal of ${name} at $48.00 a unit (from $40.00, 20.0% move)`;

  // Admin A (finance) records it: the console says it went for approval, and nothing is recorded yet.
  const a = await sessionAs(FINANCE);
  await recordAppraisal(a.page, propertyId, name, '48');
  await toastWith(a.page, 'Sent for approval: another admin must approve it before it takes effect').waitFor();
  await screenshot(a.page, 'admin-roles-sent-for-approval');
  await a.page.getByText('Not appraised yet: holdings are valued at what they cost (units sell at $40.00).').waitFor();
  expect(await appraisalsOf(propertyId)).toEqual([]);

  // A sees their own request in Pending approvals, but may only cancel it.
  await openPage(a.page, 'Pending approvals', '/dashboard/approvals', 'Pending approvals');
  const queueA = a.page.getByRole('table', { name: 'Requests waiting for approval' });
  const ownApprove = queueA.getByRole('button', { name: `Approve: ${summary}` });
  await ownApprove.waitFor();
  expect(await ownApprove.isDisabled()).toBe(true);
  const ownRow = queueA.getByRole('row').filter({ has: a.page.getByRole('button', { name: `Approve: ${summary}` }) });
  await ownRow.getByText('You cannot approve your own request: another admin must approve it').waitFor();
  await ownRow.getByRole('button', { name: `Cancel your request: ${summary}` }).waitFor();
  expect(await ownRow.getByRole('button', { name: `Reject: ${summary}` }).count()).toBe(0);
  await screenshot(a.page, 'admin-roles-own-request');
  // Nor does the server let A approve it another way.
  const [request] = (await api<ApprovalRequest[]>('GET', '/v1/approvals', undefined, await tokenOf(FINANCE))).filter(
    (r) => r.targetId === propertyId,
  );
  expect(request).toMatchObject({ action: 'appraisal.create', summary, status: 'PENDING', requestedBy: { email: FINANCE.email } });
  const own = await fetch(`${platform().baseURL}/v1/approvals/${request._id}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(FINANCE)}` },
  });
  expect(own.status).toBe(403);
  expect(await own.text()).toContain('You cannot approve your own request');

  // A compliance admin sees the queue but may not decide an appraisal (not their role's work).
  const c = await sessionAs(COMPLIANCE);
  await openPage(c.page, 'Pending approvals', '/dashboard/approvals', 'Pending approvals');
  const queueC = c.page.getByRole('table', { name: 'Requests waiting for approval' });
  const cApprove = queueC.getByRole('button', { name: `Approve: ${summary}` });
  await cApprove.waitFor();
  expect(await cApprove.isDisabled()).toBe(true);
  expect(await queueC.getByRole('button', { name: `Reject: ${summary}` }).isDisabled()).toBe(true);
  await queueC
    .getByRole('row')
    .filter({ has: c.page.getByRole('button', { name: `Approve: ${summary}` }) })
    .getByText('Your admin role does not allow this')
    .waitFor();
  expect(c.errors).toEqual([]);
  await c.context.close();

  // Admin B (the super admin) approves it in their own browser.
  const b = await sessionAs(SUPER);
  await openPage(b.page, 'Pending approvals', '/dashboard/approvals', 'Pending approvals');
  const queueB = b.page.getByRole('table', { name: 'Requests waiting for approval' });
  const approve = queueB.getByRole('button', { name: `Approve: ${summary}` });
  await approve.waitFor();
  expect(await approve.isDisabled()).toBe(false);
  await approve.click();
  const dialog = b.page.getByRole('dialog', { name: 'Approve this request?' });
  await dialog.getByText(`${summary}. Asked by Felix`, { exact: false }).waitFor();
  await screenshot(b.page, 'admin-roles-approve-dialog');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await toastWith(b.page, 'Record an appraisal: approved and done').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await approve.waitFor({ state: 'detached' });

  // It took effect: the appraisal is recorded, and A's page shows it.
  expect((await appraisalsOf(propertyId)).map((x) => x.valuePerUnit)).toEqual([48]);
  const decided = (await api<ApprovalRequest[]>('GET', '/v1/approvals?status=APPROVED', undefined, superToken)).find(
    (r) => r._id === request._id,
  );
  expect(decided).toMatchObject({ status: 'APPROVED', requestedBy: { email: FINANCE.email }, decidedBy: { email: SUPER.email } });
  await openPage(a.page, 'Appraisals', '/dashboard/appraisals', 'Appraisals');
  await a.page.getByRole('combobox', { name: 'Property' }).selectOption(propertyId);
  await a.page.getByText(/^Latest: \$48\.00 a unit on /).waitFor();
  await a.page
    .getByRole('table', { name: `Appraisal history of ${name}` })
    .getByText('$48.00')
    .waitFor();
  // ...and it left the queue (nothing else of this file's waits there).
  await openPage(a.page, 'Pending approvals', '/dashboard/approvals', 'Pending approvals');
  await a.page.getByText('Nothing is waiting for approval').waitFor();

  // The audit trail (B reads it; finance may not) names the admin who asked and the one who approved.
  await openPage(b.page, 'Audit trail', '/dashboard/audit', 'Audit trail');
  const trail = b.page.getByRole('table', { name: 'Audit trail' });
  const auditRow = (label: string) =>
    trail
      .getByRole('row')
      .filter({ hasText: label })
      .filter({ has: b.page.getByRole('link', { name }) });
  await filterAudit(b.page, "Approved another admin's request", 'approval.approve');
  const approvedRow = auditRow("Approved another admin's request");
  await approvedRow.waitFor();
  // Who asked and who approved, by name (the console's directory) and e-mail.
  const nameOf = async (account: { email: string; password: string }) => {
    const { user } = await signIn(account);
    return `${user.firstName} ${user.lastName} (${account.email})`;
  };
  await approvedRow.getByText(await nameOf(FINANCE), { exact: true }).waitFor();
  await approvedRow.getByText(await nameOf(SUPER), { exact: true }).waitFor();
  expect(await approvedRow.getByRole('cell').nth(1).innerText()).toBe(SUPER.email);
  await screenshot(b.page, 'admin-roles-audit-approved');
  await filterAudit(b.page, "Asked for a second admin's approval", 'approval.request');
  const askedRow = auditRow("Asked for a second admin's approval");
  await askedRow.waitFor();
  expect(await askedRow.getByRole('cell').nth(1).innerText()).toBe(FINANCE.email);
  const entries = async (action: string) =>
    (await api<{ items: AuditEntry[] }>('GET', `/v1/admin/audit?action=${action}&pageSize=100`, undefined, superToken)).items.filter(
      (e) => e.targetId === propertyId || e.detail.propertyId === propertyId,
    );
  expect(await entries('approval.request')).toMatchObject([{ actorEmail: FINANCE.email }]);
  expect(await entries('approval.approve')).toMatchObject([
    { actorEmail: SUPER.email, detail: { requestedBy: { email: FINANCE.email }, approvedBy: { email: SUPER.email } } },
  ]);
  // The appraisal itself is written in the approver's name, as the action they carried out.
  expect(await entries('appraisal.create')).toMatchObject([{ actorEmail: SUPER.email, detail: { valuePerUnitCents: 4800 } }]);

  // A second one ($48 → $40, 16.7% down) is rejected, with a reason; nothing of it happens.
  const second = `Record an appraisal of ${name} at $40.00 a unit (from $48.00, 16.7% move)`;
  await recordAppraisal(a.page, propertyId, name, '40');
  await toastWith(a.page, /^Sent for approval/).waitFor();
  await openPage(b.page, 'Pending approvals', '/dashboard/approvals', 'Pending approvals');
  await queueB.getByRole('button', { name: `Reject: ${second}` }).click();
  const reject = b.page.getByRole('dialog', { name: 'Reject this request?' });
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await reject.getByText('Say why you reject this request').waitFor();
  await reject
    .getByRole('textbox', { name: /^Why \(shown to the admin who asked\)/ })
    .fill('The broker opinion is older than the last one');
  await screenshot(b.page, 'admin-roles-reject-dialog');
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await toastWith(b.page, 'Record an appraisal: rejected').waitFor();
  await reject.waitFor({ state: 'detached' });
  await queueB.getByRole('button', { name: `Reject: ${second}` }).waitFor({ state: 'detached' });
  const rejected = (await api<ApprovalRequest[]>('GET', '/v1/approvals?status=REJECTED', undefined, superToken)).find(
    (r) => r.summary === second,
  );
  expect(rejected).toMatchObject({
    requestedBy: { email: FINANCE.email },
    decidedBy: { email: SUPER.email },
    decisionNote: 'The broker opinion is older than the last one',
  });
  expect((await appraisalsOf(propertyId)).map((x) => x.valuePerUnit)).toEqual([48]);
  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('a super admin sees every page and changes another admin’s role on the Team page, never their own', async () => {
  const support = await signIn(SUPPORT);
  const name = `${support.user.firstName} ${support.user.lastName}`;
  // Before: support may not open the verification cases.
  expect(await statusOf('GET', '/v1/admin/cases', support.accessToken)).toBe(403);

  const s = await sessionAs(SUPER);
  const { page } = s;
  await page.goto('/dashboard/team');
  await h1(page, 'Team').waitFor();
  // The super admin's sidebar holds every page.
  expect(await sidebarEntries(page)).toEqual(SIDEBARS.super);
  const team = page.getByRole('table', { name: 'Admins' });
  const own = await signIn(SUPER);
  expect(await team.getByRole('combobox', { name: `Admin role of ${own.user.firstName} ${own.user.lastName}` }).isDisabled()).toBe(true);
  const role = team.getByRole('combobox', { name: `Admin role of ${name}` });
  expect(await role.inputValue()).toBe('SUPPORT');
  await role.selectOption('COMPLIANCE');
  const dialog = page.getByRole('dialog', { name: 'Change admin role?' });
  await dialog.getByText(`${name} goes from Support to Compliance, from their next action on.`).waitFor();
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: `${name} is now Compliance.` })
    .waitFor();
  expect(await role.inputValue()).toBe('COMPLIANCE');
  await screenshot(page, 'admin-roles-team');

  // From their next call on, the server grants what the new role may do, with the same token.
  expect(await statusOf('GET', '/v1/admin/cases', support.accessToken)).toBe(200);
  expect(await statusOf('GET', '/v1/support', support.accessToken)).toBe(403);
  const change = (
    await api<{ items: AuditEntry[] }>('GET', '/v1/admin/audit?action=admin.role_change&pageSize=100', undefined, own.accessToken)
  ).items.find((e) => e.targetId === support.user._id);
  expect(change).toMatchObject({
    actorEmail: SUPER.email,
    detail: { before: { adminRole: 'SUPPORT' }, after: { adminRole: 'COMPLIANCE' } },
  });
  expect(s.errors).toEqual([]);
  await s.context.close();
});

// Issue 9's journeys: the admin console. An admin verifies an investor after opening
// their ID document, rejects and deletes people, reviews a new listing (images and
// documents) and approves it, edits a listing, and finds every action in the audit
// trail. Screenshots land in e2e/artifacts/admin-*.png.
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO, keepSession, launch, open, platform, screenshot, type Session } from '../lib/browser';
import { api, newAccount, uploadFiles, type Account } from '../lib/api';
import { pdf, png } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MOBILE = { width: 360, height: 780 };

// ---- API helpers ----

// Sign-ins are rate limited (10 a minute per address): each account signs in once.
interface Auth {
  accessToken: string;
  user: { _id: string };
}
const auths = new Map<string, Promise<Auth>>();
function signIn(email: string, password: string): Promise<Auth> {
  if (!auths.has(email)) auths.set(email, api<Auth>('POST', '/v1/auth/signin', { email, password }));
  return auths.get(email) as Promise<Auth>;
}

/**
 * Picks an option of a select. Opening it again when its list has not appeared: a click can
 * land as the filters move down under a banner or a count that has just arrived.
 */
async function choose(page: Page, select: string, option: string | RegExp): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('combobox', { name: select }).click();
    try {
      await listbox.waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
  await listbox.getByRole('option', { name: option }).click();
  await listbox.waitFor({ state: 'detached' });
}

/**
 * Types into a table's search box and waits until the table holds only the one match: a click
 * aimed at a row while the filtered page is still arriving can land on another row.
 */
async function searchTable(page: Page, box: string, text: string, table: Locator): Promise<void> {
  await page.getByRole('searchbox', { name: box }).fill(text);
  await page.waitForURL((u) => u.searchParams.get('q') === text);
  // The header row and one match: a third row means the old page is still shown.
  await table.getByRole('row').nth(2).waitFor({ state: 'detached' });
}

/** The early-access subscription, paid on the sandbox provider's page (spec 9: $15). */
async function subscribe(token: string): Promise<void> {
  const checkout = await api<{ _id: string; checkoutUrl: string }>(
    'POST',
    '/v1/payments/checkouts',
    { purpose: 'SUBSCRIPTION', returnPath: '/' },
    token,
  );
  const html = await (await fetch(checkout.checkoutUrl)).text();
  const form = html.match(
    /<form method="post" action="([^"]+)">\s*<input type="hidden" name="decision" value="pay">\s*<input type="hidden" name="token" value="([^"]+)">/,
  );
  if (!form) throw new Error('no pay form on the sandbox page');
  const action = new URL(form[1].replace(/&amp;/g, '&'), checkout.checkoutUrl).toString();
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'pay', token: form[2] }).toString(),
  });
  expect(res.status).toBe(303);
}

/** An investor who onboarded (subscribed, identity document uploaded) and waits for review. */
async function pendingInvestor(firstName: string, lastName: string): Promise<Account & { token: string }> {
  const created = await newAccount('investor', firstName, lastName);
  const a = { ...created, token: (await signIn(created.email, created.password)).accessToken };
  await api('PATCH', '/v1/users/me', { country: 'United States', phone: '+1 202 555 0143', userType: 'INDIVIDUAL' }, a.token);
  await uploadFiles(
    '/v1/users/kyc',
    'file',
    [{ name: 'passport-scan.png', type: 'image/png', data: png(120, 80, [30, 90, 200]) }],
    a.token,
  );
  await subscribe(a.token);
  const done = await api<{ status: string; onboardingCompleted: boolean }>(
    'PATCH',
    '/v1/users/me/complete-onboarding',
    { status: 'PENDING' },
    a.token,
  );
  expect(done).toMatchObject({ status: 'PENDING', onboardingCompleted: true });
  return a;
}

const COMPLIANCE = { email: 'compliance@tessera.local', password: 'Staff123!' };
const admin = async (): Promise<string> => (await signIn(DEMO.admin.email, DEMO.admin.password)).accessToken;

interface AuditEntry {
  action: string;
  targetId: string;
  actorEmail: string;
  ip: string;
  detail: Record<string, unknown>;
}
async function auditEntries(action: string): Promise<AuditEntry[]> {
  return (
    await api<{ items: AuditEntry[] }>('GET', `/v1/admin/audit?action=${encodeURIComponent(action)}&pageSize=100`, undefined, await admin())
  ).items;
}

// ---- Page helpers ----

async function adminSession(viewport?: { width: number; height: number }): Promise<Session> {
  const s = await open(browser, viewport ? { viewport } : {});
  const auth = await signIn(DEMO.admin.email, DEMO.admin.password);
  // The way the app keeps a session (lib/browser's signInAs, without a new sign-in).
  await keepSession(s, auth.user, auth.accessToken);
  return s;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const toastWith = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();

function noOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// ---- Journeys ----

test('an admin verifies a pending investor after opening their ID document', async () => {
  const investor = await pendingInvestor('Vera', 'Verifiable');
  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/investors');
  await h1(page, 'Investors').waitFor();
  await choose(page, 'Status', 'Pending');
  await page.waitForURL((u) => u.searchParams.get('status') === 'PENDING');
  const table = page.getByRole('table', { name: 'Investors' });
  await searchTable(page, 'Search by name or e-mail', investor.email, table);
  await table.getByRole('link', { name: investor.name }).click();
  await page.waitForURL(`**/dashboard/investors/${investor.id}`);
  await h1(page, investor.name).waitFor();
  await page.getByText(/^Awaiting verification\. Review their case in/).waitFor();
  await screenshot(page, 'admin-person-pending-desktop');

  // The document opens in a new tab, from a signed link (no session header needed).
  const doc = page.getByRole('link', { name: /^Open passport-scan\.png/ });
  const [popup] = await Promise.all([page.context().waitForEvent('page'), doc.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/download\/[^?]+\.png\?exp=\d+&sig=/);
  // The tab shows the picture itself.
  expect(await popup.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(120);
  const image = await fetch(popup.url());
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  await popup.close();

  // Verifying here ticks no case checklist, so four eyes sends it to a second admin.
  await page.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify ${investor.name}?` });
  await dialog.getByText('identity document').waitFor();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await toastWith(page, /^Sent for approval/).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const statusOf = async () => (await api<{ status: string }>('GET', `/v1/users/${investor.id}`, undefined, await admin())).status;
  expect(await statusOf()).toBe('PENDING');
  // The compliance admin approves it; the person is then verified.
  const compliance = (await signIn(COMPLIANCE.email, COMPLIANCE.password)).accessToken;
  const waiting = await api<{ _id: string; targetId: string }[]>('GET', '/v1/approvals?status=PENDING', undefined, compliance);
  const request = waiting.find((r) => r.targetId === investor.id);
  expect(request).toBeDefined();
  await api('POST', `/v1/approvals/${request?._id}/approve`, undefined, compliance);
  expect(await statusOf()).toBe('VERIFIED');
  await page.reload();
  await h1(page, investor.name).waitFor();
  await page.getByRole('button', { name: 'Verify' }).waitFor({ state: 'detached' });
  await page.locator('header').getByText('Verified', { exact: true }).first().waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('rejecting a person needs a reason; deleting asks first and says "User deleted"', async () => {
  const investor = await pendingInvestor('Rex', 'Rejectable');
  const doomed = await newAccount('property-owner', 'Dora', 'Deletable');
  const s = await adminSession();
  const { page } = s;

  await page.goto(`/dashboard/investors/${investor.id}`);
  await h1(page, investor.name).waitFor();
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${investor.name}?` });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByText('Please give a reason for the rejection').waitFor();
  await screenshot(page, 'admin-person-reject-dialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('The document is not legible');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await toastWith(page, `${investor.name} was rejected`).waitFor();
  await page.getByText('Rejected: The document is not legible').waitFor();

  // An owner is deleted from their page, after confirming.
  await page.goto('/dashboard/owners');
  await h1(page, 'Owners').waitFor();
  const owners = page.getByRole('table', { name: 'Owners' });
  await searchTable(page, 'Search by name or e-mail', doomed.email, owners);
  await owners.getByRole('link', { name: doomed.name }).click();
  await page.waitForURL(`**/dashboard/owners/${doomed.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${doomed.name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect((await api<{ _id: string }>('GET', `/v1/users/${doomed.id}`, undefined, await admin()))._id).toBe(doomed.id);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${doomed.name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toastWith(page, 'User deleted').waitFor();
  await page.waitForURL((u) => u.pathname === '/dashboard/owners');
  const gone = await fetch(`${platform().baseURL}/v1/users/${doomed.id}`, { headers: { authorization: `Bearer ${await admin()}` } });
  expect(gone.status).toBe(404);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin reviews a new listing with its images and documents and approves it', async () => {
  const { accessToken: ownerToken } = await signIn(DEMO.owner.email, DEMO.owner.password);
  const name = `Review Court ${Date.now() % 100000}`;
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name,
      address: '12 Review St, Denver',
      state: 'CO',
      description: 'Six flats near the park.',
      totalQuantity: 1000,
      unitPrice: 25.5,
      roiInFiveYears: 40,
    },
    ownerToken,
  );
  await uploadFiles(
    `/v1/properties/owned/${listing._id}/images`,
    'files',
    [
      { name: 'front.png', type: 'image/png', data: png(1200, 800, [200, 120, 40]) },
      { name: 'garden.png', type: 'image/png', data: png(1000, 700, [40, 160, 90]) },
    ],
    ownerToken,
  );
  await uploadFiles(
    `/v1/properties/owned/${listing._id}/documents`,
    'files',
    [{ name: 'title-deed.pdf', type: 'application/pdf', data: pdf('Title deed') }],
    ownerToken,
  );

  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/listings');
  await h1(page, 'Listings').waitFor();
  await page.getByRole('tab', { name: /Review queue/ }).click();
  const queue = page.getByRole('table', { name: 'Listings pending review' });
  await queue.getByRole('button', { name: `Review ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Review: ${name}` });
  await dialog.getByText('$25.50').waitFor();
  // Images with responsive sources, and the document behind a working link.
  const images = dialog.getByRole('img', { name: new RegExp(`^${name} — image`) });
  await images.first().waitFor();
  expect(await images.count()).toBe(2);
  expect(await images.first().getAttribute('srcset')).toMatch(/ 480w/);
  await images
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true }))));
  expect(await images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const docLink = dialog.getByRole('link', { name: /^Open title-deed\.pdf/ });
  const href = await docLink.getAttribute('href');
  const docRes = await fetch(href ?? '');
  expect(docRes.status).toBe(200);
  expect(docRes.headers.get('content-type')).toBe('application/pdf');
  await screenshot(page, 'admin-listing-review-desktop');

  await dialog.getByRole('button', { name: 'Approve listing' }).click();
  await toastWith(page, `${name} approved`).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const after = await api<{ status: string }>('GET', `/v1/properties/${listing._id}`, undefined, await admin());
  expect(after.status).toBe('ACTIVE');

  // A pending listing is rejected only with a reason.
  const rejectName = `Reject Row ${Date.now() % 100000}`;
  await api(
    'POST',
    '/v1/properties/owned/rental-ready',
    { name: rejectName, address: '9 Hold St, Tulsa', state: 'OK', totalQuantity: 100, unitPrice: 10, roiInFiveYears: 20 },
    ownerToken,
  );
  await page.reload();
  await page.getByRole('button', { name: `Review ${rejectName}` }).click();
  const other = page.getByRole('dialog', { name: `Review: ${rejectName}` });
  await other.getByText('No documents were uploaded.').waitFor();
  await other.getByRole('button', { name: 'Reject…' }).click();
  await other.getByRole('button', { name: 'Reject listing' }).click();
  await other.getByText('Please give a reason for the rejection').waitFor();
  await other.getByRole('textbox', { name: /Reason/ }).fill('Permits are missing from the documents');
  await other.getByRole('button', { name: 'Reject listing' }).click();
  await toastWith(page, `${rejectName} rejected`).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin filters every listing, edits one and deletes another', async () => {
  const { accessToken: ownerToken } = await signIn(DEMO.owner.email, DEMO.owner.password);
  const stamp = Date.now() % 100000;
  const editName = `Edit Works ${stamp}`;
  const doomedName = `Doomed Yard ${stamp}`;
  const edited = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/off-plan',
    { name: editName, address: '2 Edit Ln, Reno', state: 'NV', totalQuantity: 200, unitPrice: 80, roiInFiveYears: 45, progress: 5 },
    ownerToken,
  );
  await api(
    'POST',
    '/v1/properties/owned/off-plan',
    { name: doomedName, address: '1 Gone Rd, Reno', state: 'NV', totalQuantity: 100, unitPrice: 10, roiInFiveYears: 30, progress: 5 },
    ownerToken,
  );

  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/listings');
  const table = page.getByRole('table', { name: 'All listings' });
  await table.getByText('Harborview Residences').waitFor();
  // Filters: state, type, text and owner (kept in the address).
  await choose(page, 'State', 'Arizona');
  await page.waitForURL((u) => u.searchParams.get('state') === 'AZ');
  await table.getByText('Desert Bloom Villas').waitFor();
  await table.getByText('Harborview Residences').waitFor({ state: 'detached' });
  await choose(page, 'State', 'Any state');
  await choose(page, 'Type', 'Off Plan');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Sunset');
  await page.waitForURL((u) => u.searchParams.get('q') === 'Sunset' && u.searchParams.get('type') === 'OFF_PLAN');
  await table.getByText('Desert Bloom Villas').waitFor({ state: 'detached' });
  await table.getByText('Sunset Terrace').waitFor();
  expect(await table.getByRole('row').count()).toBe(2);
  await choose(page, 'Owner', /Olivia Owner/);
  await page.waitForURL((u) => Boolean(u.searchParams.get('owner')));
  await table.getByText('Sunset Terrace').waitFor();
  await screenshot(page, 'admin-listings-filtered-desktop');

  // Edit: the unit price and the progress of an off-plan listing.
  await page.goto('/dashboard/listings');
  await searchTable(page, 'Search by name', editName, table);
  await table.getByRole('button', { name: `Edit ${editName}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${editName}` });
  await edit.getByRole('textbox', { name: 'Unit price' }).fill('82.25');
  await edit.getByRole('textbox', { name: 'Construction progress' }).fill('150');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await edit.getByText('Enter a whole percent from 0 to 100').waitFor();
  await edit.getByRole('textbox', { name: 'Construction progress' }).fill('20');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await toastWith(page, `${editName} updated`).waitFor();
  await table.getByText('$82.25').waitFor();
  const after = await api<{ unitPrice: number; progress: number; status: string }>(
    'GET',
    `/v1/properties/${edited._id}`,
    undefined,
    await admin(),
  );
  // An admin's edit does not send the listing back to review or change its status.
  expect(after).toMatchObject({ unitPrice: 82.25, progress: 20, status: 'PENDING_REVIEW' });

  // Delete, after confirming.
  await searchTable(page, 'Search by name', doomedName, table);
  await table.getByRole('button', { name: `Delete ${doomedName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this listing?' });
  await confirm.getByRole('button', { name: 'Delete listing' }).click();
  await toastWith(page, `${doomedName} deleted`).waitFor();
  await table.getByText(doomedName).waitFor({ state: 'detached' });
  // Leave no pending listing behind for other journeys.
  await api('DELETE', `/v1/properties/${edited._id}`, undefined, await admin());
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin approves a pending order and sees the holding on the investor’s page', async () => {
  // A listing of our own (approved through the API), so no other journey shares it.
  const { accessToken: ownerToken } = await signIn(DEMO.owner.email, DEMO.owner.password);
  const name = `Order Court ${Date.now() % 100000}`;
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    { name, address: '5 Order Ave, Austin', state: 'TX', totalQuantity: 500, unitPrice: 25.5, roiInFiveYears: 35 },
    ownerToken,
  );
  await api('PATCH', `/v1/properties/${listing._id}/review`, { decision: 'APPROVE' }, await admin());
  const investor = await signIn(DEMO.investor.email, DEMO.investor.password);
  const order = await api<{ _id: string; status: string }>(
    'POST',
    '/v1/orders',
    { propertyId: listing._id, quantity: 4 },
    investor.accessToken,
  );
  expect(order.status).toBe('PENDING');

  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/orders');
  await h1(page, 'Orders').waitFor();
  const queue = page.getByRole('table', { name: 'Orders pending approval' });
  const approve = queue.getByRole('button', {
    name: new RegExp(`^Approve order: 4 units of ${name} for \\$102\\.00, ordered by Ivan Investor`),
  });
  await approve.waitFor();
  await screenshot(page, 'admin-orders-queue-desktop');
  await approve.click();
  const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await dialog.getByRole('button', { name: 'Approve order' }).click();
  await toastWith(page, 'Order approved').waitFor();
  await approve.waitFor({ state: 'detached' });
  expect((await api<{ status: string }>('GET', `/v1/orders/${order._id}`, undefined, await admin())).status).toBe('COMPLETED');

  // The investor's page shows the new holding.
  await page.goto('/dashboard/investors');
  const investors = page.getByRole('table', { name: 'Investors' });
  await searchTable(page, 'Search by name or e-mail', DEMO.investor.email, investors);
  await investors.getByRole('link', { name: 'Ivan Investor' }).click();
  await h1(page, 'Ivan Investor').waitFor();
  await page.getByRole('tab', { name: 'Holdings' }).click();
  const holdings = page.getByRole('table', { name: 'Holdings of this investor' });
  const row = holdings.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/\b4\b[\s\S]*\$102\.00/);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page
    .getByRole('table', { name: 'Orders of this investor' })
    .getByRole('row')
    .filter({ hasText: name })
    .getByText('Completed')
    .waitFor();
  await screenshot(page, 'admin-person-orders-desktop');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin marks a withdrawal paid', async () => {
  const investor = await signIn(DEMO.investor.email, DEMO.investor.password);
  // Every withdrawal names a bank account (issue 19): the seed gave Ivan one.
  const [account] = await api<{ _id: string }[]>('GET', '/v1/wallets/destinations', undefined, investor.accessToken);
  const payout = await api<{ _id: string; status: string }>(
    'POST',
    '/v1/wallets/withdraw',
    { amount: 123.45, payoutDestinationId: account._id },
    investor.accessToken,
  );
  expect(payout.status).toBe('REQUESTED');

  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/payouts');
  await h1(page, 'Payouts').waitFor();
  const table = page.getByRole('table', { name: 'Withdrawals to decide' });
  const pay = table.getByRole('button', { name: /^Mark paid: \$123\.45 to Ivan Investor/ });
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Mark this withdrawal paid?' });
  await dialog.getByText('Confirm only once the money has been sent.').waitFor();
  await dialog.getByRole('textbox', { name: /Bank reference of the transfer/ }).fill('TRF-E2E-12345');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await toastWith(page, 'Withdrawal of $123.45 marked paid').waitFor();
  await pay.waitFor({ state: 'detached' });
  const paid = await api<{ items: { _id: string; status: string; bankReference: string | null }[] }>(
    'GET',
    '/v1/payouts?status=PAID&pageSize=100',
    undefined,
    await admin(),
  );
  expect(paid.items.find((p) => p._id === payout._id)).toMatchObject({ status: 'PAID', bankReference: 'TRF-E2E-12345' });

  // The ledger shows the released hold, and exports as CSV.
  await page.goto('/dashboard/transactions');
  await h1(page, 'Transactions').waitFor();
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('combobox', { name: 'Person' }).fill('Ivan');
  await page.getByRole('option', { name: /Ivan Investor/ }).click();
  await page.waitForURL((u) => Boolean(u.searchParams.get('user')));
  const ledger = page.getByRole('table', { name: 'Transactions' });
  await ledger.getByText('-$123.45').first().waitFor();
  await page.getByRole('region', { name: 'Totals of the selection' }).getByRole('group', { name: 'Net' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tessera-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain('123.45');
  await screenshot(page, 'admin-transactions-filtered-desktop');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the audit trail shows who did what, when and from where, and cannot be changed', async () => {
  const s = await adminSession();
  const { page } = s;
  await page.goto('/dashboard/audit');
  await h1(page, 'Audit trail').waitFor();
  const table = page.getByRole('table', { name: 'Audit trail' });
  for (const label of [
    'Verified a person',
    'Rejected a person',
    'Deleted a person',
    'Approved a listing',
    'Rejected a listing',
    'Edited a listing',
    'Deleted a listing',
    'Approved an order',
    'Marked a withdrawal paid',
  ]) {
    await table.getByText(label, { exact: true }).first().waitFor();
  }
  await table.getByText(DEMO.admin.email).first().waitFor();
  await table.getByText('127.0.0.1').first().waitFor();
  await screenshot(page, 'admin-audit-desktop');
  // Filter by action.
  await choose(page, 'Action', 'Verified a person');
  await page.waitForURL((u) => u.searchParams.get('action') === 'user.verify');
  await table.getByText('Approved a listing').first().waitFor({ state: 'detached' });
  await table.getByRole('link', { name: 'Vera Verifiable' }).waitFor();

  // The order and the withdrawal, with their figures.
  await choose(page, 'Action', 'Approved an order');
  await page.waitForURL((u) => u.searchParams.get('action') === 'order.approve');
  await table.getByText('Quantity').first().waitFor();
  await table
    .getByRole('link', { name: /^Order #/ })
    .first()
    .waitFor();
  await choose(page, 'Action', 'Marked a withdrawal paid');
  await page.waitForURL((u) => u.searchParams.get('action') === 'payout.paid');
  await table.getByText('$123.45').first().waitFor();
  expect((await auditEntries('order.approve'))[0]).toMatchObject({ actorEmail: DEMO.admin.email, detail: { quantity: 4, amount: 102 } });
  expect((await auditEntries('payout.paid'))[0]).toMatchObject({ actorEmail: DEMO.admin.email, detail: { amount: 123.45 } });

  // Verified under four eyes: the approver carried it out, after the admin's request.
  const verify = (await auditEntries('user.verify'))[0];
  expect(verify).toMatchObject({ actorEmail: COMPLIANCE.email, detail: { from: 'PENDING', to: 'VERIFIED' } });
  expect((await auditEntries('approval.request')).some((r) => r.actorEmail === DEMO.admin.email)).toBe(true);
  expect(verify.ip).toBeTruthy();
  // Nobody edits or deletes the trail through the API: no route accepts it, and the
  // entries stay as they were.
  const token = await admin();
  const before = await api<{ items: (AuditEntry & { _id: string })[]; total: number }>(
    'GET',
    '/v1/admin/audit?pageSize=100',
    undefined,
    token,
  );
  const entry = before.items[0];
  const attempts: string[] = [];
  for (const url of ['/v1/admin/audit', `/v1/admin/audit/${entry._id}`, `/v1/admin/${entry._id}`]) {
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const withBody = method !== 'DELETE';
      const res = await fetch(`${platform().baseURL}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        body: withBody ? JSON.stringify({ action: 'nothing', detail: {} }) : undefined,
      });
      attempts.push(`${method} ${url} → ${res.status}`);
    }
  }
  expect(attempts.filter((a) => /→ 2\d\d$/.test(a))).toEqual([]);
  const after = await api<{ items: { _id: string }[]; total: number }>('GET', '/v1/admin/audit?pageSize=100', undefined, token);
  expect(after.total).toBe(before.total);
  expect(after.items).toEqual(before.items);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('every console page renders at desktop and at 360px without sideways scrolling, tables included', async () => {
  const pages: [string, string][] = [
    ['/dashboard', 'Dashboard'],
    ['/dashboard/listings', 'Listings'],
    ['/dashboard/investors', 'Investors'],
    ['/dashboard/owners', 'Owners'],
    ['/dashboard/transactions', 'Transactions'],
    ['/dashboard/orders', 'Orders'],
    ['/dashboard/payouts', 'Payouts'],
    ['/dashboard/support', 'Support inbox'],
    ['/dashboard/audit', 'Audit trail'],
  ];
  const ivan = (await signIn(DEMO.investor.email, DEMO.investor.password)).user._id;
  pages.push([`/dashboard/investors/${ivan}?tab=holdings`, 'Ivan Investor']);
  for (const viewport of [undefined, MOBILE]) {
    const s = await adminSession(viewport);
    for (const [url, title] of pages) {
      await s.page.goto(url);
      await h1(s.page, title).waitFor();
      await s.page.waitForLoadState('networkidle');
      const name = `admin-${url.split('/')[2]?.split('?')[0] ?? 'overview'}${url.split('/').length > 3 ? '-person' : ''}-${viewport ? 'mobile' : 'desktop'}`;
      await screenshot(s.page, name);
      expect({ url, overflow: await noOverflow(s.page) }).toEqual({ url, overflow: 0 });
      // On a phone the tables stack each row as label/value lines: none scrolls sideways either.
      if (viewport) {
        const tables = await s.page.evaluate(() =>
          [...document.querySelectorAll('table')].map((t) =>
            t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0,
          ),
        );
        expect({ url, sideways: tables.filter((w) => w > 1) }).toEqual({ url, sideways: [] });
      }
    }
    expect(s.errors).toEqual([]);
    await s.context.close();
  }
});

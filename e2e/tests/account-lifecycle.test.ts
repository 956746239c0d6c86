// Issue 16's journeys: accounts and listings through their life. An admin's delete of an owner
// with a live listing is refused and every reason is shown; a pending owner's listing cannot be
// approved (the button is disabled and says why); a rejected owner's live listing is suspended:
// its holder still sees it, marked suspended, and cannot buy more; the owner's dashboard says
// what happened and what to do. Runs on http://127.0.0.1:<port> (lib/platform.cjs).
// Screenshots land in e2e/artifacts/lifecycle-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, keepSession, launch, open, screenshot, type Session } from '../lib/browser';
import { api, newAccount, uploadFiles, type Account } from '../lib/api';
import { png } from '../lib/files';
import { KYC_CHECKLIST, type KycCaseKind } from 'shared-api/contract/admin';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Sign-ins are rate limited (10 a minute per address): each account signs in once.
interface Auth {
  accessToken: string;
  user: { _id: string };
}
const auths = new Map<string, Promise<Auth>>();
function signIn(email: string, password: string, fresh = false): Promise<Auth> {
  if (fresh || !auths.has(email)) auths.set(email, api<Auth>('POST', '/v1/auth/signin', { email, password }));
  return auths.get(email) as Promise<Auth>;
}
const admin = async (): Promise<string> => (await signIn(DEMO.admin.email, DEMO.admin.password)).accessToken;

async function sessionOf(email: string, password: string, fresh = false): Promise<Session> {
  const s = await open(browser);
  const auth = await signIn(email, password, fresh);
  await keepSession(s, auth.user, auth.accessToken);
  return s;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A new owner (verified by the admin unless `pending`) with one listing, approved unless the owner is pending. */
async function ownerWithListing(
  firstName: string,
  opts: { pending?: boolean } = {},
): Promise<{ owner: Account; listing: { _id: string; name: string } }> {
  const owner = await newAccount('property-owner', firstName, 'Lifecycle');
  const token = (await signIn(owner.email, owner.password)).accessToken;
  if (!opts.pending) {
    // Verifying needs onboarding completed with an identity document on file.
    await api('PATCH', '/v1/users/me', { country: 'United States', phone: '+1 202 555 0143', userType: 'INDIVIDUAL' }, token);
    await uploadFiles('/v1/users/kyc', 'file', [{ name: 'passport.png', type: 'image/png', data: png(40, 30, [30, 90, 200]) }], token);
    await api('PATCH', '/v1/users/me/complete-onboarding', {}, token);
    // Approved on the case with every check ticked: verifying without a checklist waits for a second admin.
    const adminToken = await admin();
    const cases = await api<{ items: { _id: string; userId: string; kind: KycCaseKind }[] }>(
      'GET',
      '/v1/admin/cases?pageSize=100',
      undefined,
      adminToken,
    );
    const open = cases.items.find((c) => c.userId === owner.id);
    if (!open) throw new Error(`no submitted case for ${owner.email}`);
    const checklist = Object.fromEntries(KYC_CHECKLIST[open.kind].map((item) => [item, true]));
    await api('POST', `/v1/admin/cases/${open._id}/decision`, { decision: 'APPROVE', checklist }, adminToken);
  }
  const name = `${firstName} House ${Date.now() % 100000}`;
  const listing = await api<{ _id: string; name: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    { name, address: '9 Life Cycle Rd, Austin', state: 'TX', totalQuantity: 200, unitPrice: 20, roiInFiveYears: 30 },
    token,
  );
  if (!opts.pending) await api('PATCH', `/v1/properties/${listing._id}/review`, { decision: 'APPROVE' }, await admin());
  return { owner, listing };
}

test('an admin cannot delete an owner with a live listing: every reason is shown, the account stays', async () => {
  const { owner } = await ownerWithListing('Lena');
  const s = await sessionOf(DEMO.admin.email, DEMO.admin.password);
  const { page } = s;
  await page.goto(`/dashboard/owners/${owner.id}`);
  await h1(page, owner.name).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${owner.name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  const heading = page.getByRole('heading', { name: `${owner.name}'s account cannot be closed yet:` });
  await heading.waitFor();
  const reasons = page.getByRole('alert').filter({ has: heading }).getByRole('listitem');
  expect(await reasons.allTextContents()).toEqual(['1 live listing (on sale or funded): hand it over to another verified owner first']);
  expect(await page.getByText('Error deleting user').count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe(`/dashboard/owners/${owner.id}`);
  await screenshot(page, 'lifecycle-delete-refused');
  expect((await api<{ _id: string }>('GET', `/v1/users/${owner.id}`, undefined, await admin()))._id).toBe(owner.id);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test("a pending owner's listing cannot be approved: the review dialog shows the owner's status and why", async () => {
  const { listing } = await ownerWithListing('Perry', { pending: true });
  const s = await sessionOf(DEMO.admin.email, DEMO.admin.password);
  const { page } = s;
  await page.goto('/dashboard/listings');
  await h1(page, 'Listings').waitFor();
  await page.getByRole('tab', { name: /Review queue/ }).click();
  await page
    .getByRole('table', { name: 'Listings pending review' })
    .getByRole('button', { name: `Review ${listing.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Review: ${listing.name}` });
  await dialog.getByText("The owner's account is pending: verify the owner first.").waitFor();
  const approve = dialog.getByRole('button', { name: 'Approve listing' });
  expect(await approve.isDisabled()).toBe(true);
  await dialog.getByText('Approve is disabled.', { exact: false }).waitFor();
  await screenshot(page, 'lifecycle-approve-disabled');
  // The server says the same to anyone who tries anyway.
  const res = await fetch(`${new URL(page.url()).origin}/v1/properties/${listing._id}/review`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await admin()}` },
    body: JSON.stringify({ decision: 'APPROVE' }),
  });
  expect(res.status).toBe(409);
  expect((await res.json()).message).toBe('The owner’s identity is not verified yet: only a verified owner’s listing can be approved');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test("a rejected owner's live listing is suspended: its holder still sees it, marked suspended, and cannot buy; the owner is told why", async () => {
  const { owner, listing } = await ownerWithListing('Rita');
  const investor = await signIn(DEMO.investor.email, DEMO.investor.password);
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId: listing._id, quantity: 2 }, investor.accessToken);
  await api('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, await admin());
  await api(
    'PATCH',
    `/v1/users/verify/${owner.id}`,
    { status: 'REJECTED', reason: 'The company register extract is missing' },
    await admin(),
  );

  // Out of the catalogue.
  const catalogue = await api<{ items: { _id: string }[] }>('GET', `/v1/properties?searchName=${encodeURIComponent(listing.name)}`);
  expect(catalogue.items).toEqual([]);

  const s = await sessionOf(DEMO.investor.email, DEMO.investor.password);
  const { page } = s;
  await page.goto(`/properties/${listing._id}`);
  await h1(page, listing.name).waitFor();
  await page.getByRole('heading', { name: 'Suspended' }).waitFor();
  await page.getByText(/this listing is suspended until an admin resumes it/).waitFor();
  const panel = page.getByRole('region', { name: 'Invest in this property' });
  const closed = panel.getByRole('button', { name: 'Not open for investment' });
  await closed.waitFor();
  expect(await closed.isDisabled()).toBe(true);
  await screenshot(page, 'lifecycle-suspended-holder');
  expect(s.errors).toEqual([]);
  await s.context.close();

  // The owner (signed out by the rejection) signs in again and sees why, and what to do.
  const o = await sessionOf(owner.email, owner.password, true);
  await o.page.goto('/dashboard');
  const banner = o.page.getByRole('region', { name: 'Account status' });
  await banner.getByRole('heading', { name: 'Your account verification was rejected' }).waitFor();
  expect(await banner.textContent()).toContain('Reason: The company register extract is missing');
  expect(await banner.getByRole('link', { name: 'Review onboarding' }).getAttribute('href')).toBe('/onboarding');
  await screenshot(o.page, 'lifecycle-owner-rejected-banner');
  expect(o.errors).toEqual([]);
  await o.context.close();
});

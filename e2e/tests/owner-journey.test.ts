// Issue 8's journey: an owner lists a rental-ready property with three images and a PDF
// and sees it pending review; an admin approves it (API); it appears on /properties; an
// investor buys units (API: deposit through the sandbox, order, admin approval); the
// owner sees the investor and the funding in Active listings, and posts an off-plan
// progress update on another listing that the property page then shows.
// Screenshots land in e2e/artifacts/owner-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api, payOnSandbox } from '../lib/api';
import { pdf, png } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// ---- API ----

async function tokenOf(who: { email: string; password: string }): Promise<string> {
  return (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;
}

interface ApiProperty {
  _id: string;
  name: string;
  status: string;
  images: { url: string }[];
  documents: { name: string; mimeType: string }[];
  totalQuantity: number;
  availableQuantity: number;
  progress: number | null;
}

// ---- Page helpers ----

const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();

async function ownerSession(): Promise<Session> {
  const s = await open(browser);
  await signInAs(s, DEMO.owner.email, DEMO.owner.password);
  return s;
}

// ---- The journey (tests run in order and share these) ----

const NAME = `Juniper Lofts ${Date.now().toString(36)}`;
const UNITS_BOUGHT = 40;
let listingId = '';

test('an owner creates a rental-ready listing with three images and a PDF and sees it pending review', async () => {
  const s = await ownerSession();
  const { page } = s;
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('group', { name: 'Units sold' }).waitFor();
  await page.getByRole('link', { name: 'Create listing' }).click();
  await page.waitForURL('**/dashboard/listings/create');
  await page.getByRole('heading', { level: 1, name: 'Create listing' }).waitFor();

  // The rules speak before anything is sent.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const form = page.getByRole('form', { name: 'Create listing' });
  await form.getByText('Please choose off-plan or rental-ready').waitFor();
  await form.getByText('Please enter the property name').waitFor();

  await page.getByRole('radio', { name: /Rental Ready/ }).check();
  await page.getByRole('textbox', { name: /Property name/ }).fill(NAME);
  await page.getByRole('textbox', { name: /Address/ }).fill('410 Congress Ave, Austin');
  await page.getByRole('combobox', { name: /State/ }).selectOption('TX');
  await page.getByRole('textbox', { name: /Description/ }).fill('Twelve loft apartments above a café, fully let.');
  await page.getByRole('textbox', { name: /Total units/ }).fill('400');
  await page.getByRole('textbox', { name: /Unit price/ }).fill('125');
  await page.getByRole('textbox', { name: /Five-year ROI/ }).fill('45');
  // Live figures: 400 × $125 and 45% / 5.
  expect(await page.getByTestId('figure-Total value').textContent()).toBe('$50,000');
  expect(await page.getByTestId('figure-Annual return').textContent()).toBe('9%');

  // A PDF among the images is refused with the spec's message.
  const images = page.getByLabel('Images', { exact: true });
  await images.setInputFiles({ name: 'deed.pdf', mimeType: 'application/pdf', buffer: pdf('Deed') });
  await form.getByText('Invalid file type. Only Images are allowed.').waitFor();
  await images.setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png(48, 48, [200, 90, 40]) },
    { name: 'living-room.png', mimeType: 'image/png', buffer: png(48, 48, [40, 120, 200]) },
    { name: 'roof-terrace.png', mimeType: 'image/png', buffer: png(48, 48, [60, 160, 80]) },
  ]);
  await page
    .getByLabel('Documents', { exact: true })
    .setInputFiles({ name: 'valuation-report.pdf', mimeType: 'application/pdf', buffer: pdf('Valuation report') });
  const chosen = page.getByRole('list', { name: 'Images: chosen files' });
  expect(await chosen.getByRole('img', { name: /Preview of/ }).count()).toBe(3);
  await page.getByRole('list', { name: 'Documents: chosen files' }).getByText('valuation-report.pdf').waitFor();
  await screenshot(page, 'owner-create-listing');

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL('**/dashboard/listings');
  await toast(page, 'Your listing was submitted for review.').waitFor();

  await page.getByRole('searchbox', { name: 'Search by name' }).fill(NAME);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await row.getByText('Pending review').waitFor();
  // The search runs on the server: only this listing is left.
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="My listings"] tbody tr').length === 1);
  await screenshot(page, 'owner-listing-pending');

  // The server has the listing with its files.
  const owned = await api<{ items: ApiProperty[] }>(
    'GET',
    `/v1/properties/owned?searchName=${encodeURIComponent(NAME)}`,
    undefined,
    await tokenOf(DEMO.owner),
  );
  expect(owned.items).toHaveLength(1);
  const p = owned.items[0];
  listingId = p._id;
  expect({ status: p.status, images: p.images.length, documents: p.documents.map((d) => [d.name, d.mimeType]) }).toEqual({
    status: 'PENDING_REVIEW',
    images: 3,
    documents: [['valuation-report.pdf', 'application/pdf']],
  });
  // Its edit page says what saving would do.
  await row.getByRole('link', { name: `Edit ${NAME}` }).click();
  await page.waitForURL(`**/dashboard/listings/${listingId}/edit`);
  await page.getByText('An admin is reviewing this listing.', { exact: false }).waitFor();
  expect(await page.getByRole('list', { name: 'Uploaded images' }).getByRole('img').count()).toBe(3);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin approves it and it appears on /properties', async () => {
  expect(listingId).not.toBe('');
  const approved = await api<ApiProperty>(
    'PATCH',
    `/v1/properties/${listingId}/review`,
    { decision: 'APPROVE' },
    await tokenOf(DEMO.admin),
  );
  expect(approved.status).toBe('ACTIVE');

  const s = await open(browser);
  const { page } = s;
  await page.goto(`/properties?q=${encodeURIComponent(NAME)}`);
  const list = page.getByRole('list', { name: 'Properties' });
  await list.getByRole('heading', { name: NAME }).waitFor();
  expect(await list.getByRole('listitem').count()).toBe(1);
  await screenshot(page, 'owner-listing-public');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an investor buys units, and the owner sees the investor and the funding in Active listings', async () => {
  const investor = await tokenOf(DEMO.investor);
  const admin = await tokenOf(DEMO.admin);
  // Money for the purchase, through the sandbox payment page.
  const before = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, investor);
  const cost = UNITS_BOUGHT * 125;
  if (before.balance < cost) {
    const checkout = await api<{ checkoutUrl: string }>(
      'POST',
      '/v1/wallets/deposit',
      { amount: cost, returnPath: '/dashboard/wallet' },
      investor,
    );
    const pay = await open(browser);
    await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
    await pay.context.close();
  }
  const order = await api<{ _id: string; status: string }>(
    'POST',
    '/v1/orders',
    { propertyId: listingId, quantity: UNITS_BOUGHT },
    investor,
  );
  expect(order.status).toBe('PENDING');
  expect((await api<{ status: string }>('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'COMPLETED',
  );

  const s = await ownerSession();
  const { page } = s;
  await page.goto('/dashboard/active_listings');
  await page.getByRole('heading', { level: 1, name: 'Active listings' }).waitFor();
  const card = page.getByRole('article', { name: NAME });
  await card.getByText('$5,000 raised of $50,000').waitFor();
  await card.getByText('10% funded').waitFor();
  expect(await card.getByRole('progressbar', { name: `Funding of ${NAME}` }).getAttribute('aria-valuenow')).toBe('10');
  await card.getByText(/40 of 400 units sold/).waitFor();
  const investors = card.getByRole('table', { name: `Investors in ${NAME}` });
  await investors.getByRole('row', { name: /Ivan Investor\s+40\s+\$5,000\.00/ }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'owner-active-listing-investor');

  // The overview counts it, with a funding chart for the listing.
  await page.goto('/dashboard');
  await page.getByRole('figure', { name: `${NAME}: 10% funded` }).waitFor();

  // Now that units are held, deleting is refused with a reason.
  await page.goto('/dashboard/listings');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(NAME);
  await page
    .getByRole('row', { name: new RegExp(NAME) })
    .getByRole('button', { name: `Delete ${NAME}` })
    .click();
  await toast(page, `cannot be deleted: investors hold or have ordered ${UNITS_BOUGHT} of its units`).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the owner posts an off-plan progress update that the property page shows', async () => {
  const owner = await tokenOf(DEMO.owner);
  const offPlan = (await api<{ items: ApiProperty[] }>('GET', '/v1/properties/owned?status=ACTIVE&searchName=Evergreen', undefined, owner))
    .items[0];
  expect(offPlan?.name).toBe('Evergreen Heights');
  const next = Math.min(100, (offPlan.progress ?? 0) + 5);
  const note = `Cladding finished on every floor (${Date.now().toString(36)}).`;

  const s = await ownerSession();
  const { page } = s;
  await page.goto('/dashboard/active_listings');
  const card = page.getByRole('article', { name: 'Evergreen Heights' });
  const form = card.getByRole('form', { name: 'Progress update for Evergreen Heights' });
  await form.getByRole('textbox', { name: 'Progress' }).fill(String(next));
  await form.getByRole('textbox', { name: 'Note for investors' }).fill(note);
  await form.getByRole('button', { name: 'Post update' }).click();
  await toast(page, 'Progress update posted.').waitFor();
  expect(await card.getByRole('progressbar', { name: 'Construction progress of Evergreen Heights' }).getAttribute('aria-valuenow')).toBe(
    String(next),
  );
  await card.getByText(note, { exact: false }).waitFor();
  await screenshot(page, 'owner-progress-update');

  // Investors see it on the property page.
  const visitor = await open(browser);
  await visitor.page.goto(`/properties/${offPlan._id}`);
  const progress = visitor.page.getByRole('list', { name: 'Progress updates' });
  await progress.getByText(note).waitFor();
  expect(await visitor.page.getByRole('progressbar', { name: 'Construction progress' }).getAttribute('aria-valuenow')).toBe(String(next));
  expect([...s.errors, ...visitor.errors]).toEqual([]);
  await visitor.context.close();
  await s.context.close();
});

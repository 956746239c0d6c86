// Issue 16: a live listing stays live while it is edited. An owner edits a listing an
// investor holds units of (new name, another photo as the cover); the investor still sees
// the live version (never "Property not found"); the admin sees the change field by field
// and file by file, approves it, and the new name and cover are live on the catalogue card.
// Screenshots land in e2e/artifacts/revision-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api, payOnSandbox, uploadFiles } from '../lib/api';
import { png } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;
const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();

interface ApiProperty {
  _id: string;
  name: string;
  status: string;
  images: { _id: string; url: string }[];
}

const TAG = Date.now().toString(36);
const NAME = `Linden Court ${TAG}`;
const NEW_NAME = `Linden Court Gardens ${TAG}`;
const UNITS = 5;
const PRICE = 40;
let listing: ApiProperty;

async function session(who: { email: string; password: string }): Promise<Session> {
  const s = await open(browser);
  await signInAs(s, who.email, who.password);
  return s;
}

test('setup: a live listing with three photos, and an investor holding units of it', async () => {
  const owner = await token(DEMO.owner);
  const admin = await token(DEMO.admin);
  const investor = await token(DEMO.investor);
  const created = await api<ApiProperty>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: NAME,
      address: '8 Linden Ave, Portland',
      state: 'OR',
      description: 'Six townhouses around a shared courtyard.',
      totalQuantity: 200,
      unitPrice: PRICE,
      roiInFiveYears: 35,
    },
    owner,
  );
  const colors: [number, number, number][] = [
    [200, 60, 60],
    [60, 200, 60],
    [60, 60, 200],
  ];
  await uploadFiles(
    `/v1/properties/owned/${created._id}/images`,
    'files',
    colors.map((c, i) => ({ name: `photo-${i + 1}.png`, type: 'image/png', data: png(64, 48, c) })),
    owner,
  );
  listing = await api<ApiProperty>('PATCH', `/v1/properties/${created._id}/review`, { decision: 'APPROVE' }, admin);
  expect(listing.status).toBe('ACTIVE');
  expect(listing.images).toHaveLength(3);

  const balance = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, investor);
  if (balance.balance < UNITS * PRICE) {
    const checkout = await api<{ checkoutUrl: string }>(
      'POST',
      '/v1/wallets/deposit',
      { amount: UNITS * PRICE, returnPath: '/dashboard/wallet' },
      investor,
    );
    const pay = await open(browser);
    await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
    await pay.context.close();
  }
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId: listing._id, quantity: UNITS }, investor);
  expect((await api<{ status: string }>('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'COMPLETED',
  );
});

test('the owner edits the live listing: new name, third photo as the cover; it stays live', async () => {
  const s = await session(DEMO.owner);
  const { page } = s;
  await page.goto(`/dashboard/listings/${listing._id}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Edit listing' }).waitFor();
  await page.getByText('This listing is live', { exact: true }).waitFor();
  // Units are held: price and total units are locked.
  expect(await page.getByRole('textbox', { name: /Unit price/ }).isDisabled()).toBe(true);
  expect(await page.getByRole('textbox', { name: /Total units/ }).isDisabled()).toBe(true);

  // The cover is chosen with a button (keyboard: focus and Enter).
  const photos = page.getByRole('list', { name: 'Uploaded images' });
  await photos.getByRole('img', { name: 'Uploaded image 1 (cover)' }).waitFor();
  await photos.getByRole('button', { name: 'Make cover: image 3' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Image 3 is now the cover.' }).waitFor();
  const notice = page.getByRole('region', { name: 'Changes under review' });
  await notice.getByText('Image moved from position 3 to 1').waitFor();
  expect(await photos.getByRole('img', { name: 'Uploaded image 1 (cover)' }).getAttribute('src')).toContain(listing.images[2]._id);

  await page.getByRole('textbox', { name: /Property name/ }).fill(NEW_NAME);
  await page.getByRole('button', { name: 'Submit changes for review' }).click();
  await page.waitForURL('**/dashboard/listings');
  await toast(page, 'Your changes were sent for review.').waitFor();

  // Back on the edit page the changes under review are listed, field by field.
  await page.goto(`/dashboard/listings/${listing._id}/edit`);
  const changes = page.getByRole('region', { name: 'Changes under review' }).getByRole('table', { name: 'Changed details' });
  await changes.getByRole('row', { name: new RegExp(`Name\\s*${NAME}\\s*${NEW_NAME}`) }).waitFor();
  await screenshot(page, 'revision-owner-under-review');

  // Still live and on the owner's active listings, unchanged.
  await page.goto('/dashboard/active_listings');
  await page.getByRole('article', { name: NAME }).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the investor holding units still sees the live version, never "Property not found"', async () => {
  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto(`/properties/${listing._id}`);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  expect(await page.getByText('Property not found').count()).toBe(0);
  // The public catalogue too: the live name, the live cover.
  const visitor = await open(browser);
  await visitor.page.goto(`/properties?q=${encodeURIComponent(NAME)}`);
  const list = visitor.page.getByRole('list', { name: 'Properties' });
  await list.getByRole('heading', { name: NAME, exact: true }).waitFor();
  expect(await list.getByRole('listitem').first().locator('img').first().getAttribute('src')).toContain(listing.images[0]._id);
  expect([...s.errors, ...visitor.errors]).toEqual([]);
  await visitor.context.close();
  await s.context.close();
});

test('the admin sees what changed, field by field and file by file, and approves: the change is live', async () => {
  const s = await session(DEMO.admin);
  const { page } = s;
  await page.goto('/dashboard/listings?tab=changes');
  const table = page.getByRole('table', { name: 'Changes to live listings under review' });
  await table.getByRole('button', { name: `Review the changes to ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Changes to ${NAME}` });
  await dialog
    .getByRole('table', { name: 'Changed details' })
    .getByRole('row', { name: new RegExp(`Name\\s*${NAME}\\s*${NEW_NAME}`) })
    .waitFor();
  await dialog.getByText('The cover image changes.').waitFor();
  await dialog.getByRole('list', { name: 'Changed files' }).getByText('Image moved from position 3 to 1').waitFor();
  await screenshot(page, 'revision-admin-diff');
  await dialog.getByRole('button', { name: 'Approve changes' }).click();
  await toast(page, `The changes to ${NAME} are live`).waitFor();
  await table.getByRole('button', { name: `Review the changes to ${NAME}` }).waitFor({ state: 'detached' });
  expect(s.errors).toEqual([]);
  await s.context.close();

  // The catalogue card shows the new name and the new cover; the holder sees the new version.
  const visitor = await open(browser);
  await visitor.page.goto(`/properties?q=${encodeURIComponent(NEW_NAME)}`);
  const list = visitor.page.getByRole('list', { name: 'Properties' });
  await list.getByRole('heading', { name: NEW_NAME }).waitFor();
  expect(await list.getByRole('listitem').first().locator('img').first().getAttribute('src')).toContain(listing.images[2]._id);
  await screenshot(visitor.page, 'revision-catalogue-new-cover');
  const holder = await session(DEMO.investor);
  await holder.page.goto(`/properties/${listing._id}`);
  await holder.page.getByRole('heading', { level: 1, name: NEW_NAME }).waitFor();
  expect([...visitor.errors, ...holder.errors]).toEqual([]);
  await visitor.context.close();
  await holder.context.close();
});

// Issue 5's journeys that need the money issue: a verified investor with money buys
// units from the property page; an investor subscribes from the landing page (the
// sandbox payment page declines, then pays).
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs } from '../lib/browser';
import { api, payOnSandbox } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const PENDING = { email: 'pending@tessera.local', password: 'Pending123!' };

/** Funds the signed-in investor's wallet through a deposit checkout paid on the sandbox page. */
async function deposit(page: Page, token: string, amount: number): Promise<void> {
  const checkout = await api<{ checkoutUrl: string }>(
    'POST',
    '/v1/payments/checkouts',
    { purpose: 'DEPOSIT', amount, returnPath: '/properties' },
    token,
  );
  await payOnSandbox(page, checkout.checkoutUrl, '/properties');
}

test('a verified investor with money buys units from the property page', async () => {
  const s = await open(browser);
  const { page } = s;
  const { accessToken } = await signInAs(s, DEMO.investor.email, DEMO.investor.password);
  // Money arrives through a deposit paid on the sandbox payment page.
  await deposit(page, accessToken, 1000);
  const { balance } = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, accessToken);
  expect(balance).toBeGreaterThanOrEqual(1000);

  await page.goto('/properties');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Harborview Residences' }) })
    .getByRole('link', { name: 'Invest now' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Harborview Residences' }).waitFor();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const before = await api<{ availableQuantity: number; totalQuantity: number; unitPrice: number }>(
    'GET',
    `/v1/properties/${id}`,
    undefined,
    accessToken,
  );
  const panel = page.getByRole('region', { name: 'Invest in this property' });
  await panel.getByText(usd(balance)).waitFor();

  // More than the balance covers: said so, with the way to the wallet.
  const qty = panel.getByRole('textbox', { name: 'Number of units' });
  const tooMany = Math.min(before.availableQuantity, Math.floor(balance / before.unitPrice) + 1);
  await qty.fill(String(tooMany));
  await panel.getByText('Your wallet balance is too low for this order.').waitFor();
  expect(await panel.getByRole('link', { name: 'Add money' }).getAttribute('href')).toBe('/dashboard/wallet');
  expect(await panel.getByRole('button', { name: 'Buy units' }).isDisabled()).toBe(true);

  await qty.fill('3');
  await panel.getByRole('button', { name: 'One unit more' }).click();
  await panel
    .getByTestId('order-total')
    .getByText(usd(4 * before.unitPrice))
    .waitFor();
  await panel.getByRole('button', { name: 'Buy units' }).click();
  // The review step (issue 16): the total and the balance after, then Confirm.
  const review = page.getByRole('dialog', { name: 'Review your order' });
  await review.getByText(usd(balance - 4 * before.unitPrice)).waitFor();
  await review.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByText('Order placed: 4 units of Harborview Residences').waitFor();
  expect(await panel.getByRole('link', { name: 'View your orders' }).getAttribute('href')).toBe('/dashboard/orders');
  await panel
    .getByText(
      `${(before.availableQuantity - 4).toLocaleString('en-US')} of ${before.totalQuantity.toLocaleString('en-US')} units available`,
    )
    .waitFor();
  await panel.getByText(usd(balance - 4 * before.unitPrice)).waitFor();
  await screenshot(page, 'public-journey-invest');

  const orders = await api<{ items: { quantity: number; amount: number; status: string; propertyId: string }[] }>(
    'GET',
    '/v1/orders',
    undefined,
    accessToken,
  );
  expect(orders.items[0]).toMatchObject({ propertyId: id, quantity: 4, amount: 4 * before.unitPrice, status: 'PENDING' });
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an investor who is not verified is sent to onboarding instead of buying', async () => {
  const s = await open(browser);
  await signInAs(s, PENDING.email, PENDING.password);
  await s.page.goto('/properties');
  await s.page.getByRole('link', { name: 'View details of Harborview Residences' }).click();
  const panel = s.page.getByRole('region', { name: 'Invest in this property' });
  await panel.getByRole('link', { name: 'Complete onboarding' }).waitFor();
  expect(await panel.getByRole('button', { name: 'Buy units' }).count()).toBe(0);
  await s.context.close();
});

test('subscribing from the landing page: a declined payment shows the failed modal, a paid one the successful modal', async () => {
  const s = await open(browser);
  const { page } = s;
  await signInAs(s, PENDING.email, PENDING.password);
  await page.goto('/#subscribe');
  const subscribe = page.getByRole('button', { name: 'Subscribe for $15' });
  await subscribe.click();
  await page.getByRole('button', { name: 'Decline' }).click();
  const failed = page.getByRole('dialog', { name: 'Subscription Failed' });
  await failed.getByText('An error occured while processing your payment. Please try again.').waitFor();
  expect(new URL(page.url()).searchParams.has('checkout')).toBe(false);
  await failed.getByRole('button', { name: 'Cancel' }).click();
  await failed.waitFor({ state: 'detached' });

  await subscribe.click();
  await page.getByRole('button', { name: /^Pay / }).click();
  const success = page.getByRole('dialog', { name: 'Subscription Successful' });
  await success.getByText('Congratulations, you have successfully subscribed to Tessera.').waitFor();
  await screenshot(page, 'public-journey-subscribed');
  await success.getByRole('button', { name: 'Close' }).last().click();
  await success.waitFor({ state: 'detached' });
  expect(await subscribe.isDisabled()).toBe(true);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authUser') ?? 'null'));
  expect(stored.isSubscribed).toBe(true);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

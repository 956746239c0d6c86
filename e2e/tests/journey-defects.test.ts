// Issue 16's journey defects and the buying review step, in Chromium on http://127.0.0.1:
// a guest sent to /login from a dashboard page returns there after signing in; a signed-in
// person opening /login or /signup goes to the dashboard; the buy review step; reserved vs
// sold on the property page after a pending order; the nationality search ranking; toasts
// never cover the header's buttons; every admin table fits a 1366 px screen.
// Screenshots land in e2e/artifacts/defects-*.png.
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO, keepSession, launch, open, platform, screenshot, signInAs, type Session } from '../lib/browser';
import { api, newAccount } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Auth {
  accessToken: string;
  user: { _id: string };
}
const auths = new Map<string, Promise<Auth>>();
function authOf(who: { email: string; password: string }): Promise<Auth> {
  if (!auths.has(who.email)) auths.set(who.email, api<Auth>('POST', '/v1/auth/signin', who));
  return auths.get(who.email) as Promise<Auth>;
}
async function session(who: { email: string; password: string }, viewport = DESKTOP): Promise<Session> {
  const s = await open(browser, { viewport });
  const auth = await authOf(who);
  await keepSession(s, await api('GET', '/v1/users/me', undefined, auth.accessToken), auth.accessToken);
  return s;
}

function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toasts on screen now must not overlap any of `targets` (bounding boxes). */
async function expectNoOverlap(page: Page, targets: Locator[], label: string): Promise<void> {
  const toasts = page.locator('.notistack-MuiContent');
  await toasts.first().waitFor();
  const toastBoxes = await Promise.all((await toasts.all()).map((t) => t.boundingBox()));
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    for (const t of toastBoxes)
      expect({ label, target: await target.innerText().catch(() => ''), overlap: intersects(t!, box!) }).toMatchObject({ overlap: false });
  }
}

test('the journeys run on 127.0.0.1', () => {
  expect(new URL(platform().baseURL).hostname).toBe('127.0.0.1');
});

test('a guest sent to /login from a dashboard page returns there after signing in; only same-app paths are followed', async () => {
  const s = await open(browser, { viewport: DESKTOP });
  const { page } = s;
  await page.goto('/dashboard/wallet');
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/dashboard/wallet');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(DEMO.investor.email);
  await form.getByLabel(/^Password/).fill(DEMO.investor.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  // It stays there (no late bounce to the dashboard).
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/dashboard/wallet');
  await s.context.close();

  // Another origin in ?next= is never followed.
  const evil = await open(browser, { viewport: DESKTOP });
  await evil.page.goto('/login?next=//evil.example/steal');
  const f2 = evil.page.getByRole('form', { name: 'Log in' });
  await f2.getByLabel('Email').fill(DEMO.investor.email);
  await f2.getByLabel(/^Password/).fill(DEMO.investor.password);
  await f2.getByRole('button', { name: 'Log In' }).click();
  await evil.page.waitForURL((u) => u.pathname === '/dashboard');
  expect(new URL(evil.page.url()).origin).toBe(platform().baseURL);
  expect([...s.errors, ...evil.errors]).toEqual([]);
  await evil.context.close();
});

test('a signed-in person opening /login or /signup goes to the dashboard, or to the page ?next= names', async () => {
  const s = await session(DEMO.investor);
  // A link made for a guest (the server renders every public page as a guest sees it) still
  // takes a signed-in person where it was heading.
  for (const [url, to] of [
    ['/login', '/dashboard'],
    ['/signup', '/dashboard'],
    ['/login?next=%2Fdashboard%2Forders', '/dashboard/orders'],
  ]) {
    await s.page.goto(url);
    await s.page.waitForURL((u) => u.pathname === to);
    await s.page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('buying: the review step shows units, unit price, total and the balance after; the pending order reserves units, it does not sell them', async () => {
  const auth = await authOf(DEMO.investor);
  const s = await session(DEMO.investor);
  const { page } = s;
  const list = await api<{ items: { _id: string; name: string; availableQuantity: number }[] }>('GET', '/v1/properties?pageSize=50');
  const target = list.items.find((p) => p.availableQuantity >= 10)!;
  type Figures = { availableQuantity: number; reservedQuantity: number; soldQuantity: number; totalQuantity: number; unitPrice: number };
  const before = await api<Figures>('GET', `/v1/properties/${target._id}`);
  const { balance } = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, auth.accessToken);
  const units = 3;
  expect(balance).toBeGreaterThanOrEqual(units * before.unitPrice);

  await page.goto(`/properties/${target._id}`);
  await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
  const figures = page.getByRole('region', { name: 'Key figures' });
  const fact = (label: string) => figures.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  expect(await fact('Units sold').innerText()).toBe(before.soldQuantity.toLocaleString('en-US'));
  expect(await fact('Units reserved').innerText()).toBe(before.reservedQuantity.toLocaleString('en-US'));

  const panel = page.getByRole('region', { name: 'Invest in this property' });
  await panel.getByText(usd(balance)).waitFor();
  await panel.getByRole('textbox', { name: 'Number of units' }).fill(String(units));
  await panel.getByRole('button', { name: 'Buy units' }).click();
  const review = page.getByRole('dialog', { name: 'Review your order' });
  await review.waitFor();
  const row = (label: string) => review.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  expect(await row('Units').innerText()).toBe(String(units));
  expect(await row('Unit price').innerText()).toBe(usd(before.unitPrice));
  expect(await row('Total').innerText()).toBe(usd(units * before.unitPrice));
  expect(await row('Wallet balance after').innerText()).toBe(usd(balance - units * before.unitPrice));
  await review.getByText(/pending until an admin approves it/).waitFor();
  await screenshot(page, 'defects-buy-review');
  // Back changes nothing; Confirm (from the keyboard) places the order.
  await review.getByRole('button', { name: 'Back' }).click();
  await review.waitFor({ state: 'hidden' });
  expect((await api<Figures>('GET', `/v1/properties/${target._id}`)).reservedQuantity).toBe(before.reservedQuantity);
  await panel.getByRole('button', { name: 'Buy units' }).click();
  await review.getByRole('button', { name: 'Confirm order' }).focus();
  await page.keyboard.press('Enter');
  await page
    .locator('.notistack-MuiContent')
    .filter({ hasText: `Order placed: ${units} units of ${target.name}` })
    .waitFor();
  // Toasts open below the header: the account menu stays free.
  await expectNoOverlap(page, [page.getByRole('button', { name: 'Account menu' })], 'public chrome, signed in');

  // Reserved, not sold: the figures after the pending order.
  await page.waitForFunction(
    ([label, value]) =>
      [...document.querySelectorAll('dt')].some((dt) => dt.textContent === label && dt.nextElementSibling?.textContent === value),
    ['Units reserved', (before.reservedQuantity + units).toLocaleString('en-US')] as const,
  );
  expect(await fact('Units sold').innerText()).toBe(before.soldQuantity.toLocaleString('en-US'));
  expect(await fact('Units available').innerText()).toBe((before.availableQuantity - units).toLocaleString('en-US'));
  const after = await api<Figures>('GET', `/v1/properties/${target._id}`);
  expect(after).toMatchObject({
    soldQuantity: before.soldQuantity,
    reservedQuantity: before.reservedQuantity + units,
    availableQuantity: before.availableQuantity - units,
  });
  await screenshot(page, 'defects-reserved-vs-sold');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the nationality search ranks names that start with the typed text first', async () => {
  const who = await newAccount('investor', 'Nia', 'Search');
  const s = await open(browser, { viewport: DESKTOP });
  await signInAs(s, who.email, who.password);
  await s.page.goto('/onboarding');
  const box = s.page.getByRole('combobox', { name: /Nationality/ });
  await box.click();
  await box.fill('ger');
  const options = s.page.getByRole('option');
  await options.first().waitFor();
  const names = await options.allInnerTexts();
  expect(names[0]).toMatch(/^Germany/);
  const algeria = names.findIndex((n) => n.startsWith('Algeria'));
  expect(algeria).toBeGreaterThan(0);
  await screenshot(s.page, 'defects-nationality');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('toasts never cover the header buttons: public (Log In / Sign up) and dashboard (account menu), desktop and phone', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const guest = await open(browser, { viewport });
    await guest.page.goto('/login');
    const form = guest.page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel(/^Password/).fill('Wrong-password1');
    await form.getByRole('button', { name: 'Log In' }).click();
    const header = guest.page.locator('header[data-app-header]');
    const targets =
      viewport === PHONE
        ? [guest.page.getByRole('button', { name: 'Open menu' })]
        : [header.getByRole('link', { name: 'Log In' }), header.getByRole('link', { name: 'Sign up' })];
    await expectNoOverlap(guest.page, targets, `public ${viewport.width}`);
    await screenshot(guest.page, `defects-toast-public-${viewport.width}`);
    await guest.context.close();

    const s = await session(DEMO.investor, viewport);
    await s.page.goto('/dashboard/support');
    await s.page.getByRole('button', { name: 'Send ticket' }).click();
    const targetsDash = [s.page.getByRole('button', { name: 'Account menu' })];
    await expectNoOverlap(s.page, targetsDash, `dashboard ${viewport.width}`);
    await screenshot(s.page, `defects-toast-dashboard-${viewport.width}`);
    expect(s.errors).toEqual([]);
    await s.context.close();
  }
});

test('every admin table fits a 1366 × 768 screen: no sideways scrolling, actions in view', async () => {
  const ivan = (await authOf(DEMO.investor)).user._id;
  const owner = (await authOf(DEMO.owner)).user._id;
  const pages = [
    '/dashboard',
    '/dashboard/listings',
    '/dashboard/investors',
    '/dashboard/owners',
    '/dashboard/transactions',
    '/dashboard/orders',
    '/dashboard/orders?tab=all',
    '/dashboard/payouts',
    '/dashboard/payouts?tab=all',
    '/dashboard/payouts?tab=checkouts',
    '/dashboard/support',
    '/dashboard/audit',
    `/dashboard/investors/${ivan}?tab=orders`,
    `/dashboard/investors/${ivan}?tab=wallet`,
    `/dashboard/investors/${ivan}?tab=holdings`,
    `/dashboard/owners/${owner}?tab=properties`,
  ];
  const s = await session(DEMO.admin);
  const { page } = s;
  const problems: { url: string; page: number; sideways: number[]; outside: string[] }[] = [];
  for (const url of pages) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page
      .locator('table')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    const name = `defects-admin-1366${url.replace(/[/?=&]+/g, '-')}`;
    await screenshot(page, name);
    const found = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      tables: [...document.querySelectorAll('table')].map((t) => {
        let el: HTMLElement | null = t.parentElement;
        let worst = 0;
        while (el && el !== document.body) {
          worst = Math.max(worst, el.scrollWidth - el.clientWidth);
          el = el.parentElement;
        }
        return worst;
      }),
      outside: [...document.querySelectorAll('table button, table a')]
        .map((b) => ({ text: (b.textContent ?? '').trim().slice(0, 30), right: b.getBoundingClientRect().right }))
        .filter((b) => b.right > window.innerWidth),
    }));
    const outside = [...new Set(found.outside.map((b) => b.text))];
    if (found.page > 0 || found.tables.some((w) => w > 1) || outside.length > 0)
      problems.push({ url, page: found.page, sideways: found.tables.filter((w) => w > 1), outside });
  }
  expect(problems).toEqual([]);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

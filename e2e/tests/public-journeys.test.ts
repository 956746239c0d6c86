// Issue 5's journeys in Chromium against the running platform: a visitor filters and
// browses properties, Invest now while logged out, sign-up with every validation
// message then e-mail verification and log-in, the contact form.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, platform, screenshot } from '../lib/browser';
import { verificationCode } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${platform().baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signin ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const gallerySays = (page: Page, text: string) => page.getByRole('dialog').getByText(text, { exact: true }).waitFor();

test('a visitor filters properties by state and type, opens one and pages through its gallery', async () => {
  const s = await open(browser);
  const { page } = s;
  await page.goto('/properties');
  const list = page.getByRole('list', { name: 'Properties' });
  await list.waitFor();
  expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);

  await page.getByLabel('Location').selectOption({ label: 'Arizona' });
  await page.getByLabel('Property type').selectOption({ label: 'Rental/Residency Ready' });
  await page.getByText('No properties match your filters').waitFor();
  await page.waitForURL((u) => u.searchParams.get('state') === 'AZ' && u.searchParams.get('type') === 'RENTAL_READY');

  await page.getByLabel('Property type').selectOption({ label: 'Off Plan' });
  await page.getByText('1 property matches your filters').waitFor();
  expect(await list.getByRole('listitem').count()).toBe(1);
  await list.getByRole('heading', { name: 'Desert Bloom Villas' }).waitFor();
  await screenshot(page, 'public-journey-filtered');

  // The search box filters on the server too.
  await page.getByLabel('Location').selectOption({ label: 'All locations' });
  await page.getByLabel('Property type').selectOption({ label: 'All types' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('lofts');
  await page.waitForURL((u) => u.searchParams.get('q') === 'lofts');
  await page.getByText('2 properties match your filters').waitFor();

  await page.getByLabel('Location').selectOption({ label: 'Arizona' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByText('1 property matches your filters').waitFor();
  await page.getByRole('link', { name: 'View details of Desert Bloom Villas' }).click();
  await page.waitForURL(/\/properties\/[^/?]+$/);
  await page.getByRole('heading', { level: 1, name: 'Desert Bloom Villas' }).waitFor();
  await page.getByRole('heading', { name: 'Key figures' }).waitFor();
  await page.getByRole('heading', { name: 'Construction progress' }).waitFor();
  await page.getByRole('heading', { name: 'Documents' }).waitFor();
  await page.getByRole('link', { name: 'Log in to invest' }).waitFor();

  await page.getByRole('button', { name: 'View all 2 photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desert Bloom Villas' });
  await dialog.waitFor();
  await gallerySays(page, 'Image 1 of 2');
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await gallerySays(page, 'Image 2 of 2');
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await gallerySays(page, 'Image 1 of 2'); // wraps at the end
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await gallerySays(page, 'Image 2 of 2'); // and at the start
  await page.keyboard.press('ArrowRight');
  await gallerySays(page, 'Image 1 of 2');
  await page.keyboard.press('ArrowLeft');
  await gallerySays(page, 'Image 2 of 2');
  await dialog.getByRole('button', { name: 'Show image 1 of 2' }).click();
  await gallerySays(page, 'Image 1 of 2');
  await screenshot(page, 'public-journey-gallery');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('Invest now while logged out leads to /login, and back to the property after logging in', async () => {
  const s = await open(browser);
  const { page } = s;
  await page.goto('/properties');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Harborview Residences' }) });
  await card.getByRole('link', { name: 'Invest now' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/properties\/[^/]+$/);
  await page.getByLabel(/^Email/).fill(DEMO.investor.email);
  await page.getByLabel(/^Password/).fill(DEMO.investor.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Harborview Residences' }).waitFor();
  // A signed-in investor's Invest now opens the property itself.
  await page.goto('/properties');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Harborview Residences' }) })
    .getByRole('link', { name: 'Invest now' })
    .click();
  await page.waitForURL(/\/properties\/[^/?]+$/);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('sign-up shows each validation message, then succeeds; the e-mailed code verifies the account and log-in goes on to onboarding', async () => {
  const s = await open(browser);
  const { page } = s;
  const email = `new.investor.${Date.now()}@example.com`;
  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('I agree to the processing of personal data.').check();
  expect(await submit.isEnabled()).toBe(true);

  await submit.click();
  await page.getByText('Please fill in all fields').first().waitFor();

  const emailBox = page.getByLabel(/^Email/);
  await emailBox.fill('');
  await emailBox.blur();
  await page.getByText('Email cannot be empty').waitFor();
  await emailBox.fill('ada@example');
  await page.getByText('Please enter a valid email address').waitFor();
  await emailBox.fill(email);

  const password = page.getByLabel(/^Password/);
  await password.fill('abc');
  const rules = page.getByTestId('password-errors');
  await rules.getByText('Password must be at least 8 characters long').waitFor();
  await rules.getByText('Password must contain at least one number.').waitFor();
  await rules.getByText('Password must contain at least one uppercase letter.').waitFor();
  await password.fill('ABCDEFGH');
  await rules.getByText('Password must contain at least one lowercase letter.').waitFor();
  expect(await rules.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
  await password.fill('Welcome123');
  await rules.waitFor({ state: 'detached' });

  await page.getByLabel(/^First name/).fill('Nina');
  await page.getByLabel(/^Last name/).fill('Newcomer');
  await page.getByLabel(/^Confirm password/).fill('Welcome124');
  await page.getByLabel(/^Use as/).selectOption({ label: 'As an investor' });
  await screenshot(page, 'public-journey-signup-errors');
  await submit.click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel(/^Confirm password/).fill('Welcome123');
  await submit.click();
  await page.getByText('Signed up successfully').waitFor();
  await page.waitForURL((u) => u.pathname === '/verify' && u.searchParams.get('email') === email);

  // Logging in before verifying is refused, with the way back to /verify.
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Welcome123');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Please verify your email before logging in').first().waitFor();
  await page.getByRole('link', { name: 'Verify your email' }).click();
  await page.waitForURL((u) => u.pathname === '/verify');
  expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);

  await page.getByLabel(/^Verification code/).fill(await verificationCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
  await page.getByRole('link', { name: 'Continue to log in' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);
  await page.getByLabel(/^Password/).fill('Welcome123');
  await page.getByRole('button', { name: 'Log In' }).click();
  // A new investor has not completed onboarding: that is the next step.
  await page.waitForURL((u) => u.pathname === '/onboarding');
  const stored = await page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('authUser') ?? 'null'),
    token: localStorage.getItem('accessToken'),
  }));
  expect(stored.user).toMatchObject({ email, role: 'INVESTOR' });
  expect(stored.token).toBeTruthy();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the contact form refuses empty fields, then sends the message', async () => {
  const s = await open(browser);
  const { page } = s;
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Please fill the required fields').waitFor();

  const subject = `Question ${Date.now() % 100000}`;
  await form.getByLabel(/^Name/).fill('Grace Hopper');
  await form.getByLabel(/^Phone number/).fill('+1 555 0100');
  await form.getByLabel(/^Email/).fill('grace@example.com');
  await form.getByLabel(/^Subject/).fill(subject);
  await form.getByLabel(/^Message/).fill('How do off-plan payouts work?');
  expect(await form.getByLabel(/^Subject/).getAttribute('maxlength')).toBe('25');
  const started = Date.now();
  await form.getByRole('button', { name: 'Send message' }).click();
  await form.getByRole('button', { name: 'Loading...' }).waitFor();
  await page.getByText('Thank you, your message has been sent. Our team will reply by e-mail.').waitFor();
  expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  expect(await form.getByLabel(/^Name/).inputValue()).toBe('');

  // The message really reached the support inbox.
  const token = await apiToken(DEMO.admin.email, DEMO.admin.password);
  const res = await fetch(`${platform().baseURL}/v1/support?kind=CONTACT`, { headers: { authorization: `Bearer ${token}` } });
  const inbox = (await res.json()) as { items: { subject: string; email: string }[] };
  expect(inbox.items).toEqual(expect.arrayContaining([expect.objectContaining({ subject, email: 'grace@example.com' })]));
  expect(s.errors).toEqual([]);
  await s.context.close();
});

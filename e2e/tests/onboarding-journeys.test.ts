// Issue 6's journeys: an owner onboards as a business entity, an investor is stopped
// until subscribed and then onboards and answers the questionnaire, a user changes the
// avatar and the password. Admins then see the documents and answers through the API.
// Screenshots land in e2e/artifacts/onboarding-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, platform, screenshot, signInAs, type Session } from '../lib/browser';
import { api, newAccount } from '../lib/api';
import { pdf, png } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MOBILE = { width: 360, height: 780 };
const MSG = {
  userType: 'Please select user type',
  nationality: 'Please select your nationality',
  phone: 'Please enter a valid phone number',
  subscription: 'Please complete subcription to proceed',
  businessName: 'Please enter your business name',
  businessDocs: 'Please upload business documents',
  identity: 'Please upload a valid identity card',
  onlyImages: 'Invalid file type. Only Images are allowed.',
  submitted: 'Your document has been submitted and will be reviewed for verification',
  thanks: 'Thank you for your response.',
};
const ALL_RULES = [MSG.userType, MSG.nationality, MSG.phone, MSG.subscription, MSG.businessName, MSG.businessDocs, MSG.identity];

// ---- API helpers ----

interface UserDetail {
  status: string;
  isSubscribed: boolean;
  onboardingCompleted: boolean;
  userType: string | null;
  businessName: string | null;
  country: string | null;
  phone: string | null;
  avatar: { url: string } | null;
  kycDocuments: { url: string; name: string; mimeType: string }[];
  businessDocuments: { url: string; name: string; mimeType: string }[];
  questionnaire: Record<string, unknown> | null;
}
let adminToken: string | null = null;
/** What an admin sees of a person: GET /v1/users/{id}. */
async function asAdmin(userId: string): Promise<{ detail: UserDetail; token: string }> {
  adminToken ??= (await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.admin)).accessToken;
  return { detail: await api<UserDetail>('GET', `/v1/users/${userId}`, undefined, adminToken), token: adminToken };
}

// ---- Page helpers ----

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit' });

/** Submit, then exactly the expected rule shows (and none of the others). */
async function submitExpecting(page: Page, message: string) {
  await submitButton(page).click();
  const form = page.getByRole('form', { name: 'Onboarding' });
  await form.getByText(message, { exact: true }).waitFor();
  // Also as a toast.
  await page.locator('.notistack-MuiContent').filter({ hasText: message }).first().waitFor();
  for (const other of ALL_RULES.filter((m) => m !== message)) {
    expect({ message: other, shown: await form.getByText(other, { exact: true }).count() }).toEqual({ message: other, shown: 0 });
  }
}

async function chooseNationality(page: Page, name: string) {
  const box = page.getByRole('combobox', { name: /Nationality/ });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

async function accountStatus(s: Session): Promise<string> {
  await s.page.getByRole('button', { name: 'Account menu' }).click();
  const menu = s.page.getByRole('menu');
  await menu.waitFor();
  const text = await menu.innerText();
  await s.page.keyboard.press('Escape');
  return text;
}

function noOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// ---- Journeys ----

test('an owner onboards as a business entity, meeting every rule in order, and lands on /dashboard pending', async () => {
  const owner = await newAccount('property-owner', 'Olga', 'Builder');
  const s = await open(browser);
  await signInAs(s, owner.email, owner.password);
  const { page } = s;
  await page.goto('/onboarding');
  await page.getByRole('heading', { level: 1, name: 'Complete your onboarding' }).waitFor();
  expect(await submitButton(page).isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /I consent/ }).check();

  await submitExpecting(page, MSG.userType);
  await page.getByRole('radio', { name: 'Business entity' }).check();
  await submitExpecting(page, MSG.nationality);
  await chooseNationality(page, 'United Kingdom');
  await submitExpecting(page, MSG.phone);
  const phone = page.getByRole('textbox', { name: /Phone number/ });
  // Letters never get in; a number that is not a UK number is refused.
  await phone.pressSequentially('abc');
  expect(await phone.inputValue()).toBe('');
  await phone.fill('202 555 0143');
  await submitExpecting(page, MSG.phone);
  await phone.fill('07911 123456');
  await submitExpecting(page, MSG.businessName);
  await page.getByRole('textbox', { name: /Business name/ }).fill('Builder Estates Ltd');
  await submitExpecting(page, MSG.businessDocs);
  await page
    .getByLabel(/Business documents \(/)
    .setInputFiles({ name: 'certificate-of-incorporation.pdf', mimeType: 'application/pdf', buffer: pdf('Certificate of incorporation') });
  await page.getByText('certificate-of-incor...').waitFor();
  await submitExpecting(page, MSG.identity);
  // The identity document must be an image.
  await page
    .getByLabel(/Identity document \(/)
    .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf('Passport') });
  await page.getByText(MSG.onlyImages).first().waitFor();
  await page
    .getByLabel(/Identity document \(/)
    .setInputFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: png(64, 64, [40, 90, 200]) });
  await page.getByRole('img', { name: 'Preview of passport-scan.png' }).waitFor();
  await screenshot(page, 'onboarding-owner-filled-desktop');

  await submitButton(page).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByText(MSG.submitted).first().waitFor();
  expect(await accountStatus(s)).toMatch(/pending/);
  expect(s.errors).toEqual([]);
  await s.context.close();

  const { detail, token } = await asAdmin(owner.id);
  expect(detail).toMatchObject({
    status: 'PENDING',
    onboardingCompleted: true,
    userType: 'BUSINESS_ENTITY',
    businessName: 'Builder Estates Ltd',
    country: 'United Kingdom',
    phone: '+44 7911 123456',
  });
  expect(detail.kycDocuments.map((d) => [d.name, d.mimeType])).toEqual([['passport-scan.png', 'image/png']]);
  expect(detail.businessDocuments.map((d) => [d.name, d.mimeType])).toEqual([['certificate-of-incorporation.pdf', 'application/pdf']]);
  // The admin can open the documents themselves.
  for (const d of [...detail.kycDocuments, ...detail.businessDocuments]) {
    const res = await fetch(new URL(d.url, platform().baseURL), { headers: { authorization: `Bearer ${token}` } });
    expect({ url: d.url, status: res.status }).toEqual({ url: d.url, status: 200 });
  }
});

test('an investor who is not subscribed is stopped, subscribes, onboards, answers the questionnaire and reaches /dashboard', async () => {
  const investor = await newAccount('investor', 'Iris', 'Newcomer');
  const s = await open(browser);
  await signInAs(s, investor.email, investor.password);
  const { page } = s;
  await page.goto('/onboarding');
  await page.getByRole('checkbox', { name: /I consent/ }).check();
  await page.getByRole('radio', { name: 'Individual' }).check();
  await chooseNationality(page, 'United States');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('202 555 0143');
  await submitExpecting(page, MSG.subscription);
  const subscribe = page.getByRole('link', { name: 'Subscribe' });
  expect(await subscribe.getAttribute('href')).toBe('/#subscribe');
  await screenshot(page, 'onboarding-investor-subscription-desktop');

  await subscribe.click();
  await page.waitForURL((u) => u.pathname === '/');
  await subscribeThroughCheckout(page);

  await page.goto('/onboarding');
  // The typed answers were kept; the document is chosen again.
  expect(await page.getByRole('textbox', { name: /Phone number/ }).inputValue()).toBe('202 555 0143');
  await page.getByRole('checkbox', { name: /I consent/ }).check();
  await submitExpecting(page, MSG.identity);
  await page
    .getByLabel(/Identity document \(/)
    .setInputFiles({ name: 'driving-licence.png', mimeType: 'image/png', buffer: png(48, 48, [200, 60, 60]) });
  await submitButton(page).click();
  await page.waitForURL((u) => u.pathname === '/onboarding/questionnaire');
  await page.getByText(MSG.submitted).first().waitFor();

  await page.getByRole('heading', { name: 'Before you invest' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Question 1/2').waitFor();
  await page.getByRole('radio', { name: 'Self-Certified Sophisticated Investor' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Question 2/2').waitFor();
  await page.getByRole('radio', { name: 'Yes' }).first().check();
  await page.getByRole('textbox', { name: /Annual income/ }).pressSequentially('15x0000');
  expect(await page.getByRole('textbox', { name: /Annual income/ }).inputValue()).toBe('150000');
  await screenshot(page, 'onboarding-questionnaire-desktop');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByText(MSG.thanks).first().waitFor();
  expect(await accountStatus(s)).toMatch(/pending/);
  expect(s.errors).toEqual([]);
  await s.context.close();

  const { detail } = await asAdmin(investor.id);
  expect(detail).toMatchObject({
    status: 'PENDING',
    isSubscribed: true,
    onboardingCompleted: true,
    userType: 'INDIVIDUAL',
    country: 'United States',
    phone: '+1 202 555 0143',
  });
  expect(detail.kycDocuments.map((d) => d.mimeType)).toEqual(['image/png']);
  expect(detail.businessDocuments).toEqual([]);
  expect(detail.questionnaire).toMatchObject({
    investorType: 'SOPHISTICATED',
    highNetWorthInvestor: true,
    annualIncome100OrMore: true,
    annualIncomeValue: 150000,
    netAssets: false,
  });
});

/** The landing page's subscribe section, the sandbox checkout, and back. */
async function subscribeThroughCheckout(page: Page) {
  await page.getByRole('button', { name: /^Subscribe for/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/#'));
  await page.getByRole('button', { name: /^Pay/ }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Congratulations, you have successfully subscribed to Tessera.' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
}

test('a user changes the avatar and the password, then logs in with the new one', async () => {
  const owner = await newAccount('property-owner', 'Pat', 'Portrait');
  const s = await open(browser);
  const { page } = s;
  const logIn = async (password: string) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel(/^Password/).fill(password);
    await form.getByRole('button', { name: 'Log In' }).click();
  };
  await logIn(owner.password);
  await page.waitForURL((u) => u.pathname.startsWith('/dashboard') || u.pathname.startsWith('/onboarding'));
  await page.goto('/dashboard/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

  await page
    .getByLabel('New profile picture')
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png(96, 96, [20, 160, 90]) });
  await page.getByText('Preview, not saved yet').waitFor();
  await page.getByRole('button', { name: 'Save picture' }).click();
  await page.getByText('Your profile picture has been updated').first().waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authUser') ?? 'null') as { avatar: { url: string } | null });
  expect(stored.avatar?.url).toBeTruthy();
  // The header's avatar shows the new picture too.
  await page.getByRole('button', { name: 'Account menu' }).locator('img').waitFor();

  await page.getByLabel(/Current password/).fill(owner.password);
  await page.getByLabel(/^New password/).fill('short');
  await page.getByText('Password must be at least 8 characters long').waitFor();
  await page.getByLabel(/^New password/).fill('Renewed456!');
  await page.getByLabel(/Confirm new password/).fill('Renewed456!');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password?' });
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password updated').first().waitFor();
  // The session continues with the fresh token.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard/profile');
  await screenshot(page, 'onboarding-profile-desktop');

  // Log out, then in again: the old password is refused, the new one works.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await logIn(owner.password);
  await page.locator('.notistack-MuiContent').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await logIn('Renewed456!');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/dashboard/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();

  const { detail } = await asAdmin(owner.id);
  expect(detail.avatar?.url).toBeTruthy();
});

test('the three pages fit a 360px screen', async () => {
  const investor = await newAccount('investor', 'Mo', 'Bile');
  const s = await open(browser, { viewport: MOBILE });
  await signInAs(s, investor.email, investor.password);
  const { page } = s;
  await page.goto('/onboarding');
  await page.getByRole('heading', { level: 1, name: 'Complete your onboarding' }).waitFor();
  await page.getByRole('radio', { name: 'Business entity' }).check();
  expect(await noOverflow(page)).toBe(0);
  await screenshot(page, 'onboarding-form-mobile');

  await page.goto('/onboarding/questionnaire');
  await page.getByRole('button', { name: 'Next' }).click();
  expect(await noOverflow(page)).toBe(0);
  await screenshot(page, 'onboarding-questionnaire-mobile');

  await page.goto('/dashboard/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  expect(await noOverflow(page)).toBe(0);
  await screenshot(page, 'onboarding-profile-mobile');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

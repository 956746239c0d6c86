// A form in a server-rendered page's markup submitted before the app takes over: the submit is
// held (shell/src/ssr-takeover/after-paint.js), so the page neither reloads nor puts the
// fields in its URL, and what was typed is in the app's form once it takes over
// (carry-input.ts). The app's code (main.js) is held back here until the submits are done.
import type { Browser, Route } from 'playwright-core';
import { launch, open, type Session } from '../lib/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A page at `url` whose app code waits for `release()`; every submit's outcome is recorded. */
async function heldPage(url: string): Promise<{ s: Session; release: () => void }> {
  const s = await open(browser, { viewport: { width: 360, height: 800 } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await s.page.route(/\/shell\/[^/]+\/main\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await s.page.goto(url);
  await s.page.waitForSelector('#root[data-ssr]', { state: 'attached' });
  // The server's page loads the app through the loader, which holds the submits.
  expect(await s.page.locator('script[data-main]').count()).toBe(1);
  await s.page.waitForFunction(() => document.readyState === 'complete');
  await s.page.evaluate(() => {
    const w = window as unknown as { __submits: boolean[]; __sameDocument: boolean };
    w.__submits = [];
    w.__sameDocument = true;
    // Bubbling, so after the loader's capturing listener: records whether it held the submit.
    document.addEventListener('submit', (e) => w.__submits.push(e.defaultPrevented));
  });
  return { s, release };
}

const submits = (s: Session) => s.page.evaluate(() => (window as unknown as { __submits: boolean[] }).__submits);
const sameDocument = (s: Session) => s.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const takenOver = (s: Session) =>
  s.page.waitForFunction(() => !document.querySelector('#root[data-ssr]') && document.getElementById('root'), null, { timeout: 30_000 });

test('the landing page: the newsletter sent before the takeover stays on the page, its e-mail goes to the app', async () => {
  const { s, release } = await heldPage('/');
  // The contact form is not in the server's markup (it loads with the sections below the
  // fold, in the app): the newsletter is the landing's one form before the takeover.
  expect(await s.page.locator('#root[data-ssr] form[aria-label="Contact us"]').count()).toBe(0);
  const email = s.page.locator('#root[data-ssr] form[aria-label="Newsletter"] input[name="footer-email"]');
  await email.fill('early@example.com');
  await email.press('Enter');
  await s.page.locator('#root[data-ssr] form[aria-label="Newsletter"] button[type="submit"]').click();
  expect(await submits(s)).toEqual([true, true]);

  release();
  await takenOver(s);
  // Had a submit gone through, the page would have been replaced by a new one long before the
  // app's code arrived and rendered.
  expect(await sameDocument(s)).toBe(true);
  expect(s.page.url()).not.toContain('footer-email');
  expect(s.page.url()).not.toContain('example.com');
  expect(s.requests.filter((u) => u.includes('footer-email'))).toEqual([]);
  const appEmail = s.page.locator('#root form[aria-label="Newsletter"] input[name="footer-email"]');
  await expect(appEmail.inputValue()).resolves.toBe('early@example.com');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test("the catalogue: a search sent before the takeover does not reload the page, the app's search box has it", async () => {
  const { s, release } = await heldPage('/properties');
  const search = s.page.locator('#root[data-ssr] form[role="search"] input[name="q"]');
  await search.fill('Lofts');
  await search.press('Enter');
  expect(await submits(s)).toEqual([true]);
  expect(s.page.url()).not.toContain('q=');

  release();
  await takenOver(s);
  expect(await sameDocument(s)).toBe(true);
  await expect(s.page.locator('#root form[role="search"] input[name="q"]').inputValue()).resolves.toBe('Lofts');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

// Issue 5: every public route renders real content, at desktop and mobile widths,
// without page errors (screenshots land in e2e/artifacts/public-*.png).
import type { Browser } from 'playwright-core';
import { launch, open, screenshot } from '../lib/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES: [string, string, RegExp | string][] = [
  ['landing', '/', 'Real Estate Investment For Everyone'],
  ['about', '/about', 'Real estate, one unit at a time'],
  ['properties', '/properties', 'Properties'],
  ['list-property', '/list_property', 'List your property on Tessera'],
  ['privacy', '/privacy', 'Privacy and cookie policy'],
  ['terms', '/terms_and_conditions', 'Terms and conditions'],
  ['login', '/login', 'Log in'],
  ['signup', '/signup', 'Create your account'],
  ['verify', '/verify?email=someone%40example.com', 'Verify your email'],
];

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 360, height: 780 } };

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`every public page renders its content (${label})`, async () => {
    const s = await open(browser, { viewport });
    for (const [name, url, heading] of PAGES) {
      await s.page.goto(url);
      await s.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Nothing wider than the screen.
      const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ page: name, overflow }).toEqual({ page: name, overflow: 0 });
      if (name === 'properties') await s.page.getByRole('list', { name: 'Properties' }).waitFor();
      if (name === 'landing') {
        // Scrolling to the placeholder loads the sections, which replace it and may move
        // the contact section: scroll there again once it is rendered, then wait for the form.
        await s.page.evaluate(() => document.getElementById('contact')?.scrollIntoView());
        await s.page.getByRole('heading', { name: 'Get in touch' }).waitFor();
        await s.page.evaluate(() => document.getElementById('contact')?.scrollIntoView());
        await s.page.getByRole('button', { name: 'Send message' }).waitFor();
      }
      await screenshot(s.page, `public-${name}-${label}`);
    }
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
}

// MUI's press ripple is not in MUI's base (tools/webpack/mui/TouchRipple.mjs): it loads with
// the first press of a MUI button and still shows for that press. (The public chrome's
// buttons render no MUI, so none of theirs ripples.)
test('a button’s press ripple loads with the first press and shows', async () => {
  const s = await open(browser);
  const rippleCode = () => s.requests.filter((u) => /\/shell\/[^/]+\/touch-ripple\.[0-9a-f]+\.js$/.test(u));
  await s.page.goto('/login');
  const logIn = s.page.locator('#main').getByRole('button', { name: 'Log In' });
  await logIn.waitFor();
  await s.page.waitForLoadState('networkidle');
  expect(rippleCode()).toEqual([]);
  await logIn.hover();
  await s.page.mouse.down();
  await logIn.locator('.MuiTouchRipple-ripple').first().waitFor();
  expect(rippleCode()).toHaveLength(1);
  await s.page.mouse.up();
  // The empty form was not sent anywhere.
  expect(new URL(s.page.url()).pathname).toBe('/login');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

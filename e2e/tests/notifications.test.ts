// Issue 19's journey: the demo investor places an order (API) and has their dashboard open;
// an admin rejects it with a reason (API); without a reload, the investor's bell shows the
// unread count (through the real-time stream, GET /v1/events) and the notice with the
// reason; opening the notice marks it read and goes to Orders. The server's mail outbox
// (DATA_DIR/outbox.log, written by the notices' mail dispatcher) holds the e-mail.
// Screenshots land in e2e/artifacts/notifications-*.png.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO, launch, open, platform, screenshot, signInAs } from '../lib/browser';
import { api } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

jest.setTimeout(120_000);

const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;

/** The outbox's entries to `email` whose text matches, waiting up to `ms` for one. */
async function mailTo(email: string, text: string, ms = 20_000): Promise<string> {
  const file = path.join(platform().dataDir, 'outbox.log');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      const entry = fs
        .readFileSync(file, 'utf8')
        .split('===== ')
        .find((e) => e.includes(`To: ${email}\n`) && e.includes(text));
      if (entry) return entry;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${email} containing ${text}`);
}

test('an admin rejects an order: the bell shows it without a reload, and the e-mail is in the outbox', async () => {
  const admin = await token(DEMO.admin);
  const s = await open(browser);
  const { accessToken } = await signInAs(s, DEMO.investor.email, DEMO.investor.password);
  const { page } = s;

  const list = await api<{ items: { _id: string; name: string }[] }>(
    'GET',
    `/v1/properties?searchName=${encodeURIComponent('Bluebonnet')}`,
  );
  const property = list.items.find((p) => p.name === 'Bluebonnet Cottages');
  if (!property) throw new Error('no Bluebonnet Cottages');
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId: property._id, quantity: 1 }, accessToken);

  // Start from no unread notices, so the count is this journey's.
  await api('POST', '/v1/notifications/read-all', undefined, accessToken);
  // The stream opens with the dashboard (a ticket, then GET /v1/events).
  const stream = page.waitForRequest((r) => r.url().includes('/v1/events?'), { timeout: 20_000 });
  // The stream's headers come after the server has subscribed it: from then on the rejection
  // below reaches the page as a live event (before that, the page's catch-up on open fetches it).
  const subscribed = page.waitForResponse((r) => r.url().includes('/v1/events?') && r.status() === 200, {
    timeout: 20_000,
  });
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.waitFor();
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((e) => e.getAttribute('aria-label')?.startsWith('Notifications'));
    return b?.getAttribute('aria-label') === 'Notifications';
  });
  expect((await stream).url()).toContain('ticket=');
  await subscribed;
  const loads: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) loads.push(f.url());
  });

  const reason = `Units no longer available (journey ${Date.now()})`;
  await api('PATCH', `/v1/orders/${order._id}/review`, { decision: 'REJECT', reason }, admin);

  // Within a few seconds (SSE), well before the ~10 s polling fallback would do it.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 8_000 });
  expect(loads).toEqual([]);
  await screenshot(page, 'notifications-bell');

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const first = panel.getByRole('listitem').first();
  await first.getByText('Bluebonnet Cottages').first().waitFor();
  await expect(first.textContent()).resolves.toContain(reason);
  await expect(first.textContent()).resolves.toContain('Unread');
  await screenshot(page, 'notifications-panel');

  // Opening it marks it read and goes to what it is about.
  await first.getByRole('button').click();
  await page.waitForURL((u) => u.pathname !== '/dashboard');
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const mail = await mailTo(DEMO.investor.email, reason);
  expect(mail).toContain('Bluebonnet Cottages');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

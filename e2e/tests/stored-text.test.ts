// Issue 12 §1: text people store (a listing's name and description, a support message, a
// person's name) is shown as text on every page that shows it, never run as markup: the
// markup appears literally, no dialog opens, no payload element exists, no payload runs.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, signInAs, type Session } from '../lib/browser';
import { api } from '../lib/api';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { record } = require('../../server/reliability/report.cjs') as { record: (check: string, r: object) => boolean };

const IMG = '<img src=x onerror="window.__xss=(window.__xss||0)+1;alert(1)">';
const SCRIPT = '<script>window.__xss=(window.__xss||0)+1;alert(2)</script>';
const SVG = '<svg/onload=alert(3)>';

let browser: Browser;
const checked: { page: string; who: string; literal: string }[] = [];
let grepHits: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  if (checked.length === 0) return;
  record('stored-text', {
    tried: `markup stored through the API (\`${IMG}\`, \`${SCRIPT}\`, \`${SVG}\`) in a listing name and description, a support subject and message, a person's first and last name; the pages that show them visited in Chromium; the frontend sources searched for dangerouslySetInnerHTML / innerHTML`,
    amount: `${checked.length} page checks (${[...new Set(checked.map((c) => c.page))].join(', ')})`,
    result: `shown literally everywhere: no dialog, no payload element, no payload ran; ${grepHits.length} raw-HTML sinks in the frontend`,
    ok: grepHits.length === 0,
  });
});

const token = async (a: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', a)).accessToken;

/** Watches a page for dialogs; checks a visit showed `literals` as text and ran nothing. */
async function expectInert(s: Session, page: string, who: string, literals: string[]): Promise<void> {
  const p: Page = s.page;
  const dialogs: string[] = [];
  p.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await p.goto(page);
  await p.waitForLoadState('networkidle');
  for (const literal of literals) {
    await p.getByText(literal, { exact: false }).first().waitFor({ timeout: 20_000 });
    checked.push({ page, who, literal });
  }
  await p.waitForTimeout(500);
  const found = await p.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss ?? 0,
    imgs: document.querySelectorAll('img[src="x"], svg[onload]').length,
    // Code that could run. The server-rendered pages carry stored text as data too (the
    // first screen's answers, JSON-LD): inert types, with every < and > escaped.
    scripts: [...document.querySelectorAll('script')].filter((e) => {
      const text = e.textContent ?? '';
      const data = e.type === 'application/json' || e.type === 'application/ld+json';
      return data ? /[<>]/.test(text) : text.includes('__xss');
    }).length,
    handlers: [...document.querySelectorAll('*')].filter((e) => e.getAttribute('onerror')?.includes('__xss')).length,
  }));
  expect({ page, dialogs, ...found }).toEqual({ page, dialogs: [], ran: 0, imgs: 0, scripts: 0, handlers: 0 });
}

test('the frontend never writes raw HTML', () => {
  const root = path.resolve(__dirname, '../..');
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (
        /\.(tsx?|jsx?)$/.test(e.name) &&
        /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(fs.readFileSync(f, 'utf8'))
      )
        hits.push(path.relative(root, f));
    }
  };
  for (const pkg of ['shell', 'mf-public', 'mf-investor', 'mf-owner', 'mf-admin', 'mf-onboarding', 'shared-ui', 'shared-api'])
    walk(path.join(root, pkg, 'src'));
  grepHits = hits;
  expect(hits).toEqual([]);
});

test('markup in stored text is shown as text on every page that shows it', async () => {
  const admin = await token(DEMO.admin);
  const owner = await token(DEMO.owner);
  const investor = await token(DEMO.investor);

  // A listing named with markup, approved so that it is public.
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: `${IMG} Villa`,
      address: '1 Escape St, Springfield',
      state: 'IL',
      description: `${SCRIPT} ${SVG} A lovely place`,
      totalQuantity: 100,
      unitPrice: 10,
      roiInFiveYears: 20,
    },
    owner,
  );
  await api('PATCH', `/v1/properties/${listing._id}/review`, { decision: 'APPROVE' }, admin);
  // A support message with markup.
  await api('POST', '/support', { subject: `${SCRIPT} help`, message: `${IMG} my order ${SVG}` }, investor);
  // A person named with markup.
  const me = await api<{ _id: string }>('PATCH', '/v1/users/me', { firstName: IMG, lastName: '<b>Bold</b>' }, investor);

  const visitor = await open(browser);
  await expectInert(visitor, '/properties', 'visitor', [`${IMG} Villa`]);
  await expectInert(visitor, `/properties/${listing._id}`, 'visitor', [`${IMG} Villa`, SCRIPT]);
  await visitor.context.close();

  const asAdmin = await open(browser);
  await signInAs(asAdmin, DEMO.admin.email, DEMO.admin.password);
  await expectInert(asAdmin, '/dashboard/support', 'admin', [`${SCRIPT} help`]);
  await expectInert(asAdmin, '/dashboard/investors', 'admin', ['<b>Bold</b>']);
  await expectInert(asAdmin, `/dashboard/investors/${me._id}`, 'admin', [IMG]);
  await expectInert(asAdmin, '/dashboard/listings', 'admin', [`${IMG} Villa`]);
  await asAdmin.context.close();

  const asInvestor = await open(browser);
  await signInAs(asInvestor, DEMO.investor.email, DEMO.investor.password);
  // The dashboard header shows the person's name; their support page shows their message.
  await expectInert(asInvestor, '/dashboard', 'investor', [IMG]);
  await expectInert(asInvestor, '/dashboard/support', 'investor', [`${SCRIPT} help`]);
  await asInvestor.context.close();

  const asOwner = await open(browser);
  await signInAs(asOwner, DEMO.owner.email, DEMO.owner.password);
  await expectInert(asOwner, '/dashboard/listings', 'owner', [`${IMG} Villa`]);
  await asOwner.context.close();
});

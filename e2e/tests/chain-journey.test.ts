// e2e-platform-env: CHAIN_ENABLED=true
// e2e-platform-env: CHAIN_MIRROR_SECONDS=3600
// The chain journey (docs/chain.md): this file's server runs the embedded chain, with the
// periodic mirror run once at start (it deploys the contracts and anchors the seed's paid
// distributions) and then only every hour, so what follows reaches the chain through the
// wake-up on ledger changes. The demo investor buys units on a property page, an admin
// approves the order, and within seconds the balance on chain equals the ledger's, in "Verify
// my holding" too; the lines of an anchored distribution verify in the browser; and a proof
// tampered on its way (one sibling flipped) makes the dialog say the line does not verify.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api } from '../lib/api';

interface ChainProof {
  kind: 'holdings' | 'payments';
  proof: string[];
  root: string;
}
interface MyChain {
  enabled: boolean;
  address: string | null;
  properties: { propertyId: string; propertyName: string; ledgerUnits: number; chainUnits: number | null; proofs: ChainProof[] }[];
}

const VERIFIED = 'Verified: your line is in the anchored root';
const FAILED = 'Not verified: your line does not lead to the anchored root. Contact support.';
const BOUGHT = 'Bluebonnet Cottages';
const PAID = 'Mountain Ash Cabins';
const UNITS = 3;

let browser: Browser;
let s: Session;
let investor: string;
let admin: string;
beforeAll(async () => {
  browser = await launch();
  investor = (await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.investor)).accessToken;
  admin = (await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.admin)).accessToken;
  s = await open(browser);
  await signInAs(s, DEMO.investor.email, DEMO.investor.password);
});
afterAll(async () => {
  await s?.context.close();
  await browser?.close();
});

jest.setTimeout(90_000);

const myChain = () => api<MyChain>('GET', '/v1/me/chain', undefined, investor);

/** Polls GET /v1/me/chain until `ok` holds for the property (at most `ms`); throws with the last answer. */
async function chainUntil(name: string, ok: (p: MyChain['properties'][number]) => boolean, ms: number) {
  const until = Date.now() + ms;
  let last: MyChain | null = null;
  while (Date.now() < until) {
    last = await myChain();
    const p = last.properties.find((x) => x.propertyName === name);
    if (p && ok(p)) return p;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the chain did not reach the expected state for ${name} in ${ms} ms: ${JSON.stringify(last)}`);
}

async function openVerify(page: Page, name: string) {
  await page.goto('/dashboard/investments');
  await page.getByRole('heading', { level: 1, name: 'Investments' }).waitFor();
  const card = page.getByRole('list', { name: 'Holdings' }).getByRole('article', { name });
  await card.getByRole('button', { name: `Verify my holding of ${name} on the chain` }).click();
  const dialog = page.getByRole('dialog', { name: `Verify my holding: ${name}` });
  await dialog.waitFor();
  return dialog;
}

test('units bought on a property page reach the chain within seconds of the approval', async () => {
  const { page } = s;
  const list = await api<{ items: { _id: string; name: string }[] }>('GET', `/v1/properties?searchName=${encodeURIComponent(BOUGHT)}`);
  const cottages = list.items.find((p) => p.name === BOUGHT);
  if (!cottages) throw new Error(`no property ${BOUGHT}`);

  await page.goto(`/properties/${cottages._id}`);
  await page.getByRole('heading', { level: 1, name: BOUGHT }).waitFor();
  const panel = page.getByRole('region', { name: 'Invest in this property' });
  await panel.getByRole('textbox', { name: 'Number of units' }).fill(String(UNITS));
  await panel.getByRole('button', { name: 'Buy units' }).click();
  await page.getByRole('dialog', { name: 'Review your order' }).getByRole('button', { name: 'Confirm order' }).click();
  await page
    .locator('.notistack-MuiContent')
    .filter({ hasText: `Order placed: ${UNITS} units of ${BOUGHT}` })
    .first()
    .waitFor();

  const pending = await api<{ items: { _id: string; propertyId: string; quantity: number }[] }>(
    'GET',
    '/v1/orders?status=PENDING',
    undefined,
    investor,
  );
  const order = pending.items.find((o) => o.propertyId === cottages._id && o.quantity === UNITS);
  if (!order) throw new Error('the order is not pending');
  expect((await api<{ status: string }>('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'COMPLETED',
  );
  const held = (await api<{ quantity: number }>('GET', `/v1/holdings/${cottages._id}`, undefined, investor)).quantity;
  expect(held).toBeGreaterThanOrEqual(UNITS);

  // The periodic run is an hour away: only the wake-up can bring it this fast.
  const approved = Date.now();
  const p = await chainUntil(BOUGHT, (x) => x.ledgerUnits === held && x.chainUnits === held, 20_000);
  expect(p.chainUnits).toBe(held);
  expect(Date.now() - approved).toBeLessThan(20_000);

  const dialog = await openVerify(page, BOUGHT);
  await dialog.getByText(`On chain: ${held.toLocaleString('en-US')} units, the same as the ledger.`).waitFor();
  await screenshot(page, 'chain-verify-bought');
});

test('the lines of an anchored distribution verify in the browser against the root', async () => {
  const { page } = s;
  // The start-up run anchors the seed's paid distributions.
  const p = await chainUntil(PAID, (x) => x.proofs.length === 2 && x.chainUnits === x.ledgerUnits, 20_000);
  expect(p.proofs.map((x) => x.kind).sort()).toEqual(['holdings', 'payments']);

  const dialog = await openVerify(page, PAID);
  await dialog.getByText(`On chain: ${p.ledgerUnits.toLocaleString('en-US')} units, the same as the ledger.`).waitFor();
  const verified = dialog.getByRole('status').filter({ hasText: VERIFIED });
  await verified.nth(1).waitFor();
  expect(await verified.count()).toBe(2);
  expect(await dialog.getByRole('alert').filter({ hasText: FAILED }).count()).toBe(0);
  await screenshot(page, 'chain-verify-anchored');
});

test('a proof tampered on its way fails the check in the browser', async () => {
  const { page } = s;
  let tampered = false;
  await page.route('**/v1/me/chain', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as MyChain;
    const holdings = body.properties.find((x) => x.propertyName === PAID)?.proofs.find((x) => x.kind === 'holdings');
    if (holdings && holdings.proof.length > 0) {
      // One hex digit of the first sibling, changed.
      const sib = holdings.proof[0];
      holdings.proof[0] = sib.slice(0, -1) + (sib.endsWith('0') ? '1' : '0');
      tampered = true;
    }
    await route.fulfill({ response: res, json: body });
  });
  try {
    const dialog = await openVerify(page, PAID);
    await dialog.getByRole('alert').filter({ hasText: FAILED }).waitFor();
    expect(tampered).toBe(true);
    // The payments line was left alone and still verifies.
    expect(await dialog.getByRole('status').filter({ hasText: VERIFIED }).count()).toBe(1);
    await screenshot(page, 'chain-verify-tampered');
  } finally {
    await page.unroute('**/v1/me/chain');
  }
  expect(s.errors).toEqual([]);
});

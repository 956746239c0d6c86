// The people and listings a reliability run needs, created through the API the way users
// do (sign-up, the mailed code, onboarding with an identity document, an admin's decision on
// the verification case, a listing approved, deposits paid on the sandbox page). Each set-up call carries its own X-Forwarded-For, so per-address
// rate limits (on, in the scale-out run) see distinct clients.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { KYC_CHECKLIST, type KycCaseKind } from 'shared-api/contract/admin';
import { sandboxToken } from '../../src/modules/payments/sandbox';
import { request, type Answer } from './client';

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
  /** When the token was obtained (ms): the load refreshes it before it expires. */
  tokenAt: number;
}

export interface World {
  admin: Person;
  owner: Person;
  investors: Person[];
  listings: string[];
  jwtSecret: string;
}

export const PASSWORD = 'Reliab1lity!';
let addr = 0;
/** A made-up client address per call (the API trusts X-Forwarded-For with TRUST_PROXY). */
export function clientAddress(): Record<string, string> {
  addr += 1;
  return { 'x-forwarded-for': `10.${(addr >> 16) & 255}.${(addr >> 8) & 255}.${addr & 255}` };
}

async function must(p: Promise<Answer>, status: number, what: string): Promise<Answer> {
  const r = await p;
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.body.slice(0, 300)}`);
  return r;
}

function codeFor(outboxFile: string, email: string): string {
  const text = readFileSync(outboxFile, 'utf8');
  const at = text.lastIndexOf(`To: ${email}\n`);
  const code = at >= 0 ? /\b(\d{6})\b/.exec(text.slice(at))?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email} in ${outboxFile}`);
  return code;
}

export async function signIn(base: string, email: string, password: string): Promise<{ token: string; id: string }> {
  const r = await must(
    request(base, 'POST', '/v1/auth/signin', { json: { email, password }, headers: clientAddress() }),
    200,
    `sign in ${email}`,
  );
  const body = JSON.parse(r.body) as { accessToken: string; user: { _id: string } };
  return { token: body.accessToken, id: body.user._id };
}

async function signUp(base: string, outboxFile: string, role: 'investor' | 'property-owner', label: string): Promise<Person> {
  const email = `${label}-${randomBytes(4).toString('hex')}@reliability.test`;
  await must(
    request(base, 'POST', `/v1/auth/signup/${role}`, {
      json: { firstName: 'Rel', lastName: label, email, password: PASSWORD },
      headers: clientAddress(),
    }),
    201,
    `sign up ${email}`,
  );
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    try {
      code = codeFor(outboxFile, email);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!code) code = codeFor(outboxFile, email);
  await must(
    request(base, 'POST', '/v1/auth/otp/verify', { json: { email, code, purpose: 'VERIFY_EMAIL' }, headers: clientAddress() }),
    200,
    `verify ${email}`,
  );
  const { token, id } = await signIn(base, email, PASSWORD);
  return { id, email, password: PASSWORD, token, tokenAt: Date.now() };
}

let idImage: Promise<Buffer> | null = null;

/** Onboarding as the person does it: profile, (investors) the subscription, an identity document. */
async function onboard(base: string, p: Person, jwtSecret: string, investor: boolean): Promise<void> {
  await must(
    request(base, 'PATCH', '/v1/users/me', {
      token: p.token,
      json: { userType: 'INDIVIDUAL', country: 'Canada', phone: '+1 416 555 0100' },
    }),
    200,
    `profile of ${p.email}`,
  );
  if (investor) {
    const r = await must(
      request(base, 'POST', '/v1/payments/checkouts', {
        token: p.token,
        json: { purpose: 'SUBSCRIPTION', returnPath: '/onboarding' },
        headers: { 'idempotency-key': randomUUID() },
      }),
      201,
      `subscription of ${p.email}`,
    );
    const id = (JSON.parse(r.body) as { _id: string })._id;
    await must(
      request(base, 'POST', `/v1/payments/sandbox/${id}`, { form: `decision=pay&token=${sandboxToken(jwtSecret, id)}` }),
      303,
      `pay the subscription of ${p.email}`,
    );
  }
  idImage ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await idImage)], { type: 'image/jpeg' }), 'id.jpg');
  const up = await fetch(`${base}/v1/users/kyc`, { method: 'PATCH', headers: { authorization: `Bearer ${p.token}` }, body: form });
  if (up.status !== 200)
    throw new Error(`identity document of ${p.email}: expected 200, got ${up.status} ${(await up.text()).slice(0, 300)}`);
  await must(
    request(base, 'PATCH', '/v1/users/me/complete-onboarding', { token: p.token, json: {} }),
    200,
    `complete onboarding of ${p.email}`,
  );
}

/** The admin approves each person's submitted case with every check ticked (no second admin needed). */
async function verifyAll(base: string, admin: Person, people: Person[]): Promise<void> {
  const cases = new Map<string, { _id: string; kind: KycCaseKind }>();
  for (let page = 1; cases.size < people.length; page++) {
    const r = await must(request(base, 'GET', `/v1/admin/cases?page=${page}&pageSize=100`, { token: admin.token }), 200, 'case queue');
    const { items } = JSON.parse(r.body) as { items: { _id: string; userId: string; kind: KycCaseKind }[] };
    for (const c of items) cases.set(c.userId, c);
    if (items.length < 100) break;
  }
  for (const p of people) {
    const c = cases.get(p.id);
    if (!c) throw new Error(`no submitted case for ${p.email}`);
    const checklist = Object.fromEntries(KYC_CHECKLIST[c.kind].map((item) => [item, true]));
    await must(
      request(base, 'POST', `/v1/admin/cases/${c._id}/decision`, { token: admin.token, json: { decision: 'APPROVE', checklist } }),
      200,
      `verify person ${p.email}`,
    );
  }
}

/** Money in through the real path: a deposit checkout paid on the sandbox page. */
export async function deposit(base: string, p: Person, jwtSecret: string, amount: number, key = randomUUID()): Promise<Answer> {
  const r = await request(base, 'POST', '/v1/wallets/deposit', {
    token: p.token,
    json: { amount, returnPath: '/dashboard/wallet' },
    headers: { 'idempotency-key': key },
  });
  if (r.status !== 201) return r;
  const id = (JSON.parse(r.body) as { _id: string })._id;
  return request(base, 'POST', `/v1/payments/sandbox/${id}`, { form: `decision=pay&token=${sandboxToken(jwtSecret, id)}` });
}

export async function setupWorld(
  base: string,
  o: {
    outboxFile: string;
    adminEmail: string;
    adminPassword: string;
    jwtSecret: string;
    investors: number;
    listings: number;
    funds?: number;
  },
): Promise<World> {
  const a = await signIn(base, o.adminEmail, o.adminPassword);
  const admin: Person = { id: a.id, email: o.adminEmail, password: o.adminPassword, token: a.token, tokenAt: Date.now() };
  const owner = await signUp(base, o.outboxFile, 'property-owner', 'owner');
  const investors: Person[] = [];
  for (let i = 0; i < o.investors; i++) investors.push(await signUp(base, o.outboxFile, 'investor', `investor${i}`));
  for (const p of investors) await onboard(base, p, o.jwtSecret, true);
  await onboard(base, owner, o.jwtSecret, false);
  await verifyAll(base, admin, [owner, ...investors]);
  const listings: string[] = [];
  for (let i = 0; i < o.listings; i++) {
    const created = await must(
      request(base, 'POST', '/v1/properties/owned/rental-ready', {
        token: owner.token,
        json: {
          name: `Reliability Court ${i}`,
          address: `${i} Fault Line Ave`,
          state: 'CA',
          totalQuantity: 5_000_000,
          unitPrice: 1 + (i % 4) * 0.25,
          roiInFiveYears: 30,
        },
      }),
      201,
      'create listing',
    );
    const id = (JSON.parse(created.body) as { _id: string })._id;
    await must(
      request(base, 'PATCH', `/v1/properties/${id}/review`, { token: admin.token, json: { decision: 'APPROVE' } }),
      200,
      'approve listing',
    );
    listings.push(id);
  }
  for (const p of investors) {
    const paid = await deposit(base, p, o.jwtSecret, o.funds ?? 50_000);
    if (paid.status !== 303) throw new Error(`fund ${p.email}: ${paid.status} ${paid.body.slice(0, 200)}`);
  }
  return { admin, owner, investors, listings, jwtSecret: o.jwtSecret };
}

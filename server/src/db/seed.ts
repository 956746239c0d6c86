// First start of an empty database: demo accounts and listings with generated images.
// Also, on every start, the admin from ADMIN_EMAIL / ADMIN_PASSWORD when it is missing.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SUBSCRIPTION_TOKENS, type AdminRole, type PropertyType, type Role, type UserStatus } from 'shared-api/contract';
import { insertFiles, storeUploads } from '../modules/files/service';
import { sandboxToken } from '../modules/payments/sandbox';
import { hashPassword } from '../modules/auth/passwords';
import { progressUpdates, properties, users } from './schema';
import { DAY_MS, daysAgo, SeedClock } from './seed-clock';
import { renderScene, type Scene } from './seed-images';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  note: string;
}

export interface SeedReport {
  accounts: DemoAccount[];
  properties: number;
}

export const DEMO_PASSWORDS = {
  admin: 'Admin123!',
  owner: 'Owner123!',
  investor: 'Investor123!',
  pending: 'Pending123!',
  investor2: 'Investor123!',
  staff: 'Staff123!',
} as const;

/** One demo admin per narrower admin role (the first demo account is the super admin). */
const DEMO_STAFF: { adminRole: Exclude<AdminRole, 'SUPER_ADMIN'>; email: string; firstName: string }[] = [
  { adminRole: 'COMPLIANCE', email: 'compliance@tessera.local', firstName: 'Carla' },
  { adminRole: 'FINANCE', email: 'finance@tessera.local', firstName: 'Felix' },
  { adminRole: 'SUPPORT', email: 'support@tessera.local', firstName: 'Sam' },
];

const SALE_OWNER_EMAIL = 'sam@tessera.local';
const SALE_HOLDER_EMAIL = 'hana@tessera.local';

export function demoAccounts(adminEmail: string, adminPassword: string | null): DemoAccount[] {
  return [
    {
      role: 'ADMIN',
      email: adminEmail,
      password: adminPassword ?? DEMO_PASSWORDS.admin,
      note: adminPassword ? 'from ADMIN_PASSWORD' : 'default',
    },
    { role: 'PROPERTY_OWNER', email: 'owner@tessera.local', password: DEMO_PASSWORDS.owner, note: 'verified' },
    {
      role: 'INVESTOR',
      email: 'investor@tessera.local',
      password: DEMO_PASSWORDS.investor,
      note: 'verified, subscribed, funded wallet, holdings, a pending order, market trades and open bids',
    },
    { role: 'INVESTOR', email: 'pending@tessera.local', password: DEMO_PASSWORDS.pending, note: 'pending review, not subscribed' },
    {
      role: 'INVESTOR',
      email: 'grace@tessera.local',
      password: DEMO_PASSWORDS.investor2,
      note: 'verified, subscribed, bought out Mountain Ash Cabins, trades its units on the market (open asks)',
    },
    ...DEMO_STAFF.map((a) => ({
      role: 'ADMIN' as const,
      email: a.email,
      password: DEMO_PASSWORDS.staff,
      note: `admin role ${a.adminRole}`,
    })),
    // Willamette Commons' story (seedSale): its owner, and its one holder until the holders' vote sold it.
    {
      role: 'PROPERTY_OWNER',
      email: SALE_OWNER_EMAIL,
      password: DEMO_PASSWORDS.investor2,
      note: 'verified, sold Willamette Commons after its holders voted',
    },
    {
      role: 'INVESTOR',
      email: SALE_HOLDER_EMAIL,
      password: DEMO_PASSWORDS.investor2,
      note: 'verified, held Willamette Commons until its sale',
    },
  ];
}

interface DemoListing {
  name: string;
  address: string;
  state: string;
  type: PropertyType;
  scenes: [Scene, Scene];
  units: number;
  price: number;
  roi: number;
  progress?: number[];
  pending?: boolean;
  description: string;
}

const LISTINGS: DemoListing[] = [
  {
    name: 'Harborview Residences',
    address: '210 Seaport Blvd, Boston',
    state: 'MA',
    type: 'RENTAL_READY',
    scenes: ['tower', 'tower'],
    units: 2000,
    price: 50,
    roi: 38,
    description: 'A 22-storey residential tower on the waterfront, fully let with long-term tenants.',
  },
  {
    name: 'Magnolia Row Townhomes',
    address: '48 Magnolia St, Savannah',
    state: 'GA',
    type: 'RENTAL_READY',
    scenes: ['townhouses', 'townhouses'],
    units: 800,
    price: 125,
    roi: 42,
    description: 'Four restored townhouses in the historic district, rented as family homes.',
  },
  {
    name: 'Desert Bloom Villas',
    address: '7711 E Camelback Rd, Scottsdale',
    state: 'AZ',
    type: 'OFF_PLAN',
    scenes: ['construction', 'villa'],
    units: 1500,
    price: 100,
    roi: 55,
    progress: [10, 25, 40],
    description: 'Twelve villas with private pools, under construction; completion expected next spring.',
  },
  {
    name: 'Lakeshore Lofts',
    address: '1550 N Lake Shore Dr, Chicago',
    state: 'IL',
    type: 'RENTAL_READY',
    scenes: ['loft', 'tower'],
    units: 1200,
    price: 75,
    roi: 35,
    description: 'Converted brick warehouse lofts a block from the lake.',
  },
  {
    name: 'Sunset Terrace',
    address: '9020 Sunset Blvd, Los Angeles',
    state: 'CA',
    type: 'OFF_PLAN',
    scenes: ['construction', 'tower'],
    units: 3000,
    price: 80,
    roi: 60,
    progress: [5, 15],
    description: 'Mid-rise apartments with rooftop terraces, foundations complete.',
  },
  {
    name: 'Bluebonnet Cottages',
    address: '300 Congress Ave, Austin',
    state: 'TX',
    type: 'RENTAL_READY',
    scenes: ['cabin', 'townhouses'],
    units: 600,
    price: 90,
    roi: 40,
    description: 'Single-storey cottages near downtown, let to young professionals.',
  },
  {
    name: 'Evergreen Heights',
    address: '1200 Pine St, Seattle',
    state: 'WA',
    type: 'OFF_PLAN',
    scenes: ['construction', 'loft'],
    units: 2500,
    price: 60,
    roi: 48,
    progress: [20, 45, 70],
    description: 'A timber-frame residential block, structure topped out.',
  },
  {
    name: 'Biscayne Bay Suites',
    address: '1800 Biscayne Blvd, Miami',
    state: 'FL',
    type: 'RENTAL_READY',
    scenes: ['tower', 'villa'],
    units: 1800,
    price: 150,
    roi: 44,
    description: 'Serviced suites with bay views, managed as furnished rentals.',
  },
  {
    name: 'Mountain Ash Cabins',
    address: '45 Aspen Way, Boulder',
    state: 'CO',
    type: 'RENTAL_READY',
    scenes: ['cabin', 'cabin'],
    units: 400,
    price: 110,
    roi: 36,
    description: 'Holiday cabins at the foot of the Flatirons, booked year-round.',
  },
  {
    name: 'Hudson Yard Lofts',
    address: '540 W 34th St, New York',
    state: 'NY',
    type: 'OFF_PLAN',
    scenes: ['construction', 'tower'],
    units: 5000,
    price: 200,
    roi: 52,
    progress: [30, 55],
    description: 'Loft apartments above retail, interior fit-out under way.',
  },
  {
    name: 'Music Row Flats',
    address: '1616 Music Row, Nashville',
    state: 'TN',
    type: 'RENTAL_READY',
    scenes: ['loft', 'townhouses'],
    units: 900,
    price: 70,
    roi: 41,
    pending: true,
    description: 'Two-bedroom flats near the studios. Awaiting review.',
  },
  {
    name: 'Willamette Commons',
    address: '88 SW Naito Pkwy, Portland',
    state: 'OR',
    type: 'OFF_PLAN',
    scenes: ['construction', 'villa'],
    units: 1000,
    price: 95,
    roi: 50,
    progress: [0],
    pending: true,
    description: 'Riverside homes, permits granted. Awaiting review.',
  },
];

async function createUser(
  app: FastifyInstance,
  a: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role: Role;
    status: UserStatus;
    subscribed?: boolean;
    onboarded?: boolean;
    /** Admins: what they may do; the platform's own admins (demo, ADMIN_EMAIL) are super admins. */
    adminRole?: AdminRole;
    /** The demo's printed accounts: their passwords are public, so no second factor is asked of them (ADMIN_2FA_REQUIRED). */
    demo?: boolean;
  },
): Promise<string> {
  const [row] = await app.db
    .insert(users)
    .values({
      email: a.email.toLowerCase(),
      passwordHash: await hashPassword(a.password),
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
      adminRole: a.role === 'ADMIN' ? (a.adminRole ?? 'SUPER_ADMIN') : null,
      status: a.status,
      emailVerified: true,
      isSubscribed: a.subscribed ?? false,
      claimableTokens: a.subscribed ? SUBSCRIPTION_TOKENS : 0,
      onboardingCompleted: a.onboarded ?? false,
      userType: a.role === 'ADMIN' ? null : 'INDIVIDUAL',
      country: a.role === 'ADMIN' ? null : 'United States',
      phone: a.role === 'ADMIN' ? null : '+1 555 0100',
      twoFactorExempt: a.demo ?? false,
    })
    .returning({ id: users.id });
  return row.id;
}

/** Seeds demo data when the database has no users at all; null when it was not empty. */
export async function seedIfEmpty(app: FastifyInstance): Promise<SeedReport | null> {
  // The platform revenue account (migration 0050) is not a person: it does not make the database non-empty.
  const [{ n }] = await app.db
    .select({ n: count() })
    .from(users)
    .where(sql`${users.role} <> 'PLATFORM'`);
  if (n > 0) return null;
  const started = Date.now();
  // The platform opened nine months ago; clock.apply() below dates each step.
  const clock = new SeedClock(app);
  await clock.at(daysAgo(270));
  const accounts = demoAccounts(app.config.adminEmail, app.config.adminPassword);
  const [admin, owner, investor, pending, grace] = accounts;
  const adminId = await createUser(app, { ...admin, firstName: 'Ada', lastName: 'Admin', role: 'ADMIN', status: 'VERIFIED', demo: true });
  for (const a of DEMO_STAFF) {
    await createUser(app, {
      email: a.email,
      password: DEMO_PASSWORDS.staff,
      firstName: a.firstName,
      lastName: 'Staff',
      role: 'ADMIN',
      adminRole: a.adminRole,
      status: 'VERIFIED',
      demo: true,
    });
  }
  const ownerId = await createUser(app, {
    ...owner,
    firstName: 'Olivia',
    lastName: 'Owner',
    role: 'PROPERTY_OWNER',
    status: 'VERIFIED',
    onboarded: true,
    demo: true,
  });
  // Investors subscribe through the payment path below, like everyone else.
  const investorId = await createUser(app, {
    ...investor,
    firstName: 'Ivan',
    lastName: 'Investor',
    role: 'INVESTOR',
    status: 'VERIFIED',
    onboarded: true,
    demo: true,
  });
  await createUser(app, { ...pending, firstName: 'Penny', lastName: 'Pending', role: 'INVESTOR', status: 'PENDING', demo: true });
  const graceId = await createUser(app, {
    ...grace,
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'INVESTOR',
    status: 'VERIFIED',
    onboarded: true,
    demo: true,
  });
  const propertyIds = new Map<string, string>();

  for (const [i, l] of LISTINGS.entries()) {
    const images = await Promise.all(
      l.scenes.map(async (scene, j) => {
        const buffer = await renderScene(scene, i * 10 + j + 1);
        return {
          buffer,
          type: 'image/png' as const,
          name: `${l.name.toLowerCase().replace(/\W+/g, '-')}-${j + 1}.png`,
          size: buffer.length,
        };
      }),
    );
    const progress = l.progress ?? [];
    await storeUploads(app, images, 'PROPERTY_IMAGE', (rows) =>
      app.db.transaction(async (tx) => {
        const [p] = await tx
          .insert(properties)
          .values({
            ownerId,
            name: l.name,
            address: l.address,
            state: l.state,
            description: l.description,
            type: l.type,
            status: l.pending ? 'PENDING_REVIEW' : 'ACTIVE',
            totalQuantity: l.units,
            availableQuantity: l.units,
            unitPriceCents: l.price * 100,
            roiInFiveYears: l.roi,
            progress: l.type === 'OFF_PLAN' ? (progress.at(-1) ?? 0) : null,
            // Spread over the last weeks so "newest" has an order.
            createdAt: new Date(started - (LISTINGS.length - i) * 86_400_000),
          })
          .returning({ id: properties.id });
        propertyIds.set(l.name, p.id);
        // The first image is the cover (issue 16: listings keep the order chosen).
        await insertFiles(
          tx,
          rows.map((r, k) => ({ ...r, userId: ownerId, propertyId: p.id, position: k })),
        );
        for (const [k, percent] of progress.entries()) {
          await tx.insert(progressUpdates).values({
            propertyId: p.id,
            percent,
            note: k === 0 ? 'Site prepared' : `Construction at ${percent}%`,
            createdAt: new Date(started - (progress.length - k) * 7 * 86_400_000),
          });
        }
      }),
    );
  }
  // The demo's history is told by its one admin, before anyone signs in: four eyes (which
  // would hold its larger withdrawal for a second admin) applies from the first real request.
  const fourEyes = app.config.fourEyes;
  app.config.fourEyes = undefined;
  try {
    await seedMoney(app, clock, { adminId, ownerId, investorId, graceId }, propertyIds);
  } finally {
    app.config.fourEyes = fourEyes;
  }
  if (await clock.apply()) {
    const res = (await app.db.execute(sql`SELECT count(*)::int AS n FROM money_invariant_violations()`)) as unknown as {
      rows: { n: number }[];
    };
    if (res.rows[0].n !== 0) throw new Error('seed: the dated demo history breaks the money invariants');
  }
  app.log.info({ ms: Date.now() - started, properties: LISTINGS.length }, 'demo data seeded');
  return { accounts, properties: LISTINGS.length };
}

/**
 * The money story, told through the API's own money paths (checkouts paid on the sandbox
 * page, orders, reviews, withdrawals), never by writing the ledger, in the order it
 * happened; `clock` dates each step over the months before today (see seed-clock.ts), and
 * what is still open (the book, a pending order and withdrawal) is today's. Ivan and Grace
 * subscribe and fund their wallets; Ivan holds Harborview and Mountain Ash units and waits
 * on a Desert Bloom order; Grace buys the rest of Mountain Ash, which is FUNDED; Olivia has
 * been paid for every sale and withdrew part of it; a withdrawal awaits the admins.
 */
async function seedMoney(
  app: FastifyInstance,
  clock: SeedClock,
  people: { adminId: string; ownerId: string; investorId: string; graceId: string },
  propertyIds: Map<string, string>,
): Promise<void> {
  const tokens = new Map<string, string>();
  for (const [id, role] of [
    [people.adminId, 'ADMIN'],
    [people.ownerId, 'PROPERTY_OWNER'],
    [people.investorId, 'INVESTOR'],
    [people.graceId, 'INVESTOR'],
  ] as const) {
    tokens.set(id, (await app.tokens.issue(app.db, { id, role })).accessToken);
  }
  const api = async <T = { _id: string }>(as: string, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object): Promise<T> => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.get(as)}` } });
    if (res.statusCode >= 300) throw new Error(`seed: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const pay = async (checkoutId: string, decision: 'pay' | 'decline' = 'pay') => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/payments/sandbox/${checkoutId}`,
      payload: new URLSearchParams({ decision, token: sandboxToken(app.config.jwtSecret, checkoutId) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 303) throw new Error(`seed: sandbox ${decision} answered ${res.statusCode} ${res.body}`);
  };
  const property = (name: string) => {
    const id = propertyIds.get(name);
    if (!id) throw new Error(`seed: no listing ${name}`);
    return id;
  };
  const { adminId, ownerId, investorId, graceId } = people;
  const approve = (orderId: string) => api(adminId, 'PATCH', `/v1/orders/${orderId}/review`, { decision: 'APPROVE' });

  await clock.at(daysAgo(245));
  for (const [who, amount] of [
    [investorId, 25_000],
    [graceId, 42_000],
  ] as const) {
    await pay((await api(who, 'POST', '/v1/payments/checkouts', { purpose: 'SUBSCRIPTION', returnPath: '/' }))._id);
    await pay((await api(who, 'POST', '/v1/wallets/deposit', { amount, returnPath: '/dashboard/wallet' }))._id);
  }
  // A deposit Ivan declined on the payment page: nothing moved.
  await pay((await api(investorId, 'POST', '/v1/wallets/deposit', { amount: 500, returnPath: '/dashboard/wallet' }))._id, 'decline');

  const order = (who: string, name: string, quantity: number) => api(who, 'POST', '/v1/orders', { propertyId: property(name), quantity });
  await clock.at(daysAgo(230));
  await approve((await order(investorId, 'Harborview Residences', 40))._id);
  await approve((await order(investorId, 'Mountain Ash Cabins', 50))._id);
  await approve((await order(graceId, 'Mountain Ash Cabins', 350))._id);
  await approve((await order(graceId, 'Magnolia Row Townhomes', 12))._id);
  const cancelled = await order(graceId, 'Biscayne Bay Suites', 10);
  await api(graceId, 'PATCH', `/v1/orders/${cancelled._id}/cancel`, {});
  const rejected = await order(investorId, 'Lakeshore Lofts', 10);
  await api(adminId, 'PATCH', `/v1/orders/${rejected._id}/review`, { decision: 'REJECT', reason: 'Placed twice by mistake; refunded' });

  // Withdrawals name a bank account: a US one for the owner, an IBAN for Ivan.
  await clock.at(daysAgo(215));
  const ownerAccount = await api(ownerId, 'POST', '/v1/wallets/destinations', {
    kind: 'US_ACH',
    holderName: 'Olivia Owner',
    routingNumber: '021000021',
    accountNumber: '4000123456',
  });
  const investorAccount = await api(investorId, 'POST', '/v1/wallets/destinations', {
    kind: 'IBAN',
    holderName: 'Ivan Investor',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
  });
  const paidOut = await api(ownerId, 'POST', '/v1/wallets/withdraw', { amount: 10_000, payoutDestinationId: ownerAccount._id });
  await api(adminId, 'PATCH', `/v1/payouts/${paidOut._id}`, { status: 'PAID', bankReference: 'DEMO-TRF-0001' });

  await seedSale(app, clock, { adminId }, property);
  await seedReturns(app, clock, { adminId, ownerId }, property);

  // Issue 20: the secondary market of the FUNDED Mountain Ash Cabins, through the market API:
  // a few trades (Grace sells to Ivan, Ivan sells some back), then an open book: Ivan's bids
  // below the last price, Grace's asks above it.
  const cabins = property('Mountain Ash Cabins');
  const bookRes = await app.inject({ method: 'GET', url: `/v1/market/properties/${cabins}` });
  const ref = bookRes.json<{ rules: { referencePrice: number } }>().rules.referencePrice;
  const at = (f: number) => Math.round(ref * f * 100) / 100;
  const trade = (who: string, side: 'BUY' | 'SELL', units: number, price: number) =>
    api(who, 'POST', '/v1/market/orders', { propertyId: cabins, side, units, price });
  for (const [seller, buyer, units, f, days] of [
    [graceId, investorId, 5, 1, 24],
    [graceId, investorId, 3, 1.01, 20],
    [investorId, graceId, 2, 1.02, 16],
    [graceId, investorId, 4, 1.015, 12],
  ] as const) {
    await clock.at(daysAgo(days));
    await trade(seller, 'SELL', units, at(f));
    await trade(buyer, 'BUY', units, at(f));
  }
  await clock.today();
  await trade(investorId, 'BUY', 3, at(0.98));
  await trade(investorId, 'BUY', 5, at(0.96));
  await trade(graceId, 'SELL', 4, at(1.04));
  await trade(graceId, 'SELL', 6, at(1.06));
  await order(investorId, 'Desert Bloom Villas', 15);
  await api(investorId, 'POST', '/v1/wallets/withdraw', { amount: 1_000, payoutDestinationId: investorAccount._id });
  await seedVotes(api, { ownerId, graceId }, cabins);

  // The seed's own sessions end here.
  for (const id of tokens.keys()) await app.tokens.revokeAll(app.db, id);
}

/**
 * Holder votes: Olivia asks the holders of Mountain Ash Cabins (Ivan and Grace) whether to
 * sell at a floor price; the vote is open for a week and Grace has voted for it, so Ivan
 * finds an open vote with a live tally on his investments.
 */
async function seedVotes(
  api: <T = { _id: string }>(as: string, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => Promise<T>,
  people: { ownerId: string; graceId: string },
  cabins: string,
): Promise<void> {
  const proposal = await api(people.ownerId, 'POST', `/v1/properties/${cabins}/proposals`, {
    kind: 'SELL',
    title: 'Sell the cabins for at least $450,000',
    description: 'A buyer has asked about the whole property. Should we accept offers at or above this floor?',
    price: 450_000,
    priceIsFloor: true,
    closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const voted = await api<{ myVote: string | null }>(people.graceId, 'PUT', `/v1/proposals/${proposal._id}/vote`, { choice: 'FOR' });
  if (voted.myVote !== 'FOR') throw new Error('seed: the demo vote was not recorded');
}

/** A SELL vote every holder of record passes: opened now, voted FOR by all, closed in half a second. */
async function sellVoteAtSeedPace(app: FastifyInstance, o: { propertyId: string; raisedBy: string; priceCents: number }): Promise<void> {
  type Rows = { rows: Record<string, unknown>[] };
  const one = async (q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as Rows).rows[0];
  const p =
    await one(sql`INSERT INTO proposals (property_id, kind, title, description, price_cents, price_is_floor, raised_by, quorum_pct, majority_pct, opens_at, closes_at)
    VALUES (${o.propertyId}, 'SELL', 'Sell Willamette Commons for at least $95,000', 'A housing association has offered to buy the whole property.',
            ${o.priceCents}, true, ${o.raisedBy}, 50, 60, now(), now() + interval '500 milliseconds')
    RETURNING id, closes_at`);
  await app.db.execute(sql`SELECT proposal_open(${p.id}::uuid)`);
  await app.db.execute(sql`INSERT INTO proposal_votes (proposal_id, holder_id, choice)
    SELECT proposal_id, holder_id, 'FOR' FROM proposal_holders WHERE proposal_id = ${p.id}::uuid`);
  for (let tries = 0; ; tries++) {
    await new Promise((r) => setTimeout(r, 200));
    const closed = await one(sql`SELECT proposal_close(${p.id}::uuid, NULL, NULL) AS result`);
    if (closed.result === 'PASSED') return;
    if (closed.result !== 'OPEN' || tries === 20) throw new Error(`seed: the sell vote ended ${String(closed.result)}`);
  }
}

/**
 * A property sold in the past: Willamette Commons, handed over to an owner of its own (Sam),
 * approved, bought out by Hana, an investor of her own, then sold as a whole; the demo's
 * other people and figures are untouched. Through the API like the rest: Hana's deposit paid
 * on the sandbox page, her orders approved, and the admin's record of the sale, which Sam
 * funds from what the orders paid him (four eyes is off while the seed runs).
 */
async function seedSale(
  app: FastifyInstance,
  clock: SeedClock,
  people: { adminId: string },
  property: (name: string) => string,
): Promise<void> {
  const propertyId = property('Willamette Commons');
  const person = (email: string, firstName: string, lastName: string, role: 'INVESTOR' | 'PROPERTY_OWNER') =>
    createUser(app, {
      email,
      password: DEMO_PASSWORDS.investor2,
      firstName,
      lastName,
      role,
      status: 'VERIFIED',
      subscribed: role === 'INVESTOR',
      onboarded: true,
      demo: true,
    });
  const samId = await person(SALE_OWNER_EMAIL, 'Sam', 'Seller', 'PROPERTY_OWNER');
  const hanaId = await person(SALE_HOLDER_EMAIL, 'Hana', 'Holder', 'INVESTOR');
  const tokens = new Map<string, string>();
  for (const [id, role] of [
    [people.adminId, 'ADMIN'],
    [hanaId, 'INVESTOR'],
  ] as const) {
    tokens.set(id, (await app.tokens.issue(app.db, { id, role })).accessToken);
  }
  const api = async <T = { _id: string }>(as: string, method: 'POST' | 'PATCH', url: string, payload: object): Promise<T> => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.get(as)}` } });
    if (res.statusCode >= 300) throw new Error(`seed: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  await clock.at(daysAgo(244));
  const { _id: checkoutId } = await api(hanaId, 'POST', '/v1/wallets/deposit', { amount: 95_000, returnPath: '/dashboard/wallet' });
  const paid = await app.inject({
    method: 'POST',
    url: `/v1/payments/sandbox/${checkoutId}`,
    payload: new URLSearchParams({ decision: 'pay', token: sandboxToken(app.config.jwtSecret, checkoutId) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (paid.statusCode !== 303) throw new Error(`seed: sandbox pay answered ${paid.statusCode} ${paid.body}`);
  await clock.at(daysAgo(212));
  // Listed as awaiting review: handed to Sam and approved, so the live catalogue keeps its count once it is sold.
  await api(people.adminId, 'POST', `/v1/properties/${propertyId}/handover`, { ownerId: samId });
  await api(people.adminId, 'PATCH', `/v1/properties/${propertyId}/review`, { decision: 'APPROVE' });
  const order = await api(hanaId, 'POST', '/v1/orders', { propertyId, quantity: 1000 });
  await api(people.adminId, 'PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' });
  // The holders decide a sale: Hana, the only holder, votes to sell at $95,000 or more. The
  // vote's own rules (snapshot, guarded vote, tally and result), at a seed's pace: open now,
  // closed half a second later instead of the days the API asks for (the clock then dates it).
  await clock.at(daysAgo(203));
  await sellVoteAtSeedPace(app, { propertyId, raisedBy: samId, priceCents: 9_500_000 });
  await clock.at(daysAgo(195));
  await api(people.adminId, 'POST', `/v1/properties/${propertyId}/sale`, {
    price: 99_500,
    costs: 5_000,
    soldOn: daysAgo(195).toISOString().slice(0, 10),
    note: 'Sold to a local housing association; closing statement on file.',
  });
  // Hana's session ends here; the admin's ends with seedMoney's.
  await app.tokens.revokeAll(app.db, hanaId);
}

/**
 * Issue 18: six months of income of the FUNDED Mountain Ash Cabins (one month with a roof
 * repair that makes a loss, carried forward), through the database's own functions: each
 * report inserted and approved, its distribution declared by the trigger (fee, net, carried
 * loss), then recorded and paid by record_distribution / pay_distribution when its dates
 * have passed — never by writing the ledger. The API would refuse record dates in the
 * past; the seed tells history. Plus appraisals of two listings.
 */
async function seedReturns(
  app: FastifyInstance,
  clock: SeedClock,
  people: { adminId: string; ownerId: string },
  property: (name: string) => string,
): Promise<void> {
  const cabins = property('Mountain Ash Cabins');
  const months: { rent: number; expenses: Record<string, number>; note: string }[] = [
    {
      rent: 52_000,
      expenses: { management_cents: 4_100, utilities_cents: 2_600, insurance_cents: 1_800, property_tax_cents: 6_400 },
      note: 'Ski season: fully booked.',
    },
    {
      rent: 48_500,
      expenses: { management_cents: 3_900, utilities_cents: 2_400, insurance_cents: 1_800, property_tax_cents: 6_400 },
      note: '',
    },
    {
      rent: 39_000,
      expenses: { management_cents: 3_100, maintenance_repairs_cents: 43_500, insurance_cents: 1_800, property_tax_cents: 6_400 },
      note: 'Roof of cabin 3 replaced after a storm (receipt attached to the insurance claim).',
    },
    {
      rent: 44_000,
      expenses: {
        management_cents: 3_500,
        utilities_cents: 2_000,
        insurance_cents: 1_800,
        property_tax_cents: 6_400,
        reserve_cents: 2_500,
      },
      note: '',
    },
    {
      rent: 56_000,
      expenses: { management_cents: 4_400, utilities_cents: 2_300, insurance_cents: 1_800, property_tax_cents: 6_400, hoa_cents: 1_200 },
      note: 'Summer bookings.',
    },
    {
      rent: 59_000,
      expenses: { management_cents: 4_600, utilities_cents: 2_500, insurance_cents: 1_800, property_tax_cents: 6_400 },
      note: '',
    },
  ];
  const cols = [
    'management_cents',
    'maintenance_repairs_cents',
    'property_tax_cents',
    'insurance_cents',
    'hoa_cents',
    'utilities_cents',
    'reserve_cents',
    'other_cents',
  ];
  const today = daysAgo(0);
  const run = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  for (const [i, m] of months.entries()) {
    const back = months.length - i; // 6 … 1 months ago
    const e = cols.map((c) => m.expenses[c] ?? 0);
    // Reported and paid on the distribution's pay date (period end + 12 days), or as far as
    // it has got by today.
    const periodEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (back - 1), 0, 12));
    const payDay = new Date(periodEnd.getTime() + 12 * DAY_MS);
    await clock.at(payDay <= today ? payDay : new Date(Math.min(periodEnd.getTime() + 5 * DAY_MS, today.getTime() - DAY_MS)));
    const [r] = await run<{ id: string }>(sql`
      INSERT INTO income_reports (property_id, owner_id, period_start, period_end, gross_rent_cents, management_cents, maintenance_repairs_cents,
        property_tax_cents, insurance_cents, hoa_cents, utilities_cents, reserve_cents, other_cents, note)
      VALUES (${cabins}, ${people.ownerId}, date_trunc('month', current_date - ${back}::int * interval '1 month')::date,
        (date_trunc('month', current_date - ${back - 1}::int * interval '1 month') - interval '1 day')::date,
        ${m.rent}, ${e[0]}, ${e[1]}, ${e[2]}, ${e[3]}, ${e[4]}, ${e[5]}, ${e[6]}, ${e[7]}, ${m.note}) RETURNING id`);
    await run(sql`UPDATE income_reports SET status = 'APPROVED', decided_by = ${people.adminId} WHERE id = ${r.id}`);
    const [d] = await run<{ id: string; recorded: boolean; due: boolean }>(sql`
      INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
        net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date)
      SELECT id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, ${app.config.managementFeeBps}, 0, 0, 0, 0, 0,
        period_end + 5, period_end + 12
      FROM income_reports WHERE id = ${r.id}
      RETURNING id, record_date <= current_date AS recorded, pay_date <= current_date AS due`);
    if (d.due) await run(sql`SELECT pay_distribution(${d.id})`);
    else if (d.recorded) await run(sql`SELECT record_distribution(${d.id})`);
  }
  for (const [name, values] of [
    ['Mountain Ash Cabins', [110_00, 112_50, 116_00]],
    ['Harborview Residences', [50_00, 51_20]],
  ] as const) {
    for (const [k, cents] of values.entries()) {
      await clock.at(daysAgo((values.length - k) * 60));
      await run(sql`INSERT INTO appraisals (property_id, value_per_unit_cents, appraised_on, note, created_by)
        VALUES (${property(name)}, ${cents}, current_date - ${(values.length - k) * 60}::int, ${k === 0 ? 'Purchase appraisal' : 'Quarterly broker opinion of value'}, ${people.adminId})`);
    }
  }
}

/** The admin from configuration, created when no account has that address. */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const { adminEmail, adminPassword } = app.config;
  if (!adminPassword) return;
  const existing = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, adminEmail), isNull(users.deletedAt)))
    .limit(1);
  if (existing.length > 0) return;
  await createUser(app, {
    email: adminEmail,
    password: adminPassword,
    firstName: 'Platform',
    lastName: 'Admin',
    role: 'ADMIN',
    status: 'VERIFIED',
  });
  app.log.info({ email: adminEmail }, 'admin account created from ADMIN_EMAIL / ADMIN_PASSWORD');
}

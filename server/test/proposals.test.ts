// Holder votes through the real app on a real database (PGlite; PostgreSQL with
// DATABASE_URL, where the trades and votes racing the snapshot really run at once).
// Every test ends with the money invariants intact.
import { sql } from 'drizzle-orm';
import { PROPOSAL_MESSAGES } from 'shared-api/contract/votes';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  snapshot,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** A FUNDED property (unit price $10) sold out to the given holders; each also gets `cash` dollars. */
async function funded(units: number[], cash = 0) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const total = units.reduce((a, b) => a + b, 0);
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice: 10 } });
  const holders: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * 10 + cash);
    if (n > 0) expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    holders.push(inv);
  }
  await approvePendingOrders(t.app, admin, _id);
  return { propertyId: _id, holders, owner };
}

function raise(as: TestUser | null, propertyId: string, payload: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: `/v1/properties/${propertyId}/proposals`, as, payload });
}
const advisory = (rule?: Record<string, unknown>) => ({
  kind: 'ADVISORY',
  title: 'Should we repaint the lobby?',
  closesAt: inDays(3),
  ...(rule ? { rule } : {}),
});
const vote = (as: TestUser, id: string, choice: string) =>
  call(t.app, { method: 'PUT', url: `/v1/proposals/${id}/vote`, as, payload: { choice } });
const read = (as: TestUser, id: string) => call(t.app, { method: 'GET', url: `/v1/proposals/${id}`, as });

/** Moves a proposal's dates (the guard keeps them fixed; tests stand in for the clock). */
async function setDates(id: string, opens: string, closes: string) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`UPDATE proposals SET opens_at = ${opens}::timestamptz, closes_at = ${closes}::timestamptz WHERE id = ${id}`);
  });
}
const closeNow = (id: string) => setDates(id, inDays(-3), new Date(Date.now() - 1000).toISOString());

/** The database's refusal message of a statement (drizzle wraps it as the cause). */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    const e = err as { cause?: { message?: string }; message: string };
    return e.cause?.message ?? e.message;
  }
  return 'not refused';
}

async function noticeCount(kind: string, proposalId: string): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    t.app,
    sql`SELECT count(*) AS n FROM notifications WHERE kind = ${kind} AND data->>'proposalId' = ${proposalId}`,
  );
  return Number(r.n);
}

describe('who may raise a proposal', () => {
  it('the owner, an admin (with its own rule) and a holder of 5% may; a smaller holder, a stranger and anyone else may not', async () => {
    const { propertyId, holders, owner } = await funded([5, 4, 91]);
    const [five, four] = holders;
    const stranger = await makeInvestor(t);
    const otherOwner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });

    const byOwner = await raise(owner, propertyId, {
      kind: 'SELL',
      title: 'Sell at $12 a unit or more',
      price: 1200.5,
      priceIsFloor: true,
      closesAt: inDays(5),
    });
    expect(byOwner.statusCode).toBe(201);
    expect(byOwner.json()).toMatchObject({
      kind: 'SELL',
      price: 1200.5,
      priceIsFloor: true,
      status: 'OPEN',
      rule: { quorumPct: 50, majorityPct: 60, capPct: 15 },
    });
    const byAdmin = await raise(admin, propertyId, advisory({ quorumPct: 20, majorityPct: 75, capPct: null }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().rule).toEqual({ quorumPct: 20, majorityPct: 75, capPct: null });
    expect((await raise(five, propertyId, { kind: 'REPAIR', title: 'Fix the roof', budget: 2500, closesAt: inDays(4) })).statusCode).toBe(
      201,
    );

    const before = await snapshot(t.app);
    const small = await raise(four, propertyId, advisory());
    expect(small.statusCode).toBe(403);
    expect(small.json().message).toBe(PROPOSAL_MESSAGES.notAllowedToRaise);
    expect((await raise(stranger, propertyId, advisory())).statusCode).toBe(403);
    expect((await raise(otherOwner, propertyId, advisory())).statusCode).toBe(403);
    const ruled = await raise(five, propertyId, advisory({ quorumPct: 1, majorityPct: 51, capPct: null }));
    expect(ruled.statusCode).toBe(403);
    expect(ruled.json().message).toBe(PROPOSAL_MESSAGES.ruleAdminsOnly);
    expect((await raise(null, propertyId, advisory())).statusCode).toBe(401);
    expect((await raise(admin, '00000000-0000-4000-8000-000000000000', advisory())).statusCode).toBe(404);
    expect(await snapshot(t.app)).toBe(before);

    const audits = await queryRows<{ action: string }>(
      t.app,
      sql`SELECT action FROM audit_log WHERE action = 'proposal.raise' AND detail->>'propertyId' = ${propertyId}`,
    );
    expect(audits).toHaveLength(3);
  });

  it('bad input is refused with a clear message and writes nothing', async () => {
    const { propertyId, owner } = await funded([10, 10]);
    const before = await snapshot(t.app);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ kind: 'SELL', title: 'Sell it', closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.priceRequired],
      [{ kind: 'ADVISORY', title: 'Ask', price: 5, closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.priceOnlySell],
      [{ kind: 'REPAIR', title: 'Fix it', closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.budgetRequired],
      [{ kind: 'HOLD', title: 'Hold on', budget: 3, closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.budgetOnlyRepair],
      [{ kind: 'ADVISORY', title: 'Ask', closesAt: inDays(1) }, 400, PROPOSAL_MESSAGES.tooShort],
      [{ kind: 'ADVISORY', title: 'Ask', closesAt: inDays(120) }, 400, PROPOSAL_MESSAGES.tooLong],
      [{ kind: 'ADVISORY', title: 'Ask', opensAt: inDays(-1), closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.opensInPast],
      [{ kind: 'ADVISORY', title: 'Ask', opensAt: inDays(4), closesAt: inDays(3) }, 400, PROPOSAL_MESSAGES.badDates],
      [{ kind: 'SELL', title: 'Sell it', price: 10.001, closesAt: inDays(3) }, 400, null],
      [{ kind: 'VOTE_ME_IN', title: 'Ask', closesAt: inDays(3) }, 400, null],
      [{ kind: 'ADVISORY', title: 'Ask', closesAt: 'tomorrow' }, 400, null],
      [{ kind: 'ADVISORY', title: 'Ask', closesAt: inDays(3), extra: 1 }, 400, null],
      [{ kind: 'ADVISORY', title: '  ', closesAt: inDays(3) }, 400, null],
    ];
    for (const [payload, status, message] of cases) {
      const res = await raise(owner, propertyId, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      if (message) expect(res.json().message).toBe(message);
    }
    const badVote = await call(t.app, {
      method: 'PUT',
      url: '/v1/proposals/00000000-0000-4000-8000-000000000000/vote',
      as: owner,
      payload: { choice: 'MAYBE' },
    });
    expect(badVote.statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
  });

  it("only the owner, admins and the property's holders see its proposals", async () => {
    const { propertyId, holders, owner } = await funded([10, 10]);
    const p = (await raise(owner, propertyId, advisory())).json();
    const stranger = await makeInvestor(t);
    const list = (as: TestUser) => call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/proposals`, as });
    expect((await list(holders[0])).json().items.map((x: { _id: string }) => x._id)).toEqual([p._id]);
    expect((await list(owner)).statusCode).toBe(200);
    expect((await list(admin)).statusCode).toBe(200);
    const refused = await list(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PROPOSAL_MESSAGES.notAllowedToSee);
    expect((await read(stranger, p._id)).statusCode).toBe(403);
    const mine = (await call(t.app, { method: 'GET', url: '/v1/me/proposals', as: holders[1] })).json();
    expect(mine.items).toEqual([expect.objectContaining({ _id: p._id, myWeight: 10, myVote: null, status: 'OPEN' })]);
    expect((await call(t.app, { method: 'GET', url: '/v1/me/proposals', as: stranger })).json().items).toEqual([]);
  });
});

describe('the snapshot', () => {
  it('trades after the opening, even racing the votes, change no weight; a buyer after it cannot vote', async () => {
    const { propertyId, holders } = await funded([40, 30, 30, 0], 500);
    const [a, b, c, buyer] = holders;
    const p = (await raise(admin, propertyId, advisory({ quorumPct: 50, majorityPct: 51, capPct: null }))).json();
    expect(p.tally).toMatchObject({ eligible: 100, holders: 3, voters: 0 });

    const order = (as: TestUser, side: string, units: number) =>
      call(t.app, { method: 'POST', url: '/v1/market/orders', as, payload: { propertyId, side, units, price: 10 } });
    expect((await order(a, 'SELL', 20)).statusCode).toBe(201);
    const results = await Promise.all([
      order(buyer, 'BUY', 10),
      vote(a, p._id, 'FOR'),
      order(buyer, 'BUY', 10),
      vote(b, p._id, 'AGAINST'),
      order(c, 'SELL', 5),
      vote(c, p._id, 'FOR'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 200, 201, 200, 201, 200]);
    const held = await queryRows<{ investor_id: string; quantity: number }>(
      t.app,
      sql`SELECT investor_id, quantity FROM holdings WHERE property_id = ${propertyId} AND investor_id = ${buyer.id}`,
    );
    expect(Number(held[0]?.quantity)).toBe(20);

    const refused = await vote(buyer, p._id, 'AGAINST');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PROPOSAL_MESSAGES.notHolderOfRecord);
    const weights = await queryRows<{ holder_id: string; units: string; weight: string }>(
      t.app,
      sql`SELECT holder_id, units, weight FROM proposal_holders WHERE proposal_id = ${p._id} ORDER BY units DESC, holder_id`,
    );
    expect(weights.map((w) => [w.holder_id, Number(w.units), Number(w.weight)])).toEqual(
      [
        [a.id, 40, 40],
        [b.id, 30, 30],
        [c.id, 30, 30],
      ].sort((x, y) => Number(y[1]) - Number(x[1]) || String(x[0]).localeCompare(String(y[0]))),
    );
    const now = (await read(a, p._id)).json();
    expect(now.tally).toMatchObject({ eligible: 100, for: 70, against: 30, abstain: 0, voters: 3, outcome: 'PASSED' });
    // The snapshot cannot be rewritten.
    expect(await refusal(t.app.db.execute(sql`UPDATE proposal_holders SET units = 1 WHERE proposal_id = ${p._id}`))).toBe(
      'The holders of record of a vote cannot change',
    );
    await closeNow(p._id);
    expect((await read(b, p._id)).json()).toMatchObject({ status: 'CLOSED', result: 'PASSED' });
  });

  it('a property not sold out: the owner votes with the units unsold at the opening', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 100, unitPrice: 10 } });
    const inv = await makeInvestor(t, 300);
    expect((await placeOrder(t.app, inv, propertyId, 30)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, propertyId);
    const p = (await raise(owner, propertyId, { kind: 'HOLD', title: 'Extend the hold by two years', closesAt: inDays(3) })).json();
    expect(p.tally).toMatchObject({ eligible: 30, holders: 2 });
    expect(p.myWeight).toBe(15); // 70 units unsold, capped at 15% of 100
    expect((await vote(owner, p._id, 'FOR')).json().tally).toMatchObject({ for: 15, eligible: 30, outcome: 'PASSED' }); // exactly at quorum
  });
});

describe('the decision rule', () => {
  // 100 units: 30, 20, 20, 15, 15.
  let propertyId: string;
  let h: TestUser[];
  beforeAll(async () => {
    ({ propertyId, holders: h } = await funded([30, 20, 20, 15, 15]));
  });
  async function decide(rule: Record<string, unknown>, votes: [number, string][]) {
    const p = (await raise(admin, propertyId, advisory(rule))).json();
    for (const [i, choice] of votes) expect((await vote(h[i], p._id, choice)).statusCode).toBe(200);
    await closeNow(p._id);
    return (await read(h[0], p._id)).json();
  }

  it('exactly at quorum and exactly at the majority passes', async () => {
    const r = await decide({ quorumPct: 50, majorityPct: 60, capPct: null }, [
      [0, 'FOR'],
      [1, 'AGAINST'],
    ]);
    expect(r).toMatchObject({
      status: 'CLOSED',
      result: 'PASSED',
      tally: { eligible: 100, for: 30, against: 20, abstain: 0, outcome: 'PASSED' },
    });
  });

  it('one unit short of quorum is NO_QUORUM; abstentions count for quorum, not majority', async () => {
    expect(
      (
        await decide({ quorumPct: 50, majorityPct: 60, capPct: null }, [
          [0, 'FOR'],
          [3, 'ABSTAIN'],
        ])
      ).result,
    ).toBe('NO_QUORUM');
    expect(
      (
        await decide({ quorumPct: 50, majorityPct: 60, capPct: null }, [
          [0, 'FOR'],
          [3, 'ABSTAIN'],
          [4, 'ABSTAIN'],
        ])
      ).result,
    ).toBe('PASSED');
  });

  it('below the majority is REJECTED', async () => {
    const r = await decide({ quorumPct: 50, majorityPct: 60, capPct: null }, [
      [0, 'FOR'],
      [1, 'AGAINST'],
      [3, 'AGAINST'],
    ]);
    expect(r.result).toBe('REJECTED');
    expect(r.tally).toMatchObject({ for: 30, against: 35 });
  });

  it('the cap: no holder counts for more than cap% of the units', async () => {
    const rule = { quorumPct: 50, majorityPct: 60, capPct: 15 };
    const r = await decide(rule, [
      [0, 'FOR'],
      [1, 'FOR'],
      [3, 'AGAINST'],
      [4, 'AGAINST'],
    ]);
    // Uncapped this is 50 for and 30 against (62.5%, passed); capped 30 and 30.
    expect(r.tally).toMatchObject({ eligible: 75, for: 30, against: 30 });
    expect(r.result).toBe('REJECTED');
    const [sql1] = await queryRows<{ passed: boolean }>(t.app, sql`SELECT proposal_passed(${propertyId}, 'ADVISORY') AS passed`);
    expect(sql1.passed).toBe(true);
    const [sql2] = await queryRows<{ passed: boolean }>(t.app, sql`SELECT proposal_passed(${propertyId}, 'SELL') AS passed`);
    expect(sql2.passed).toBe(false);
    const closes = await queryRows<{ actor_email: string; detail: { result: string } }>(
      t.app,
      sql`SELECT actor_email, detail FROM audit_log WHERE action = 'proposal.close' AND target_id = ${r._id}`,
    );
    expect(closes).toEqual([{ actor_email: 'system', detail: expect.objectContaining({ result: 'REJECTED', for: 30, against: 30 }) }]);
  });
});

describe('voting', () => {
  it('a vote changes until the close and is refused after; the result is final', async () => {
    const { propertyId, holders, owner } = await funded([60, 40]);
    const [a, b] = holders;
    const p = (await raise(owner, propertyId, advisory())).json();
    expect((await vote(a, p._id, 'FOR')).json()).toMatchObject({ myVote: 'FOR', myWeight: 60, tally: { for: 60 } });
    expect((await vote(a, p._id, 'AGAINST')).json()).toMatchObject({ myVote: 'AGAINST', tally: { for: 0, against: 60, voters: 1 } });
    expect((await vote(owner, p._id, 'FOR')).statusCode).toBe(403); // sold out: the owner held nothing at the opening

    // The database refuses a vote once the close time has passed, even before anyone closes it.
    await setDates(p._id, inDays(-3), new Date(Date.now() - 1000).toISOString());
    expect(
      await refusal(t.app.db.execute(sql`INSERT INTO proposal_votes (proposal_id, holder_id, choice) VALUES (${p._id}, ${b.id}, 'FOR')`)),
    ).toBe(PROPOSAL_MESSAGES.notOpen);
    const late = await vote(b, p._id, 'FOR');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PROPOSAL_MESSAGES.notOpen);
    const done = (await read(a, p._id)).json();
    expect(done).toMatchObject({ status: 'CLOSED', result: 'REJECTED', myVote: 'AGAINST' });
    expect(await refusal(t.app.db.execute(sql`UPDATE proposals SET result = 'PASSED' WHERE id = ${p._id}`))).toBe('This proposal is final');
    const cancel = await call(t.app, { method: 'POST', url: `/v1/proposals/${p._id}/cancel`, as: admin, payload: { reason: 'Too late' } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(PROPOSAL_MESSAGES.cancelFinal);
  });

  it('a vote scheduled for later opens on its date, with the holders of that moment', async () => {
    const { propertyId, holders, owner } = await funded([50, 50]);
    const p = (await raise(owner, propertyId, { ...advisory(), opensAt: inDays(1), closesAt: inDays(4) })).json();
    expect(p).toMatchObject({ status: 'SCHEDULED', tally: null });
    const early = await vote(holders[0], p._id, 'FOR');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROPOSAL_MESSAGES.notOpenYet);
    await setDates(p._id, new Date(Date.now() - 1000).toISOString(), inDays(3));
    expect((await vote(holders[0], p._id, 'FOR')).json()).toMatchObject({ status: 'OPEN', tally: { for: 50, eligible: 100 } });
    expect(await noticeCount('PROPOSAL_OPENED', p._id)).toBe(2);
  });
});

describe('notices and cancelling', () => {
  it('holders of record hear when it opens, a day before it closes (once) and of the result', async () => {
    const { propertyId, holders, owner } = await funded([10, 20, 30]);
    const p = (await raise(owner, propertyId, advisory())).json();
    expect(await noticeCount('PROPOSAL_OPENED', p._id)).toBe(3);
    const [opened] = await queryRows<{ user_id: string; body: string }>(
      t.app,
      sql`SELECT user_id, body FROM notifications WHERE kind = 'PROPOSAL_OPENED' AND user_id = ${holders[0].id} AND data->>'proposalId' = ${p._id}`,
    );
    expect(opened.body).toContain('Quorum 10% of the votes, passes with 51% of for and against');
    await setDates(p._id, inDays(-2), inDays(0.5));
    await read(holders[0], p._id);
    await read(holders[1], p._id);
    expect(await noticeCount('PROPOSAL_CLOSING', p._id)).toBe(3);
    await closeNow(p._id);
    await Promise.all([read(holders[0], p._id), read(holders[1], p._id), read(owner, p._id)]);
    expect(await noticeCount('PROPOSAL_RESULT', p._id)).toBe(3);
    // Three reads raced to close it (at once on PostgreSQL): one result, one audit row.
    expect(await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'proposal.close' AND target_id = ${p._id}`)).toHaveLength(1);
    const [result] = await queryRows<{ title: string }>(
      t.app,
      sql`SELECT title FROM notifications WHERE kind = 'PROPOSAL_RESULT' AND user_id = ${holders[2].id} AND data->>'proposalId' = ${p._id}`,
    );
    expect(result.title).toBe('The vote on “Should we repaint the lobby?”: No quorum');
  });

  it('every holder of record gets the same words, link and data for each notice, in one row each', async () => {
    const { propertyId, holders, owner } = await funded([10, 20, 30]);
    const p = (await raise(owner, propertyId, advisory())).json();
    const notices = (kind: string) =>
      queryRows<{ user_id: string; title: string; body: string; link: string; data: unknown; email_lane: number }>(
        t.app,
        sql`SELECT user_id, title, body, link, data, email_lane FROM notifications
             WHERE kind = ${kind} AND data->>'proposalId' = ${p._id} ORDER BY user_id`,
      );
    const ids = holders.map((h) => h.id).sort();
    const name = p.propertyName as string;
    const closes = (at: string) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');
    const each = (title: string, body: string) =>
      ids.map((id) => ({ user_id: id, title, body, link: '/dashboard/investments', data: { proposalId: p._id }, email_lane: 1 }));
    expect(await notices('PROPOSAL_OPENED')).toEqual(
      each(
        `A vote is open on “${name}”`,
        `Holders of “${name}” are voting on “Should we repaint the lobby?” until ${closes(p.closesAt)} (UTC). Your units when the vote opened are your votes. Quorum 10% of the votes, passes with 51% of for and against.`,
      ),
    );
    const soon = inDays(0.5);
    await setDates(p._id, inDays(-2), soon);
    await read(holders[0], p._id);
    expect(await notices('PROPOSAL_CLOSING')).toEqual(
      each(
        'The vote on “Should we repaint the lobby?” closes within a day',
        `The vote on “Should we repaint the lobby?” for “${name}” closes at ${closes(soon)} (UTC). You can vote, or change your vote, until then.`,
      ),
    );
    await closeNow(p._id);
    await read(holders[0], p._id);
    expect(await notices('PROPOSAL_RESULT')).toEqual(
      each(
        'The vote on “Should we repaint the lobby?”: No quorum',
        `The vote on “Should we repaint the lobby?” for “${name}” is over: No quorum.`,
      ),
    );
  });

  it('an admin cancels before the close (audited, holders told); nobody else may', async () => {
    const { propertyId, holders, owner } = await funded([10, 10]);
    const p = (await raise(owner, propertyId, advisory())).json();
    const cancel = (as: TestUser, reason = 'Raised by mistake') =>
      call(t.app, { method: 'POST', url: `/v1/proposals/${p._id}/cancel`, as, payload: { reason } });
    expect((await cancel(holders[0])).statusCode).toBe(403);
    expect((await cancel(owner)).statusCode).toBe(403);
    expect((await cancel(admin, '  ')).statusCode).toBe(400);
    const done = await cancel(admin);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Raised by mistake', result: null });
    expect((await cancel(admin)).statusCode).toBe(409);
    expect((await vote(holders[0], p._id, 'FOR')).statusCode).toBe(409);
    const audits = await queryRows(t.app, sql`SELECT actor_id FROM audit_log WHERE action = 'proposal.cancel' AND target_id = ${p._id}`);
    expect(audits).toEqual([{ actor_id: admin.id }]);
    expect(await noticeCount('PROPOSAL_RESULT', p._id)).toBe(2);
  });
});

// Secrets at rest: bank details sealed with their row's id as associated data and a key id
// (rotation with `npm run rotate-keys`, old rows still read), and release tokens that expire;
// all of it audited.
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { keyRing, needsReseal, payoutKey, seal, unseal } from '../src/modules/payout-destinations/crypto';
import { dataKeysOf } from '../src/config';
import { resealAll } from '../src/modules/payout-destinations';
import { buildTestApp, call, destinationFor, makeInvestor, makeUser, queryRows, type TestApp, type TestUser } from './helper';

jest.setTimeout(180_000);

const K1 = { id: 'k1', secret: 'a'.repeat(40) };
const K2 = { id: 'k2', secret: 'b'.repeat(40) };
const DETAILS = { routingNumber: '011000015', accountNumber: '000123456789', iban: null, bic: null };

/** The v1 format, as rows written before v2 hold it. */
function sealV1(jwtSecret: string, details: object): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', payoutKey(jwtSecret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

describe('sealed bank details', () => {
  it('are bound to their row: copied onto another row they do not open', () => {
    const ring = keyRing('x'.repeat(32), [K1]);
    const a = randomUUID();
    const sealed = seal(ring, a, DETAILS);
    expect(sealed).toMatch(/^v2:k1:/);
    expect(unseal(ring, a, sealed)).toEqual(DETAILS);
    expect(() => unseal(ring, randomUUID(), sealed)).toThrow();
  });

  it('name their key: a new first key seals, the old one still opens, and a missing key is said', () => {
    const a = randomUUID();
    const old = seal(keyRing('x'.repeat(32), [K1]), a, DETAILS);
    const rotated = keyRing('x'.repeat(32), [K2, K1]);
    expect(unseal(rotated, a, old)).toEqual(DETAILS);
    expect(needsReseal(rotated, old)).toBe(true);
    expect(needsReseal(rotated, seal(rotated, a, DETAILS))).toBe(false);
    expect(() => unseal(keyRing('x'.repeat(32), [K2]), a, old)).toThrow(/k1/);
  });

  it('DATA_KEYS: id:secret pairs; a bad one stops the start', () => {
    expect(dataKeysOf(null)).toBeUndefined();
    expect(dataKeysOf(`k2:${K2.secret}, k1:${K1.secret}`)).toEqual([K2, K1]);
    for (const bad of [`k1:short`, `k 1:${K1.secret}`, `k1:${K1.secret},k1:${K2.secret}`, K1.secret]) {
      const problems: string[] = [];
      dataKeysOf(bad, problems);
      expect(problems).toEqual([expect.stringMatching(/^DATA_KEYS must be/)]);
    }
  });

  describe('in the app', () => {
    let t: TestApp;
    let admin: TestUser;
    beforeAll(async () => {
      t = await buildTestApp({ dataKeys: [K2, K1] });
      admin = await makeUser(t.app, 'ADMIN');
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    /** A bank account row as an older version wrote it (sealed text made by `sealFor`). */
    async function oldDestination(who: TestUser, sealFor: (id: string) => string): Promise<string> {
      const id = randomUUID();
      await t.app.db.execute(sql`
        insert into payout_destinations (id, user_id, kind, holder_name, country, last4, details_sealed)
        values (${id}, ${who.id}, 'US_ACH', 'Old Holder', 'US', '6789', ${sealFor(id)})`);
      return id;
    }

    const sealedOf = async (id: string) =>
      (await queryRows<{ s: string }>(t.app, sql`select details_sealed as s from payout_destinations where id = ${id}`))[0].s;

    it('new rows are sealed v2 with the current key; a v1 row is read and re-sealed on read, audited', async () => {
      const who = await makeInvestor(t, 500);
      const id = await destinationFor(t.app, who);
      expect(await sealedOf(id)).toMatch(/^v2:k2:/);

      const v1 = await oldDestination(who, () => sealV1(t.config.jwtSecret, DETAILS));
      const w = await call(t.app, {
        method: 'POST',
        url: '/v1/wallets/withdraw',
        as: who,
        payload: { amount: 100, payoutDestinationId: v1 },
      });
      expect(w.statusCode).toBe(201);
      const full = await call(t.app, { method: 'GET', url: `/v1/payouts/${w.json()._id}/destination`, as: admin });
      expect(full.statusCode).toBe(200);
      expect(full.json()).toMatchObject({ routingNumber: '011000015', accountNumber: '000123456789' });
      expect(await sealedOf(v1)).toMatch(/^v2:k2:/);
      const audited = await queryRows(
        t.app,
        sql`select detail from audit_log where action = 'payout.destination.reseal' and target_id = ${v1}`,
      );
      expect(audited).toEqual([{ detail: { from: 'v1', to: 'k2' } }]);
    });

    it('rotate-keys re-seals every row not under the current key (v1 and retired keys), once', async () => {
      const ring1 = keyRing(t.config.jwtSecret, [K1]);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const who = await makeInvestor(t);
        ids.push(await oldDestination(who, (id) => (i === 0 ? sealV1(t.config.jwtSecret, DETAILS) : seal(ring1, id, DETAILS))));
      }
      const by = { id: admin.id, email: admin.email, role: 'ADMIN' as const, status: 'VERIFIED' as const, ip: '' };
      const first = await resealAll(t.app, by);
      expect(first).toEqual({ resealed: 3, current: 'k2' });
      const ring = keyRing(t.config.jwtSecret, [K2]);
      for (const id of ids) {
        const s = await sealedOf(id);
        expect(s).toMatch(/^v2:k2:/);
        expect(unseal(ring, id, s)).toEqual(DETAILS);
      }
      expect(await resealAll(t.app, by)).toEqual({ resealed: 0, current: 'k2' });
      // Outside a re-seal the database still refuses any change of the sealed text.
      const other = seal(ring, ids[1], DETAILS);
      await expect(t.app.db.execute(sql`update payout_destinations set details_sealed = ${other} where id = ${ids[1]}`)).rejects.toThrow();
    });
  });
});

describe('release tokens', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeUser(t.app, 'ADMIN');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const summary = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary?hours=1', headers: { authorization: `Bearer ${token}` } });

  it('expire (90 days unless said), record their last use, and creation and revocation are audited', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'ci' }, as: admin });
    expect(res.statusCode).toBe(201);
    const { id, token, expiresAt } = res.json<{ id: string; token: string; expiresAt: string }>();
    expect(Math.round((Date.parse(expiresAt) - Date.now()) / 86_400_000)).toBe(90);
    expect((await summary(token)).statusCode).toBe(200);
    const [used] = await queryRows<{ last_used_at: string | null }>(t.app, sql`select last_used_at from release_tokens where id = ${id}`);
    expect(used.last_used_at).not.toBeNull();

    const short = await call(t.app, {
      method: 'POST',
      url: '/v1/admin/release-tokens',
      payload: { name: 'one day', expiresInDays: 1 },
      as: admin,
    });
    expect(Math.round((Date.parse(short.json().expiresAt) - Date.now()) / 3_600_000)).toBe(24);
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'x', expiresInDays: 400 }, as: admin }))
        .statusCode,
    ).toBe(400);

    // Past its expiry it reads nothing (created back then: creation times never change).
    const stale = `tsr_${randomBytes(32).toString('base64url')}`;
    await t.app.db.execute(sql`
      insert into release_tokens (name, token_hash, created_by, created_at, expires_at)
      values ('stale', ${createHash('sha256').update(stale).digest('hex')}, ${admin.id}, now() - interval '91 days', now() - interval '1 day')`);
    const expired = await summary(stale);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This release token is invalid, expired or revoked');

    expect((await call(t.app, { method: 'DELETE', url: `/v1/admin/release-tokens/${id}`, as: admin })).statusCode).toBe(200);
    const audit = await queryRows<{ action: string; actor_id: string }>(
      t.app,
      sql`select action, actor_id from audit_log where target_type = 'release_token' and target_id = ${id} order by created_at`,
    );
    expect(audit).toEqual([
      { action: 'release_token.create', actor_id: admin.id },
      { action: 'release_token.revoke', actor_id: admin.id },
    ]);
  });
});

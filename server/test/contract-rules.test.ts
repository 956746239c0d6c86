// The rules the API contract shows are defined once (shared-api/src/contract/market.ts): the
// database's market_fee_cents, market_price_band and market_vwap_cents (and the band reference's
// rule) are generated from the same constants, and must give the TypeScript answer for every
// input, rounding edges included.
import { sql } from 'drizzle-orm';
import {
  BPS_PER_WHOLE,
  MARKET_FEE_ROUNDING_BPS,
  marketFeeCents,
  marketPriceBandCents,
  marketVwapCents,
  MARKET_REFERENCE_BASES,
  MARKET_REFERENCE_BASIS_LABELS,
  MARKET_REFERENCE_MAX_TRADES,
  MARKET_REFERENCE_MIN_TRADERS,
  MARKET_REFERENCE_MIN_UNITS,
  MARKET_REFERENCE_WINDOW_DAYS,
  MAX_MARKET_ORDER_UNITS,
  MAX_MARKET_PRICE,
} from 'shared-api/contract/market';
import { contractRules } from '../src/db/contract-rules';
import { readRules } from '../src/db/rules';
import { buildTestApp, queryRows, type TestApp } from './helper';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const FEES_BPS = [0, 1, 7, 50, 99, 100, 101, 250, 333, 999, 1000, 5000, 9999, 10_000];
const BAND_PCTS = [1, 2, 3, 7, 19, 20, 21, 33, 50, 99, 100];

/** Gross amounts around every rounding edge of each fee (gross × bps just under, at and over a rounding step), and some others. */
function grossesFor(bps: number): number[] {
  const out = [0, 1, 2, 49, 50, 51, 99, 100, 101, 9_999, 10_000, 10_001, 123_456_789, 100_000_000_000];
  if (bps > 0) {
    for (const k of [0, 1, 2, 17, 1000]) {
      for (const target of [
        BPS_PER_WHOLE - MARKET_FEE_ROUNDING_BPS - 1,
        BPS_PER_WHOLE - MARKET_FEE_ROUNDING_BPS,
        BPS_PER_WHOLE - MARKET_FEE_ROUNDING_BPS + 1,
      ]) {
        // Where gross × bps + the rounding crosses a whole cent: the smallest gross reaching it, and the one before.
        const g = Math.ceil((k * BPS_PER_WHOLE + target) / bps);
        out.push(g, Math.max(0, g - 1));
      }
    }
  }
  return out;
}

describe('one definition per rule across TypeScript and SQL', () => {
  it('market_fee_cents in the database is marketFeeCents, rounding edges included', async () => {
    const cases = FEES_BPS.flatMap((bps) => grossesFor(bps).map((gross) => ({ gross, bps })));
    const rows = await queryRows<{ fee: string }>(
      t.app,
      sql.raw(
        `SELECT market_fee_cents(c.g, c.b)::text AS fee FROM unnest(ARRAY[${cases.map((c) => c.gross).join(',')}]::bigint[],
           ARRAY[${cases.map((c) => c.bps).join(',')}]::integer[]) WITH ORDINALITY AS c(g, b, i) ORDER BY c.i`,
      ),
    );
    expect(rows.map((r) => Number(r.fee))).toEqual(cases.map((c) => marketFeeCents(c.gross, c.bps)));
    expect(cases.length).toBeGreaterThan(500);
  });

  it('market_price_band in the database is marketPriceBandCents', async () => {
    const refs = [1, 2, 3, 4, 5, 9, 10, 11, 49, 50, 51, 99, 100, 101, 199, 12_345, 999_999, 100_000_000_000];
    const cases = BAND_PCTS.flatMap((pct) => refs.map((ref) => ({ ref, pct })));
    const rows = await queryRows<{ low: string; high: string }>(
      t.app,
      sql.raw(
        `SELECT b.low::text AS low, b.high::text AS high FROM unnest(ARRAY[${cases.map((c) => c.ref).join(',')}]::bigint[],
           ARRAY[${cases.map((c) => c.pct).join(',')}]::integer[]) WITH ORDINALITY AS c(r, p, i)
           CROSS JOIN LATERAL market_price_band(c.r, c.p) b ORDER BY c.i`,
      ),
    );
    expect(rows.map((r) => [Number(r.low), Number(r.high)])).toEqual(cases.map((c) => marketPriceBandCents(c.ref, c.pct)));
  });

  it("market_vwap_cents in the database is marketVwapCents; the reference rule and its labels are the contract's", async () => {
    // Averages just under, at and over a half cent, and some large ones.
    const cases: { gross: number; units: number }[] = [];
    for (const units of [1, 2, 3, 7, 10, 11, 999, 1_000_000])
      for (const gross of [0, 1, units - 1, units, units + 1, Math.floor(units / 2), Math.ceil(units / 2), 123_456_789, 100_000_000_000])
        cases.push({ gross: Math.max(0, gross), units });
    const rows = await queryRows<{ v: string }>(
      t.app,
      sql.raw(
        `SELECT market_vwap_cents(c.g, c.u)::text AS v FROM unnest(ARRAY[${cases.map((c) => c.gross).join(',')}]::bigint[],
           ARRAY[${cases.map((c) => c.units).join(',')}]::bigint[]) WITH ORDINALITY AS c(g, u, i) ORDER BY c.i`,
      ),
    );
    expect(rows.map((r) => Number(r.v))).toEqual(cases.map((c) => marketVwapCents(c.gross, c.units)));
    expect(marketVwapCents(25, 10)).toBe(3); // 2.5 rounds half up
    expect(marketVwapCents(24, 10)).toBe(2);
    const [rule] = await queryRows<{ window_days: number; min_units: number; min_traders: number; max_trades: number }>(
      t.app,
      sql`SELECT * FROM market_reference_rule()`,
    );
    expect(rule).toEqual({
      window_days: MARKET_REFERENCE_WINDOW_DAYS,
      min_units: MARKET_REFERENCE_MIN_UNITS,
      min_traders: MARKET_REFERENCE_MIN_TRADERS,
      max_trades: MARKET_REFERENCE_MAX_TRADES,
    });
    const labels = await queryRows<{ b: string; l: string }>(
      t.app,
      sql.raw(
        `SELECT b, market_reference_basis_label(b) AS l FROM unnest(ARRAY[${MARKET_REFERENCE_BASES.map((b) => `'${b}'`).join(',')}]) b`,
      ),
    );
    expect(Object.fromEntries(labels.map((r) => [r.b, r.l]))).toEqual(MARKET_REFERENCE_BASIS_LABELS);
  });

  it('the generated functions are rules like the others: applied, tracked by the checksum of their text', async () => {
    const generated = readRules().filter((r) => r.path.startsWith('generated/'));
    expect(generated.map((r) => r.name).sort()).toEqual(
      contractRules()
        .map((g) => g.name)
        .sort(),
    );
    const rows = await queryRows<{ name: string; checksum: string }>(
      t.app,
      sql`SELECT name, checksum FROM schema_rules WHERE path LIKE 'generated/%' ORDER BY name`,
    );
    expect(rows).toEqual(generated.map((r) => ({ name: r.name, checksum: r.checksum })).sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("the schema's limits on a market order are the contract's", async () => {
    // market_orders' CHECKs are in its rule (market_orders_checks): each condition, then the
    // name of the constraint it stands for.
    const [{ src }] = await queryRows<{ src: string }>(
      t.app,
      sql`SELECT prosrc AS src FROM pg_proc WHERE oid = to_regproc('market_orders_checks')`,
    );
    const condition = (name: string) =>
      new RegExp(`IF NOT coalesce\\((.*), true\\) THEN\\s+PERFORM check_violated\\('market_orders', '${name}'\\)`).exec(src)?.[1] ?? '';
    const limit = (def: string, column: string) => Number(new RegExp(`${column} <= '?(\\d+)`).exec(def)?.[1]);
    expect(limit(condition('market_orders_price_cents_check'), 'price_cents')).toBe(MAX_MARKET_PRICE * 100);
    expect(limit(condition('market_orders_units_check'), 'units')).toBe(MAX_MARKET_ORDER_UNITS);
  });
});

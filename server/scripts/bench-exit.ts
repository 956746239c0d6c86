// `npm run bench:exit`: pays a property's sale to 10,000 holders on PostgreSQL and prints its
// time beside the distribution bench's figure, measured in the same run on the same holders.
//
// In a schema of its own in DATABASE_URL's database (dropped afterwards): migrations, one
// owner, one listing sold out to N investors through the real money path
// (server/scripts/distribution-fixtures.ts). Then, timed, each in its own transaction:
//   record_distribution + pay_distribution   one distribution to the N holders (the
//                                            figure bench:distributions prints);
//   record_property_sale                     the sale: market closed, snapshot and cents
//                                            split, ledger entries, lots disposed, holdings
//                                            retired, property SOLD;
//   the sale's notices                       one by one from Node as the route used to
//                                            (rolled back), then notify_property_sold.
// Then money_invariant_violations() and an independent sum of the proceeds.
//
//   npm run bench:exit -- --holders=10000 --cycle=3
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { SALE_FEE_BPS, saleFeeCents } from 'shared-api/contract/admin';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { bulkHolders, bulkUnits } from './distribution-fixtures';
import { passSellVote } from './vote-fixtures';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const HOLDERS = Number(args.holders ?? 10_000);
const CYCLE = Number(args.cycle ?? 3);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_exit_${randomBytes(5).toString('hex')}`;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const dollars = (c: string | number) => (Number(c) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

async function main() {
  const database = await createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: SCHEMA, pgliteDir: 'memory://' });
  await migrate(database);
  await database.close();
  const client = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  try {
    const setup = process.hrtime.bigint();
    const [owner] = await q<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified) VALUES ('owner@bench.test', '!', 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true) RETURNING id`,
    );
    const [admin] = await q<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified, admin_role) VALUES ('admin@bench.test', '!', 'Bench', 'Admin', 'ADMIN', 'VERIFIED', true, 'SUPER_ADMIN') RETURNING id`,
    );
    const units = bulkUnits(HOLDERS, CYCLE);
    const [property] = await q<{ id: string }>(
      `INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
       VALUES ($1, 'Bench Apartments', '1 Bench St', 'TX', 'RENTAL_READY', 'ACTIVE', $2, $2, 10000, 40) RETURNING id`,
      [owner.id, units],
    );
    await bulkHolders((s) => client.query(s), {
      propertyId: property.id,
      holders: HOLDERS,
      cycle: CYCLE,
      unitPriceCents: 10_000,
      tag: 'bench',
    });
    const [report] = await q<{ id: string }>(
      `INSERT INTO income_reports (property_id, owner_id, period_start, period_end, gross_rent_cents, maintenance_repairs_cents, property_tax_cents, note)
       VALUES ($1, $2, current_date - 31, current_date - 1, 12345678, 1234567, 543210, 'bench') RETURNING id`,
      [property.id, owner.id],
    );
    await q(`UPDATE income_reports SET status = 'APPROVED' WHERE id = $1`, [report.id]);
    const [d] = await q<{ id: string }>(
      `INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
         net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date)
       SELECT id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, 800, 0, 0, 0, 0, 0, current_date, current_date
       FROM income_reports WHERE id = $1 RETURNING id`,
      [report.id],
    );
    // The holders' decision the sale needs: every holder of record votes to sell (not timed).
    await passSellVote(
      (s) => client.query(s),
      (s) => q(s),
      { propertyId: property.id, raisedBy: owner.id, priceCents: 1 },
    );
    const setupMs = ms(setup);
    await q('ANALYZE');

    const t1 = process.hrtime.bigint();
    await q('BEGIN');
    await q('SELECT record_distribution($1)', [d.id]);
    await q('COMMIT');
    await q('BEGIN');
    const [paid] = await q<{ r: string }>('SELECT pay_distribution($1) AS r', [d.id]);
    await q('COMMIT');
    const distMs = ms(t1);

    // The owner was paid units × $100 by the orders; the sale returns 98% of it less 5% costs.
    const price = Math.floor(units * 10_000 * 0.98) + 7;
    const costs = Math.floor(units * 10_000 * 0.05);
    const net = price - costs - saleFeeCents(price);
    const t2 = process.hrtime.bigint();
    await q('BEGIN');
    const [sale] = await q<{ id: string }>(`SELECT record_property_sale($1, $2, $3, $4, current_date, '[]'::jsonb, 'bench', $5) AS id`, [
      property.id,
      price,
      costs,
      SALE_FEE_BPS,
      admin.id,
    ]);
    await q('COMMIT');
    const saleMs = ms(t2);
    // The sale's notices to every holder and the owner, both ways, on the same rows: one by
    // one from Node as the route used to (an INSERT and a pg_notify a person, each a round
    // trip; rolled back), then the route's one statement (notify_property_sold, committed).
    const [soldOf] = await q<{ name: string; owner_id: string }>(
      `SELECT p.name, s.owner_id FROM property_sales s JOIN properties p ON p.id = s.property_id WHERE s.id = $1`,
      [sale.id],
    );
    const told = await q<{ who: string; owner: boolean; units: number; cents: string }>(
      `SELECT holder_id AS who, false AS owner, units, cents FROM sale_holders WHERE sale_id = $1 AND NOT is_owner
       UNION ALL SELECT $2::uuid, true, 0, coalesce(-sum(amount_cents), 0)::bigint FROM ledger_entries WHERE sale_id = $1 AND user_id = $2`,
      [sale.id, soldOf.owner_id],
    );
    const tOne = process.hrtime.bigint();
    await q('BEGIN');
    for (const n of told) {
      const body = n.owner
        ? `The sale of “${soldOf.name}” is recorded: ${dollars(n.cents)} left your wallet for its holders' proceeds and the sale fee.`
        : `“${soldOf.name}” is sold. Your ${n.units} unit${n.units === 1 ? '' : 's'} ${n.units === 1 ? 'was' : 'were'} bought back and ${dollars(n.cents)}, your share of the proceeds, is paid into your wallet.`;
      const [row] = await q<{ id: string }>(
        `INSERT INTO notifications (user_id, kind, title, body, link, data, email_lane) VALUES ($1, 'PROPERTY_SOLD', $2, $3, $4, $5, 1) RETURNING id`,
        [
          n.who,
          `“${soldOf.name}” is sold`,
          body,
          n.owner ? '/dashboard/active_listings' : '/dashboard/wallet',
          { propertyId: property.id, saleId: sale.id },
        ],
      );
      await q('SELECT pg_notify($1, $2)', [
        'tessera_events',
        JSON.stringify({ topic: `user:${n.who}`, type: 'notification', data: { id: row.id, kind: 'PROPERTY_SOLD' } }),
      ]);
    }
    await q('ROLLBACK');
    const oneByOneMs = ms(tOne);
    const tSet = process.hrtime.bigint();
    await q('BEGIN');
    const [setBased] = await q<{ n: number }>(
      `SELECT notify_property_sold($1, '/dashboard/wallet', '/dashboard/active_listings', 1::smallint) AS n`,
      [sale.id],
    );
    await q('COMMIT');
    const setMs = ms(tSet);

    const t3 = process.hrtime.bigint();
    const again = await q(`SELECT record_property_sale($1, $2, $3, $4, current_date, '[]'::jsonb, 'bench', $5) AS id`, [
      property.id,
      price,
      costs,
      SALE_FEE_BPS,
      admin.id,
    ]).then(
      () => 'recorded AGAIN',
      (e: Error) => `refused (${e.message})`,
    );
    const retryMs = ms(t3);

    const t4 = process.hrtime.bigint();
    const violations = await q<{ invariant: string; detail: string }>('SELECT invariant, detail FROM money_invariant_violations()');
    const checkMs = ms(t4);
    const [sums] = await q<{ proceeds: string; kept: string; n: string; disposals: string; holdings: string; status: string }>(
      `SELECT (SELECT sum(amount_cents) FROM ledger_entries WHERE sale_id = $1 AND type = 'SALE_PROCEEDS') AS proceeds,
              (SELECT coalesce(sum(cents), 0) FROM sale_holders WHERE sale_id = $1 AND is_owner) AS kept,
              (SELECT count(*) FROM ledger_entries WHERE sale_id = $1) AS n,
              (SELECT count(*) FROM lot_disposals WHERE sale_id = $1) AS disposals,
              (SELECT count(*) FROM holdings WHERE property_id = $2) AS holdings,
              (SELECT status FROM properties WHERE id = $2) AS status`,
      [sale.id, property.id],
    );
    const [ver] = await q<{ v: string }>("SELECT current_setting('server_version') AS v");
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ');
    const exact = Number(sums.proceeds) + Number(sums.kept) === net;
    console.log(
      `bench:exit — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${ver.v}, load ${load}`,
    );
    console.log(`  ${HOLDERS} investors holding ${units} units (setup through the order path: ${(setupMs / 1000).toFixed(1)} s)`);
    console.log(`  distribution (record + pay, as bench:distributions): ${distMs.toFixed(0)} ms -> ${paid.r}`);
    console.log(
      `  sale (record_property_sale):                        ${saleMs.toFixed(0)} ms -> ${sums.n} ledger entries, ${sums.disposals} lots disposed, ${sums.holdings} holdings left, ${sums.status}`,
    );
    console.log(`  sale ÷ distribution: ${(saleMs / distMs).toFixed(2)}×`);
    console.log(
      `  the sale's notices, one by one from Node (before): ${oneByOneMs.toFixed(0)} ms for ${told.length}; one statement (notify_property_sold, now): ${setMs.toFixed(0)} ms for ${setBased.n} (${(oneByOneMs / setMs).toFixed(1)}× faster)`,
    );
    console.log(
      `  the sale with its notices (the route's transaction): before ${(saleMs + oneByOneMs).toFixed(0)} ms, now ${(saleMs + setMs).toFixed(0)} ms (${((saleMs + setMs) / distMs).toFixed(2)}× the distribution)`,
    );
    console.log(`  price ${dollars(price)}, costs ${dollars(costs)}, fee ${dollars(saleFeeCents(price))}, net ${dollars(net)}`);
    console.log(`  proceeds paid ${dollars(sums.proceeds)} + owner kept ${dollars(sums.kept)} = net: ${exact ? 'yes' : 'NO'}`);
    console.log(`  second record: ${again} in ${retryMs.toFixed(0)} ms`);
    console.log(`  money_invariant_violations(): ${violations.length} (${checkMs.toFixed(0)} ms)`);
    for (const v of violations.slice(0, 10)) console.log(`    ${v.invariant}: ${v.detail}`);
    if (violations.length > 0 || !exact || again === 'recorded AGAIN' || Number(setBased.n) !== told.length) process.exitCode = 1;
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

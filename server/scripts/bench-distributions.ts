// `npm run bench:distributions`: pays one distribution to 10,000 holders on PostgreSQL and
// prints the time and the invariant check (issue 18).
//
// In a schema of its own in DATABASE_URL's database (dropped afterwards): migrations, one
// owner, one RENTAL_READY listing sold out to N investors through the real money path
// (server/scripts/distribution-fixtures.ts), an approved income report and its declared
// distribution. Then, timed, each in its own transaction as the job runs them:
//   record_distribution(id)  the snapshot of the holders of record and the cents split
//                            (largest remainder), set-based in one INSERT … SELECT;
//   pay_distribution(id)     the owner's funding and fee, the platform's revenue and one
//                            ledger entry per holder, in one INSERT … SELECT.
// Then money_invariant_violations() (everything, including the distribution checks) and an
// independent sum of the payments.
//
//   npm run bench:distributions -- --holders=10000 --cycle=3
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDatabase, type Executor } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { notifyDistributionPaid } from '../src/modules/notifications';
import { bulkHolders, bulkUnits } from './distribution-fixtures';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const HOLDERS = Number(args.holders ?? 10_000);
const CYCLE = Number(args.cycle ?? 3);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_dist_${randomBytes(5).toString('hex')}`;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

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
    const [d] = await q<{ id: string; distributable_cents: string; fee_cents: string }>(
      `INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
         net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date)
       SELECT id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, 800, 0, 0, 0, 0, 0, current_date, current_date
       FROM income_reports WHERE id = $1 RETURNING id, distributable_cents, fee_cents`,
      [report.id],
    );
    const setupMs = ms(setup);
    await q('ANALYZE');

    const t1 = process.hrtime.bigint();
    await q('BEGIN');
    await q('SELECT record_distribution($1)', [d.id]);
    await q('COMMIT');
    const recordMs = ms(t1);
    const t2 = process.hrtime.bigint();
    await q('BEGIN');
    const [paid] = await q<{ r: string }>('SELECT pay_distribution($1) AS r', [d.id]);
    await q('COMMIT');
    const payMs = ms(t2);
    // The holders' notices, as the job writes them after pay_distribution (there in the same
    // transaction): one row and one real-time event per holder.
    const t5 = process.hrtime.bigint();
    await q('BEGIN');
    await notifyDistributionPaid(drizzle({ client }) as unknown as Executor, d.id);
    await q('COMMIT');
    const noticesMs = ms(t5);
    const t3 = process.hrtime.bigint();
    const again = (await q<{ r: string }>('SELECT pay_distribution($1) AS r', [d.id]))[0].r;
    const retryMs = ms(t3);

    const t4 = process.hrtime.bigint();
    const violations = await q<{ invariant: string; detail: string }>('SELECT invariant, detail FROM money_invariant_violations()');
    const checkMs = ms(t4);
    const [sums] = await q<{ payments: string; n: string; negative: string }>(
      `SELECT (SELECT sum(amount_cents) FROM ledger_entries WHERE distribution_id = $1 AND type = 'DISTRIBUTION_PAYMENT') AS payments,
              (SELECT count(*) FROM ledger_entries WHERE distribution_id = $1) AS n,
              (SELECT count(*) FROM wallets WHERE balance_cents < 0) AS negative`,
      [d.id],
    );
    const [ver] = await q<{ v: string }>("SELECT current_setting('server_version') AS v");
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ');
    const cents = (c: string | number) => (Number(c) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    console.log(
      `bench:distributions — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${ver.v}, load ${load}`,
    );
    console.log(`  ${HOLDERS} investors holding ${units} units (setup through the order path: ${(setupMs / 1000).toFixed(1)} s)`);
    console.log(`  distributable ${cents(d.distributable_cents)}, management fee ${cents(d.fee_cents)}`);
    console.log(`  snapshot (record_distribution):  ${recordMs.toFixed(0)} ms`);
    console.log(`  payment  (pay_distribution):     ${payMs.toFixed(0)} ms  -> ${paid.r}, ${sums.n} ledger entries`);
    console.log(`  snapshot + payment:              ${(recordMs + payMs).toFixed(0)} ms   (goal < 2000 ms)`);
    console.log(`  holders' notices:                ${noticesMs.toFixed(0)} ms`);
    console.log(`  retry: ${again} in ${retryMs.toFixed(0)} ms`);
    console.log(
      `  sum of payments ${cents(sums.payments)} = distributable ${cents(d.distributable_cents)}: ${Number(sums.payments) === Number(d.distributable_cents) ? 'yes' : 'NO'}; wallets below zero: ${sums.negative}`,
    );
    console.log(`  money_invariant_violations(): ${violations.length} (${checkMs.toFixed(0)} ms)`);
    for (const v of violations.slice(0, 10)) console.log(`    ${v.invariant}: ${v.detail}`);
    if (violations.length > 0 || Number(sums.payments) !== Number(d.distributable_cents)) process.exitCode = 1;
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

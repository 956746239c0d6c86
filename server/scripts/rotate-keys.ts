// `npm run rotate-keys [-- --by admin@example.com]`: re-seals every bank detail (and every
// two-factor secret) that is not
// yet sealed with the first key of DATA_KEYS (v1 rows, rows of a retired key), each row
// audited as done by that admin (default ADMIN_EMAIL). Run it with the same environment as
// the API (DATABASE_URL, JWT_SECRET, DATA_KEYS) after putting a new key first in DATA_KEYS
// and restarting the instances; afterwards the old key may be removed from DATA_KEYS.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfigOrExit } from '../src/config';
import { resealAll } from '../src/modules/payout-destinations';
import { resealTwoFactorSecrets } from '../src/modules/auth';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const at = process.argv.indexOf('--by');
  const email = (at >= 0 ? process.argv[at + 1] : config.adminEmail)?.trim().toLowerCase();
  // Only the database is wanted: no seed, no jobs.
  const app = await buildApp(
    { ...config, seed: false, housekeeping: false, distributionsJob: false, mailDispatcher: false, marketJob: false },
    { logger: false },
  );
  try {
    const res = (await app.db.execute(
      sql`select id, email, role, status from users where lower(email) = ${email ?? ''} and role = 'ADMIN' and deleted_at is null`,
    )) as unknown as { rows: { id: string; email: string; role: 'ADMIN'; status: 'VERIFIED' }[] };
    const admin = res.rows[0];
    if (!admin) throw new Error(`No admin ${email ?? ''}: name one with --by <admin e-mail> (the audit trail records who rotated)`);
    const result = await resealAll(app, { ...admin, ip: '' });
    const twoFactor = await resealTwoFactorSecrets(app);
    process.stdout.write(`${JSON.stringify({ ...result, twoFactorResealed: twoFactor.resealed, by: admin.email })}\n`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

// Many holders of one property, fast and through the real money path: investors inserted
// in one statement, funded by DEPOSIT checkouts marked PAID (the checkout trigger writes the
// ledger), then one PENDING order each (the order triggers reserve and hold) and all of them
// COMPLETED in one UPDATE (holdings credited, owner paid). Used by the returns tests and
// `npm run bench:distributions`. Values are ours (uuids, integers), so they are inlined.

/** Runs one SQL statement (pg client, PGlite or Drizzle's execute). */
export type Exec = (statement: string) => Promise<unknown>;

export interface BulkHoldersOptions {
  propertyId: string;
  /** How many investors. */
  holders: number;
  /** Units of investor i (1-based): 1 + (i mod cycle). */
  cycle: number;
  unitPriceCents: number;
  /** Marks the investors' e-mails (unique per call). */
  tag: string;
}

/** Units the holders of bulkHolders() take together. */
export function bulkUnits(holders: number, cycle: number): number {
  let n = 0;
  for (let i = 1; i <= holders; i++) n += 1 + (i % cycle);
  return n;
}

export async function bulkHolders(exec: Exec, o: BulkHoldersOptions): Promise<void> {
  if (!/^[a-z0-9-]+$/.test(o.tag) || !/^[0-9a-f-]{36}$/.test(o.propertyId)) throw new Error('bad fixture arguments');
  const like = `'bulk-${o.tag}-%@holders.test'`;
  await exec(`INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
    SELECT 'bulk-${o.tag}-' || i || '@holders.test', '!', 'Holder', i::text, 'INVESTOR', 'VERIFIED', true FROM generate_series(1, ${o.holders}) i`);
  await exec(`INSERT INTO checkouts (user_id, purpose, amount_cents, provider, return_path, expires_at)
    SELECT id, 'DEPOSIT', (1 + (last_name::int % ${o.cycle})) * ${o.unitPriceCents}, 'sandbox', '/', now() + interval '1 hour' FROM users WHERE email LIKE ${like}`);
  await exec(`UPDATE checkouts SET status = 'PAID' WHERE status = 'OPEN' AND user_id IN (SELECT id FROM users WHERE email LIKE ${like})`);
  await exec(`INSERT INTO orders (investor_id, property_id, quantity, unit_price_cents, amount_cents)
    SELECT id, '${o.propertyId}', 1 + (last_name::int % ${o.cycle}), 0, 0 FROM users WHERE email LIKE ${like} ORDER BY last_name::int`);
  await exec(`UPDATE orders SET status = 'COMPLETED', decided_at = now() WHERE property_id = '${o.propertyId}' AND status = 'PENDING'
    AND investor_id IN (SELECT id FROM users WHERE email LIKE ${like})`);
}

// Listings seeded by SQL (generate_series), for the catalogue's tests and bench: fast at any
// size, and varied the way the catalogue reads them. One in ten is PENDING_REVIEW and one in
// fifty suspended (not live); states, types, prices, returns and ages spread; every name has
// the word "Seeded", the `tag` and its number, every address one of five streets.
// Parameters: $1 the owner's id (a VERIFIED owner), $2 how many, $3 the tag.
export const SEED_LISTINGS_SQL = `
INSERT INTO properties (owner_id, name, address, state, description, type, status, total_quantity, available_quantity,
                        unit_price_cents, roi_in_five_years, progress, suspended_at, suspended_reason, created_at, updated_at)
SELECT $1::uuid,
       'Seeded ' || $3::text || ' ' || (ARRAY['Harbor','Maple','Cedar','Summit','Riverside','Oak','Willow','Granite'])[1 + n % 8]
         || ' ' || (ARRAY['Lofts','Residences','Court','Towers','Gardens'])[1 + (n / 8) % 5] || ' ' || n,
       (n % 9000 + 1) || ' ' || (ARRAY['Main St','Elm Ave','Park Rd','Lake Dr','Hill St'])[1 + n % 5] || ', '
         || (ARRAY['Springfield','Austin','Denver','Phoenix','Miami'])[1 + (n / 5) % 5],
       (ARRAY['CA','TX','NY','FL','IL','AZ','CO','WA'])[1 + n % 8],
       'Seeded listing',
       CASE WHEN n % 3 = 0 THEN 'OFF_PLAN' ELSE 'RENTAL_READY' END,
       CASE WHEN n % 10 = 0 THEN 'PENDING_REVIEW' ELSE 'ACTIVE' END,
       100, 100, 1000 + (n * 7919) % 500000, ((n * 31) % 1000) / 10.0,
       CASE WHEN n % 3 = 0 THEN n % 101 END,
       CASE WHEN n % 50 = 1 THEN now() END,
       CASE WHEN n % 50 = 1 THEN 'seeded' END,
       now() - make_interval(secs => n), now() - make_interval(secs => n)
  FROM generate_series(1, $2::int) AS n`;

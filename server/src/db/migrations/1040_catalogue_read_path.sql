-- The public catalogue's read path (server/src/modules/properties/catalogue.ts): every
-- public read walks an index that holds only live listings, whatever the table's size.
-- "Live" is the public predicate: status ACTIVE or FUNDED and not suspended. Each sort has
-- a partial index in its own order, the id as tie-break in the same direction (so a keyset
-- cursor is one row comparison), with the filter columns included so filtering and
-- skipping rows read the index only. Tables and indexes only: the counters' trigger is a
-- rule (properties/sql/catalogue_counts_apply.sql).

CREATE INDEX properties_public_newest_idx ON properties (created_at DESC, id DESC) INCLUDE (state, type)
  WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
-- price_asc walks it forward, price_desc backward.
CREATE INDEX properties_public_price_idx ON properties (unit_price_cents, id) INCLUDE (state, type)
  WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
CREATE INDEX properties_public_roi_idx ON properties (roi_in_five_years DESC, id DESC) INCLUDE (state, type)
  WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
CREATE INDEX properties_public_funded_idx ON properties ((settled_quantity::numeric / total_quantity) DESC, id DESC)
  INCLUDE (state, type) WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
-- The sitemap: every live listing's id and last change, in id order, from the index alone.
CREATE INDEX properties_public_sitemap_idx ON properties (id) INCLUDE (updated_at)
  WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;

-- Name and address search: a trigram index serves ILIKE '%…%'. pg_trgm ships with
-- PostgreSQL (trusted since 13) and with PGlite (db/client.ts loads it); where it cannot be
-- created the search stays correct, by scanning. It goes into schema public: one extension
-- per database, while each test runs in a schema of its own; the operator class is named
-- with the schema it is in.
DO $$
DECLARE
  ext_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): catalogue search without a trigram index', SQLERRM;
  END;
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ext_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX properties_public_search_idx ON properties USING gin (name %1$I.gin_trgm_ops, address %1$I.gin_trgm_ops) '
      'WHERE status IN (''ACTIVE'', ''FUNDED'') AND suspended_at IS NULL', ext_schema);
  END IF;
END
$$;

-- Live listings per status, state and type, kept by a trigger: the catalogue's totals are
-- a sum over at most a few hundred rows instead of a count over the listings.
CREATE TABLE catalogue_counts (
  status text NOT NULL,
  state char(2) NOT NULL,
  type text NOT NULL,
  n bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (status, state, type)
);
INSERT INTO catalogue_counts (status, state, type, n)
SELECT status, state, type, count(*) FROM properties
 WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL
 GROUP BY status, state, type;

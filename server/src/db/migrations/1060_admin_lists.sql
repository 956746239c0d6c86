-- Admin lists page by keyset (newest first, ties broken by id) and search people by
-- substring. Each index matches a list's filter and its ORDER BY exactly, so a page reads
-- its own rows and never the ones before it. Indexes only.

-- People (investors, owners, admins): all, by status, by role, by role and status.
CREATE INDEX users_keyset_idx ON users (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX users_status_keyset_idx ON users (status, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX users_role_keyset_idx ON users (role, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX users_role_status_keyset_idx ON users (role, status, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Orders an admin sees (not removed from the lists): all, by status, by property, by investor.
CREATE INDEX orders_listed_keyset_idx ON orders (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX orders_listed_status_keyset_idx ON orders (status, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX orders_listed_property_keyset_idx ON orders (property_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX orders_listed_investor_keyset_idx ON orders (investor_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- The audit trail: all, by action, by admin.
CREATE INDEX audit_log_keyset_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_keyset_idx ON audit_log (action, created_at DESC, id DESC);
CREATE INDEX audit_log_actor_keyset_idx ON audit_log (actor_id, created_at DESC, id DESC);

-- Indexes the ones above supersede (same leading columns, without the tie-breaker).
DROP INDEX IF EXISTS users_role_created_idx;
DROP INDEX IF EXISTS audit_log_created_idx;
DROP INDEX IF EXISTS audit_log_action_idx;
DROP INDEX IF EXISTS audit_log_actor_idx;

-- The ledger pages by seq (unique, the order of insertion): ledger_entries_seq_key, and
-- (type, seq), (property_id, seq), (user_id, wallet_seq) from the baseline serve it.

-- Substring search over a person's name and e-mail with trigrams, where the server has
-- pg_trgm (PostgreSQL's contrib; PGlite loads it as an extension). Without it the same
-- ILIKE runs unindexed: correct, only slower. The extension goes to schema public, not the
-- current one, so dropping one schema (tests run one per app) never drops it for the others;
-- the operator class is named with its schema for the same reason.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm cannot be created here (%): people search stays unindexed', SQLERRM;
    END;
  END IF;
  SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX users_search_trgm_idx ON users USING gin ((first_name || '' '' || last_name || '' '' || email) %I.gin_trgm_ops) WHERE deleted_at IS NULL',
      trgm_schema);
  END IF;
END
$$;

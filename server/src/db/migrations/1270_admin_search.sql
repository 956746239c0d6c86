-- The console's search box finds a property by any part of its name, whatever its status
-- (the catalogue's trigram index, migration 1040, covers live listings only). A trigram
-- index serves ILIKE '%…%' where the server has pg_trgm (PostgreSQL's contrib; PGlite loads
-- it as an extension); without it the same ILIKE runs unindexed: correct, only slower.
-- People already have theirs (users_search_trgm_idx, migration 1060); ids are primary keys.
-- The operator class is named with the extension's schema, as in migration 1060. Index only.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm cannot be created here (%): property search stays unindexed', SQLERRM;
    END;
  END IF;
  SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX properties_admin_search_trgm_idx ON properties USING gin (name %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;

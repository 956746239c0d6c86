-- Issue 11: the public catalogue (GET /v1/properties) at speed.
--
-- Indexes for every filter and sort the list offers. Already there (0001): status with
-- each sort column (newest, price ascending, annual return), state and type (each with
-- status), the owner's list. Added here: price descending (its tie-break on id runs
-- ascending, so the ascending index cannot be read backwards), a combined state + type
-- filter. The name search (`ILIKE '%…%'`) filters the rows the status index leaves, which
-- stays cheap at catalogue sizes (a pg_trgm index would need an extension the embedded
-- database and a schema-per-tenant PostgreSQL do not both offer). The "funded" sort stays
-- unindexed on purpose (0011: an index over the unit counters would rewrite on every order).
CREATE INDEX properties_status_price_desc_idx ON properties (status, unit_price_cents DESC, id);
CREATE INDEX properties_state_type_idx ON properties (state, type, status);


-- The catalogue's version: any change to a listing, its files or its progress notes
-- (including the unit counters orders move, through their triggers) takes the next value.
-- The API keeps recently listed pages in memory under the version they were read at and
-- asks for the version (one tiny read) before serving one, so a cached page never outlives
-- a change (modules/properties/catalogue-cache.ts).
CREATE SEQUENCE catalogue_version;

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_version');
  RETURN NULL;
END
$$;

CREATE TRIGGER properties_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER files_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON files
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER progress_updates_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON progress_updates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

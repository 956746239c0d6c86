-- Keeps catalogue_counts when a listing's facets change: one live listing (ACTIVE or FUNDED,
-- not suspended) per row of its status, state and type. Does nothing unless one of those
-- values changes, so orders moving the unit counters never touch the counters. The test is
-- on the values, in the body: not `UPDATE OF` the columns, because the last units sold turn
-- a listing FUNDED in properties_guard (a BEFORE trigger) without the statement naming its
-- status; not a WHEN clause, which PostgreSQL 15 reads back from the catalog for every
-- statement (more than the call costs, on every order). Inserts and deletes are counted per
-- statement (catalogue_counts_bulk).
CREATE OR REPLACE FUNCTION catalogue_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.status IN ('ACTIVE', 'FUNDED') AND OLD.suspended_at IS NULL;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.status IN ('ACTIVE', 'FUNDED') AND NEW.suspended_at IS NULL;
BEGIN
  IF was_live = is_live AND (NOT is_live OR (NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.state IS NOT DISTINCT FROM OLD.state
                                             AND NEW.type IS NOT DISTINCT FROM OLD.type)) THEN
    RETURN NULL;
  END IF;
  IF was_live THEN
    UPDATE catalogue_counts SET n = n - 1 WHERE status = OLD.status AND state = OLD.state AND type = OLD.type;
  END IF;
  IF is_live THEN
    INSERT INTO catalogue_counts AS c (status, state, type, n) VALUES (NEW.status, NEW.state, NEW.type, 1)
      ON CONFLICT (status, state, type) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER properties_catalogue_counts AFTER UPDATE ON properties FOR EACH ROW
  EXECUTE FUNCTION catalogue_counts_apply();

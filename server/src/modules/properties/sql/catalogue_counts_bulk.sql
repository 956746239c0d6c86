-- Keeps catalogue_counts for inserted and deleted listings, once per statement: a bulk load
-- (or a bulk delete) adds one row per status, state and type it touched, instead of
-- updating the same counter row once per listing. Changes to a listing's facets are
-- catalogue_counts_apply's.
CREATE OR REPLACE FUNCTION catalogue_counts_bulk() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_counts AS c (status, state, type, n)
    SELECT status, state, type, count(*) FROM new_rows
     WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL
     GROUP BY status, state, type
    ON CONFLICT (status, state, type) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    UPDATE catalogue_counts c SET n = c.n - d.n
      FROM (SELECT status, state, type, count(*) AS n FROM old_rows
             WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL
             GROUP BY status, state, type) d
     WHERE c.status = d.status AND c.state = d.state AND c.type = d.type;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER properties_catalogue_counts_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_counts_bulk();

CREATE OR REPLACE TRIGGER properties_catalogue_counts_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_counts_bulk();

-- Takes the snapshot if not taken yet. Locks: distribution row, then property row (the
-- order completing units takes the property row first too, so they serialize).
-- Returns the status after.
CREATE OR REPLACE FUNCTION record_distribution(p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  SELECT id, status, property_id INTO d FROM distributions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Distribution not found' USING ERRCODE = 'TS404';
  END IF;
  IF d.status = 'DECLARED' THEN
    PERFORM 1 FROM properties WHERE id = d.property_id FOR UPDATE;
    UPDATE distributions SET status = 'RECORDED' WHERE id = p_id;
    RETURN 'RECORDED';
  END IF;
  RETURN d.status;
END
$$;

-- Opens a scheduled proposal whose opening time has come: the holders of record are taken
-- in one statement (investors' holdings and the owner's unsold units, as a distribution's
-- record date does), so a trade settling meanwhile is seen wholly or not at all. The property
-- row is locked first, as record_distribution does, so completing an order waits.
-- Returns the status after.
CREATE OR REPLACE FUNCTION proposal_open(p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  p record;
  total bigint;
  cap bigint;
BEGIN
  SELECT id, status, property_id, opens_at, cap_pct INTO p FROM proposals WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Proposal not found' USING ERRCODE = 'TS404';
  END IF;
  IF p.status <> 'SCHEDULED' OR p.opens_at > now() THEN
    RETURN p.status;
  END IF;
  SELECT total_quantity INTO total FROM properties WHERE id = p.property_id FOR UPDATE;
  cap := CASE WHEN p.cap_pct IS NULL THEN NULL ELSE greatest(1, (total * p.cap_pct) / 100) END;
  INSERT INTO proposal_holders (proposal_id, holder_id, is_owner, units, weight)
  SELECT p_id, holder_id, bool_or(is_owner), sum(units), least(sum(units), coalesce(cap, sum(units)))
  FROM (
    SELECT investor_id AS holder_id, false AS is_owner, quantity::bigint AS units FROM holdings
     WHERE property_id = p.property_id AND quantity > 0
    UNION ALL
    SELECT owner_id, true, (total_quantity - settled_quantity)::bigint FROM properties
     WHERE id = p.property_id AND total_quantity > settled_quantity
  ) h
  GROUP BY holder_id;
  UPDATE proposals SET status = 'OPEN' WHERE id = p_id;
  RETURN 'OPEN';
END
$$;

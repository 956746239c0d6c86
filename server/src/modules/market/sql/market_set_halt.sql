-- Admin halt / resume and the owner's switch; each under the property lock. Returns nothing;
-- the server writes the audit log entry in the same transaction.
CREATE OR REPLACE FUNCTION market_set_halt(p_property uuid, p_halt boolean, p_reason text, p_by uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz;
BEGIN
  PERFORM 1 FROM properties WHERE id = p_property FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  SELECT halted_at INTO h FROM market_properties WHERE property_id = p_property;
  IF p_halt AND h IS NOT NULL THEN
    RAISE EXCEPTION 'Trading in this property is already halted' USING ERRCODE = 'TS409';
  ELSIF NOT p_halt AND h IS NULL THEN
    RAISE EXCEPTION 'Trading in this property is not halted' USING ERRCODE = 'TS409';
  END IF;
  INSERT INTO market_properties (property_id, halted_at, halt_reason, halted_by)
    VALUES (p_property, CASE WHEN p_halt THEN now() END, CASE WHEN p_halt THEN p_reason END, CASE WHEN p_halt THEN p_by END)
    ON CONFLICT (property_id) DO UPDATE
    SET halted_at = EXCLUDED.halted_at, halt_reason = EXCLUDED.halt_reason, halted_by = EXCLUDED.halted_by, updated_at = now();
  PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
END
$$;

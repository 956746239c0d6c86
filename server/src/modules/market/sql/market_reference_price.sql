-- ---- The reference price of the band ----
-- The later of the latest appraisal and the last trade; neither: the unit price.
-- Returns (price_cents, basis 'LAST_TRADE' | 'APPRAISAL' | 'UNIT_PRICE').
CREATE OR REPLACE FUNCTION market_reference_price(p_property uuid, OUT price_cents bigint, OUT basis text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  a record;
  m record;
BEGIN
  SELECT value_per_unit_cents, appraised_on, created_at INTO a FROM appraisals WHERE property_id = p_property
    ORDER BY appraised_on DESC, created_at DESC LIMIT 1;
  SELECT last_price_cents, last_trade_at INTO m FROM market_properties WHERE property_id = p_property;
  IF m.last_price_cents IS NOT NULL AND (a.value_per_unit_cents IS NULL OR m.last_trade_at >= a.created_at) THEN
    price_cents := m.last_price_cents; basis := 'LAST_TRADE';
  ELSIF a.value_per_unit_cents IS NOT NULL THEN
    price_cents := a.value_per_unit_cents; basis := 'APPRAISAL';
  ELSE
    SELECT unit_price_cents INTO price_cents FROM properties WHERE id = p_property;
    basis := 'UNIT_PRICE';
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION property_is_income_producing(p_status text, p_type text, p_converted timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'FUNDED' AND (p_type = 'RENTAL_READY' OR p_converted IS NOT NULL)
$$;

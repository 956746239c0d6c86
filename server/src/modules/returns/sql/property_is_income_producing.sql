-- Income-producing: rental-ready, or off-plan once converted after construction; on sale or
-- funded. A property partly sold pays its holders per unit held; the owner keeps the share
-- of the units unsold (distributions_after_status).
CREATE OR REPLACE FUNCTION property_is_income_producing(p_status text, p_type text, p_converted timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status IN ('ACTIVE', 'FUNDED') AND (p_type = 'RENTAL_READY' OR p_converted IS NOT NULL)
$$;

-- 'OPEN' | 'HALTED' | 'DISABLED' | 'CLOSED' (contract MarketStatus).
CREATE OR REPLACE FUNCTION market_status(p_status text, p_suspended timestamptz, p_enabled boolean, p_halted timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_suspended IS NOT NULL OR p_status NOT IN ('ACTIVE', 'FUNDED') THEN 'CLOSED'
    WHEN p_halted IS NOT NULL THEN 'HALTED'
    WHEN p_status = 'FUNDED' OR coalesce(p_enabled, false) THEN 'OPEN'
    ELSE 'DISABLED'
  END
$$;

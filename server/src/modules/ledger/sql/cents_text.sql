-- to_char is STABLE (locale), so is this (the pattern uses no locale-dependent field).
CREATE OR REPLACE FUNCTION cents_text(c bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN c < 0 THEN '-' ELSE '' END || '$' || to_char(abs(c) / 100.0, 'FM999,999,999,999,990.00')
$$;

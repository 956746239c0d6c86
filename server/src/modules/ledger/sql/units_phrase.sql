CREATE OR REPLACE FUNCTION units_phrase(n integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT n::text || CASE WHEN n = 1 THEN ' unit' ELSE ' units' END
$$;

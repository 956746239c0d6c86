CREATE OR REPLACE FUNCTION expire_market_orders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  n integer := 0;
  c integer;
  who uuid;
BEGIN
  FOR pid IN SELECT DISTINCT property_id FROM market_orders WHERE status = 'OPEN' AND good_until < market_today() ORDER BY property_id LOOP
    PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
    c := 0;
    FOR who IN
      UPDATE market_orders SET status = 'EXPIRED'
        WHERE property_id = pid AND status = 'OPEN' AND good_until < market_today()
        RETURNING investor_id
    LOOP
      c := c + 1;
      PERFORM market_publish('user:' || who, 'market.order', jsonb_build_object('propertyId', pid));
    END LOOP;
    IF c > 0 THEN
      PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
    END IF;
    n := n + c;
  END LOOP;
  RETURN n;
END
$$;

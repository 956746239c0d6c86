CREATE OR REPLACE FUNCTION users_after_unverified_market() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  oid uuid;
BEGIN
  FOR pid IN SELECT DISTINCT property_id FROM market_orders WHERE investor_id = NEW.id AND status = 'OPEN' ORDER BY property_id LOOP
    PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
    FOR oid IN
      UPDATE market_orders SET status = 'CANCELLED'
        WHERE investor_id = NEW.id AND property_id = pid AND status = 'OPEN'
        RETURNING id
    LOOP
      PERFORM market_publish('user:' || NEW.id, 'market.order', jsonb_build_object('propertyId', pid, 'orderId', oid));
    END LOOP;
    PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_after_unverified_market AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status = 'VERIFIED' AND NEW.status <> 'VERIFIED' AND NEW.role = 'INVESTOR')
  EXECUTE FUNCTION users_after_unverified_market();

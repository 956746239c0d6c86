-- A new order: a VERIFIED investor, an ACTIVE property with the units, the property's price.
CREATE OR REPLACE FUNCTION orders_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
  p record;
BEGIN
  SELECT role, status, deleted_at INTO u FROM users WHERE id = NEW.investor_id;
  IF NOT FOUND OR u.role <> 'INVESTOR' OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'Only investors can place orders' USING ERRCODE = 'TS403';
  END IF;
  -- The words of the API's status gate (statusRefusal), which may have let a stale status through.
  IF u.status = 'REJECTED' THEN
    RAISE EXCEPTION 'Your account verification was rejected: you cannot invest' USING ERRCODE = 'TS403';
  ELSIF u.status <> 'VERIFIED' THEN
    RAISE EXCEPTION 'Your account must be verified before you can invest' USING ERRCODE = 'TS403';
  END IF;
  SELECT status, available_quantity, unit_price_cents INTO p FROM properties WHERE id = NEW.property_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  IF p.status = 'FUNDED' THEN
    RAISE EXCEPTION 'This property is sold out' USING ERRCODE = 'TS409';
  END IF;
  IF p.status <> 'ACTIVE' THEN
    RAISE EXCEPTION 'This property is not open for investment' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.quantity > p.available_quantity THEN
    RAISE EXCEPTION 'Only % available', units_phrase(p.available_quantity) || CASE WHEN p.available_quantity = 1 THEN ' is' ELSE ' are' END
      USING ERRCODE = 'TS409';
  END IF;
  NEW.status := 'PENDING';
  NEW.unit_price_cents := p.unit_price_cents;
  NEW.amount_cents := NEW.quantity::bigint * p.unit_price_cents;
  NEW.reason := NULL;
  NEW.decided_by := NULL;
  NEW.decided_at := NULL;
  NEW.deleted_at := NULL;
  NEW.created_at := now();
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER orders_before_insert BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_before_insert();

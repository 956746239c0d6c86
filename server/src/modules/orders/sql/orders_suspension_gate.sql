-- Runs after orders_before_insert, which has locked the property row: a suspension
-- committed meanwhile is seen here.
CREATE OR REPLACE FUNCTION orders_suspension_gate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT suspended_at FROM properties WHERE id = NEW.property_id) IS NOT NULL THEN
    RAISE EXCEPTION 'This property is suspended: it is not open for investment' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER orders_suspension_gate BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_suspension_gate();

-- Terms never change; status moves only out of PENDING, once.
CREATE OR REPLACE FUNCTION orders_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.investor_id <> OLD.investor_id OR NEW.property_id <> OLD.property_id OR NEW.quantity <> OLD.quantity
     OR NEW.unit_price_cents <> OLD.unit_price_cents OR NEW.amount_cents <> OLD.amount_cents OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of an order never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'PENDING' THEN
      RAISE EXCEPTION 'This order is already %', lower(OLD.status) USING ERRCODE = 'TS409';
    END IF;
    NEW.decided_at := now();
    NEW.updated_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by THEN
    RAISE EXCEPTION 'The decision on an order never changes' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    RAISE EXCEPTION 'Order not found' USING ERRCODE = 'TS404';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER orders_before_update BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_before_update();

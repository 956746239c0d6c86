-- Terms never change; remaining only goes down (fills); status leaves OPEN once.
CREATE OR REPLACE FUNCTION market_orders_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.investor_id <> OLD.investor_id OR NEW.property_id <> OLD.property_id OR NEW.side <> OLD.side OR NEW.units <> OLD.units
     OR NEW.price_cents <> OLD.price_cents OR NEW.good_until IS DISTINCT FROM OLD.good_until OR NEW.created_at <> OLD.created_at OR NEW.seq <> OLD.seq THEN
    RAISE EXCEPTION 'The terms of a market order never change' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status <> 'OPEN' AND (NEW.status <> OLD.status OR NEW.remaining <> OLD.remaining) THEN
    RAISE EXCEPTION 'This order is already %', lower(OLD.status) USING ERRCODE = 'TS409';
  END IF;
  IF NEW.remaining > OLD.remaining OR (NEW.remaining < OLD.remaining AND NEW.filled_cents <= OLD.filled_cents) THEN
    RAISE EXCEPTION 'a market order''s remaining units go down by fills only';
  END IF;
  IF NEW.status IN ('CANCELLED', 'EXPIRED') AND NEW.remaining <> OLD.remaining THEN
    RAISE EXCEPTION 'an order is filled or closed, not both at once';
  END IF;
  IF NEW.remaining = 0 THEN
    NEW.status := 'FILLED';
  END IF;
  NEW.updated_at := now();
  NEW.closed_at := CASE WHEN NEW.status = 'OPEN' THEN NULL ELSE coalesce(OLD.closed_at, now()) END;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER market_orders_before_update BEFORE UPDATE ON market_orders
  FOR EACH ROW EXECUTE FUNCTION market_orders_before_update();

CREATE OR REPLACE FUNCTION properties_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.reserved_quantity <> 0 OR NEW.settled_quantity <> 0 THEN
      RAISE EXCEPTION 'a new property has no units reserved or settled';
    END IF;
  ELSE
    IF (NEW.reserved_quantity <> OLD.reserved_quantity OR NEW.settled_quantity <> OLD.settled_quantity) AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'units are reserved and settled through orders only';
    END IF;
    IF NEW.unit_price_cents <> OLD.unit_price_cents AND OLD.available_quantity <> OLD.total_quantity THEN
      RAISE EXCEPTION 'The unit price cannot change once units are sold' USING ERRCODE = 'TS409';
    END IF;
  END IF;
  IF NEW.status IN ('ACTIVE', 'FUNDED') THEN
    NEW.status := CASE WHEN NEW.available_quantity = 0 THEN 'FUNDED' ELSE 'ACTIVE' END;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER properties_guard BEFORE INSERT OR UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_guard();

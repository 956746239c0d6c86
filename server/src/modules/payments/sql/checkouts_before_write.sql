CREATE OR REPLACE FUNCTION checkouts_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'OPEN' THEN
      RAISE EXCEPTION 'a checkout starts OPEN';
    END IF;
    NEW.settled_at := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.purpose <> OLD.purpose OR NEW.amount_cents <> OLD.amount_cents
     OR NEW.tokens <> OLD.tokens OR NEW.return_path <> OLD.return_path OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of a checkout never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'OPEN' THEN
      RAISE EXCEPTION 'This checkout is already settled' USING ERRCODE = 'TS409';
    END IF;
    NEW.settled_at := now();
  ELSIF NEW.settled_at IS DISTINCT FROM OLD.settled_at THEN
    RAISE EXCEPTION 'settled_at follows the status';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER checkouts_before_write BEFORE INSERT OR UPDATE ON checkouts
  FOR EACH ROW EXECUTE FUNCTION checkouts_before_write();

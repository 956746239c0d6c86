CREATE OR REPLACE FUNCTION checkouts_status_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT status, deleted_at INTO u FROM users WHERE id = NEW.user_id;
  IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This account is closed' USING ERRCODE = 'TS403';
  END IF;
  IF u.status = 'REJECTED' THEN
    RAISE EXCEPTION 'Your account verification was rejected: you cannot add money' USING ERRCODE = 'TS403';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER checkouts_status_gate BEFORE INSERT ON checkouts
  FOR EACH ROW EXECUTE FUNCTION checkouts_status_gate();

CREATE OR REPLACE FUNCTION payouts_status_gate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT status FROM users WHERE id = NEW.user_id) NOT IN ('VERIFIED', 'REJECTED') THEN
    RAISE EXCEPTION 'Your account must be verified before you can withdraw' USING ERRCODE = 'TS403';
  END IF;
  RETURN NEW;
END
$$;

-- Runs after payouts_before_write (trigger names fire in alphabetical order).
CREATE OR REPLACE TRIGGER payouts_status_gate BEFORE INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_status_gate();

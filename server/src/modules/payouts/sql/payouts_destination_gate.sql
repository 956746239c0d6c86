CREATE OR REPLACE FUNCTION payouts_destination_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.payout_destination_id IS DISTINCT FROM OLD.payout_destination_id THEN
      RAISE EXCEPTION 'The terms of a payout never change' USING ERRCODE = 'TS409';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.payout_destination_id IS NULL THEN
    RAISE EXCEPTION 'Choose the bank account to pay this withdrawal to' USING ERRCODE = 'TS400';
  END IF;
  -- FOR SHARE: a removal of this destination waits for this withdrawal (and then refuses).
  SELECT user_id, removed_at INTO d FROM payout_destinations WHERE id = NEW.payout_destination_id FOR SHARE;
  IF NOT FOUND OR d.user_id <> NEW.user_id OR d.removed_at IS NOT NULL THEN
    RAISE EXCEPTION 'Payout account not found' USING ERRCODE = 'TS404';
  END IF;
  RETURN NEW;
END
$$;

-- Fires after payouts_before_write and before payouts_status_gate (alphabetical order).
CREATE OR REPLACE TRIGGER payouts_destination_gate BEFORE INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_destination_gate();

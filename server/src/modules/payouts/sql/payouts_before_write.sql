CREATE OR REPLACE FUNCTION payouts_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT role, deleted_at INTO u FROM users WHERE id = NEW.user_id;
    IF NOT FOUND OR u.role NOT IN ('INVESTOR', 'PROPERTY_OWNER') OR u.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'Only investors and property owners have a wallet to withdraw from' USING ERRCODE = 'TS403';
    END IF;
    NEW.status := 'REQUESTED';
    NEW.reason := NULL;
    NEW.decided_by := NULL;
    NEW.decided_at := NULL;
    NEW.bank_reference := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of a payout never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'REQUESTED' THEN
      RAISE EXCEPTION 'This withdrawal is already %', lower(OLD.status) USING ERRCODE = 'TS409';
    END IF;
    -- Paid means sent: the transfer's bank reference is what reconciles it with the bank.
    IF NEW.status = 'PAID' AND coalesce(btrim(NEW.bank_reference), '') = '' THEN
      RAISE EXCEPTION 'Enter the bank reference of the transfer' USING ERRCODE = 'TS400';
    END IF;
    IF NEW.status <> 'PAID' THEN
      NEW.bank_reference := NULL;
    END IF;
    NEW.decided_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by OR NEW.reason IS DISTINCT FROM OLD.reason
        OR NEW.bank_reference IS DISTINCT FROM OLD.bank_reference THEN
    RAISE EXCEPTION 'The decision on a payout never changes' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER payouts_before_write BEFORE INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_before_write();

-- Saved details never change, with two exceptions: the sealed details erased (set to ''),
-- only once the person's account is closed; and re-sealed (the same details under the current
-- key, v2, bound to the row: key rotation), only by a transaction that declares it with
-- set_config('tessera.reseal', 'on', true). The database cannot read sealed text, so what a
-- re-seal may do is narrow: from sealed text to v2 sealed text, nothing else on the row.
CREATE OR REPLACE FUNCTION payout_destinations_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resealing boolean := coalesce(current_setting('tessera.reseal', true), '') = 'on'
    AND OLD.details_sealed <> '' AND NEW.details_sealed ~ '^v2:';
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind OR NEW.holder_name <> OLD.holder_name OR NEW.country <> OLD.country
     OR NEW.last4 <> OLD.last4 OR NEW.created_at <> OLD.created_at
     OR (NEW.details_sealed <> OLD.details_sealed AND NEW.details_sealed <> '' AND NOT resealing) THEN
    RAISE EXCEPTION 'A saved bank account never changes: remove it and add a new one' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.details_sealed <> OLD.details_sealed AND NEW.details_sealed = ''
     AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Bank details are erased only when the account closes' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.removed_at IS NOT NULL AND NEW.removed_at IS DISTINCT FROM OLD.removed_at THEN
    RAISE EXCEPTION 'This bank account is already removed' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL
     AND EXISTS (SELECT 1 FROM payouts WHERE payout_destination_id = OLD.id AND status = 'REQUESTED') THEN
    RAISE EXCEPTION 'This bank account has a withdrawal waiting to be paid: cancel it or wait until it is decided before removing the account'
      USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER payout_destinations_before_update BEFORE UPDATE ON payout_destinations
  FOR EACH ROW EXECUTE FUNCTION payout_destinations_before_update();

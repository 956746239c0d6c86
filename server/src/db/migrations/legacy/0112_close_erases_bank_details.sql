-- Closing an account erases the person's bank details. A payout destination keeps what the
-- records need (holder name, kind, country, the last four digits: the withdrawals that named
-- it still show where they were paid), and loses the sealed full numbers, which nobody may
-- use again: a closed account has no requested withdrawal (account_closing_refusals) and can
-- request none. In the database, so every way an account closes erases them, in the same
-- transaction as the closing.

-- '' is erased details.
ALTER TABLE payout_destinations
  DROP CONSTRAINT payout_destinations_details_sealed_check,
  ADD CONSTRAINT payout_destinations_details_sealed_check CHECK (details_sealed ~ '^v1:' OR details_sealed = '');

-- 0090's rule (saved details never change) with the one change it now allows: the sealed
-- details erased (set to ''), and only once the person's account is closed.
CREATE OR REPLACE FUNCTION payout_destinations_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind OR NEW.holder_name <> OLD.holder_name OR NEW.country <> OLD.country
     OR NEW.last4 <> OLD.last4 OR NEW.created_at <> OLD.created_at
     OR (NEW.details_sealed <> OLD.details_sealed AND NEW.details_sealed <> '') THEN
    RAISE EXCEPTION 'A saved bank account never changes: remove it and add a new one' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.details_sealed <> OLD.details_sealed
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

CREATE FUNCTION users_after_close_erase_bank_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_destinations
    SET details_sealed = '',
        removed_at = coalesce(removed_at, NEW.deleted_at)
    WHERE user_id = NEW.id AND details_sealed <> '';
  RETURN NULL;
END
$$;
CREATE TRIGGER users_after_close_erase_bank_details AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION users_after_close_erase_bank_details();

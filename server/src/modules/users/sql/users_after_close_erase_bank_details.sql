CREATE OR REPLACE FUNCTION users_after_close_erase_bank_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_destinations
    SET details_sealed = '',
        removed_at = coalesce(removed_at, NEW.deleted_at)
    WHERE user_id = NEW.id AND details_sealed <> '';
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_after_close_erase_bank_details AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION users_after_close_erase_bank_details();

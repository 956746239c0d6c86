-- A closed account keeps no two-factor secret, recovery codes, passkeys or pending e-mail
-- change (nobody can sign in to it).
CREATE OR REPLACE FUNCTION users_after_close_erase_two_factor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_totp WHERE user_id = NEW.id;
  DELETE FROM user_recovery_codes WHERE user_id = NEW.id;
  DELETE FROM signin_challenges WHERE user_id = NEW.id;
  DELETE FROM email_changes WHERE user_id = NEW.id;
  DELETE FROM user_passkeys WHERE user_id = NEW.id;
  DELETE FROM webauthn_challenges WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_after_close_erase_two_factor AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION users_after_close_erase_two_factor();

-- A revoked token stays revoked; an approved one (four eyes) stays approved.
CREATE OR REPLACE FUNCTION release_tokens_keep_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at THEN
    RAISE EXCEPTION 'a revoked release token cannot be restored' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.approved AND NOT NEW.approved THEN
    RAISE EXCEPTION 'an approved release token stays approved (revoke it instead)' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.token_hash <> OLD.token_hash OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a release token''s hash and creation time never change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER release_tokens_keep_revoked BEFORE UPDATE ON release_tokens
  FOR EACH ROW EXECUTE FUNCTION release_tokens_keep_revoked();

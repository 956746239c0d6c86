-- Long-lived release tokens (issue 17): `npm run release -- status|tick --api …` reads the
-- remote-load telemetry with one, instead of signing in on every call. Created and revoked
-- by admins (/v1/admin/release-tokens); only the SHA-256 of the token is stored. A token
-- authenticates GET /v1/telemetry/remote-load/summary and nothing else.
CREATE TABLE release_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_used_at timestamptz,
  CHECK (revoked_at IS NULL OR revoked_at >= created_at)
);
-- A revoked token stays revoked.
CREATE FUNCTION release_tokens_keep_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at THEN
    RAISE EXCEPTION 'a revoked release token cannot be restored' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.token_hash <> OLD.token_hash OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a release token''s hash and creation time never change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER release_tokens_keep_revoked BEFORE UPDATE ON release_tokens
  FOR EACH ROW EXECUTE FUNCTION release_tokens_keep_revoked();

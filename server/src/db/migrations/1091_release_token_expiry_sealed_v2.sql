-- Release tokens expire: a token leaked in an old CI log must not read telemetry forever.
-- Tokens made before this get 90 days from now.
ALTER TABLE release_tokens ADD COLUMN expires_at timestamp with time zone;
UPDATE release_tokens SET expires_at = greatest(now(), created_at) + interval '90 days';
ALTER TABLE release_tokens ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE release_tokens ADD CONSTRAINT release_tokens_expires_check CHECK ((expires_at > created_at));

-- Sealed bank details v2: `v2:<key id>:…`, bound to their row's id (GCM associated data) so a
-- database writer cannot move one person's sealed details onto another's row. v1 rows stay
-- readable until re-sealed (on read, or by `npm run rotate-keys`).
ALTER TABLE payout_destinations DROP CONSTRAINT payout_destinations_details_sealed_check;
ALTER TABLE payout_destinations ADD CONSTRAINT payout_destinations_details_sealed_check
  CHECK (((details_sealed ~ '^v1:'::text) OR (details_sealed ~ '^v2:[A-Za-z0-9_-]{1,32}:'::text) OR (details_sealed = ''::text)));

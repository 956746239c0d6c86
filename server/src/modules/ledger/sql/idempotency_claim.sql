-- Claims (user, Idempotency-Key) for a request, or answers with the first request's result:
-- the one place that claims (the TypeScript wrapper in ledger/idempotency.ts and
-- place_market_orders call it; idempotency_seen compares and replays). NULL: the key is
-- this request's, go ahead (and idempotency_store its result in the same transaction).
-- Otherwise { hash, status, response }: the first request's fingerprint, status and result.
-- A second request with the same key blocks on the primary key until the first commits
-- (then replays) or rolls back (then claims). The same key with a different request is
-- refused (422); a key without an answer yet is still being worked on (409).
CREATE OR REPLACE FUNCTION idempotency_claim(p_user uuid, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k jsonb;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_user, p_key, p_hash) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  k := idempotency_seen(p_user, p_key, p_hash);
  IF k IS NULL THEN
    RAISE EXCEPTION 'A request with this Idempotency-Key is in progress; try again' USING ERRCODE = 'TS409';
  END IF;
  RETURN k;
END
$$;

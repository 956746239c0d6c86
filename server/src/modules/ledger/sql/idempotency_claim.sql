-- Claims (user, Idempotency-Key) for a request, or answers with the first request's result:
-- the one place that claims, compares and replays (the TypeScript wrapper in
-- ledger/idempotency.ts, place_order and place_market_orders all call it). NULL: the key is
-- this request's, go ahead (and idempotency_store its result in the same transaction).
-- Otherwise { hash, status, response }: the first request's fingerprint, status and result.
-- A second request with the same key blocks on the primary key until the first commits
-- (then replays) or rolls back (then claims). The same key with a different request is
-- refused (422); a key without an answer yet is still being worked on (409).
CREATE OR REPLACE FUNCTION idempotency_claim(p_user uuid, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_user, p_key, p_hash) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT request_hash, status_code, result, response INTO k FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  IF NOT FOUND OR k.status_code IS NULL THEN
    RAISE EXCEPTION 'A request with this Idempotency-Key is in progress; try again' USING ERRCODE = 'TS409';
  END IF;
  IF k.request_hash IS DISTINCT FROM p_hash THEN
    RAISE EXCEPTION 'This Idempotency-Key was already used for a different request' USING ERRCODE = 'TS422';
  END IF;
  -- A row stored before `result` existed (migration 1020) kept its result in `response`.
  RETURN jsonb_build_object('hash', k.request_hash, 'status', k.status_code,
    'response', CASE WHEN k.result IS NOT NULL THEN k.result ELSE k.response END);
END
$$;

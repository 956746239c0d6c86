-- What a key already holds, compared with this request: NULL when (user, key) has no row
-- this statement can see; otherwise { hash, status, response } to replay, or a refusal: the
-- same key with a different request (422), a key without an answer yet (409). The one place
-- that compares and replays: idempotency_claim calls it after its insert, place_order before
-- its work (it keeps its key with the result in one insert at the end).
CREATE OR REPLACE FUNCTION idempotency_seen(p_user uuid, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  SELECT request_hash, status_code, result, response INTO k FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF k.status_code IS NULL THEN
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

-- Keeps a claimed key's answer (idempotency_claim's pair): the status and the operation's
-- result, in the transaction that produced them, so a repeat replays exactly this.
CREATE OR REPLACE FUNCTION idempotency_store(p_user uuid, p_key text, p_status integer, p_result jsonb)
RETURNS void LANGUAGE sql AS $$
  UPDATE idempotency_keys SET status_code = p_status, result = p_result WHERE user_id = p_user AND key = p_key;
$$;

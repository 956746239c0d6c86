-- Keeps a claimed key's answer (idempotency_claim's pair): the status and the operation's
-- result, in the transaction that produced them, so a repeat replays exactly this.
-- PL/pgSQL rather than SQL: a SQL function that is not inlined (an UPDATE never is) is parsed
-- and planned again at every call, and every order calls this; PL/pgSQL keeps the plan for the
-- session.
CREATE OR REPLACE FUNCTION idempotency_store(p_user uuid, p_key text, p_status integer, p_result jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE idempotency_keys SET status_code = p_status, result = p_result WHERE user_id = p_user AND key = p_key;
END
$$;

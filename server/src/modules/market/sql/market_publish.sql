-- ---- Notices and real-time events (the same rows and payloads as notify() / publish()) ----
-- PL/pgSQL, so that its statement is planned once per session (see idempotency_store).
CREATE OR REPLACE FUNCTION market_publish(p_topic text, p_type text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_events', jsonb_build_object('topic', p_topic, 'type', p_type, 'data', p_data)::text);
END
$$;

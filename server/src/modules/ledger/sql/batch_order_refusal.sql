-- One order's refusal in a batch (place_orders, place_market_orders): what the order answers,
-- { error: { code, message, constraint } }, as the error it would have raised alone. NULL when
-- the error is not the order's own but the whole batch's (deadlock, serialization, resources,
-- internal): the caller then raises it again, and the batch is retried or fails as a whole.
CREATE OR REPLACE FUNCTION batch_order_refusal(p_state text, p_message text, p_constraint text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN left(p_state, 2) IN ('40', '53', '54', '55', '57', '58', 'XX') THEN NULL
              ELSE jsonb_build_object('error', jsonb_build_object('code', p_state, 'message', p_message, 'constraint', nullif(p_constraint, '')))
         END
$$;

-- Buying in one statement (the hot path): look the Idempotency-Key up, insert the order (the
-- order triggers check, price, reserve and hold), and return the data the answer is made of:
-- the order row, the property row after the order, its images. With a key, that data is
-- kept with the key in one insert at the end, so a repeat rebuilds the very same answer
-- ({ "replay": … }, idempotency_seen's answer). A twin request with the same key that
-- commits first makes that insert fail (23505 on idempotency_keys_pkey, nothing kept): the
-- API runs the statement again, which then replays the twin's answer (lib/pg-errors.ts,
-- isRetryable). The statement is atomic on its own, its plans are cached per connection.
CREATE OR REPLACE FUNCTION place_order(p_investor uuid, p_property uuid, p_quantity integer, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  claimed jsonb;
  o orders;
  p properties;
  placed jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    claimed := idempotency_seen(p_investor, p_key, p_hash);
    IF claimed IS NOT NULL THEN
      RETURN jsonb_build_object('replay', claimed);
    END IF;
  END IF;
  INSERT INTO orders (investor_id, property_id, quantity, unit_price_cents, amount_cents)
    VALUES (p_investor, p_property, p_quantity, 0, 0) RETURNING * INTO o;
  SELECT * INTO p FROM properties WHERE id = p_property;
  placed := jsonb_build_object(
    'order', to_jsonb(o),
    'property', to_jsonb(p),
    'images', coalesce((SELECT jsonb_agg(to_jsonb(f) ORDER BY f.created_at, f.id) FROM files f WHERE f.property_id = p_property AND f.kind = 'PROPERTY_IMAGE'), '[]'::jsonb)
  );
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, result) VALUES (p_investor, p_key, p_hash, 201, placed);
  END IF;
  RETURN placed;
END
$$;

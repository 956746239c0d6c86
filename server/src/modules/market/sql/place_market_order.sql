-- One order: a batch of one through place_market_orders, with the single order's signature and
-- answer; a refusal is raised as it is.
CREATE OR REPLACE FUNCTION place_market_order(p_investor uuid, p_property uuid, p_side text, p_units integer, p_price_cents bigint,
                                              p_good_until date, p_fee_bps integer, p_band_pct integer, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  res jsonb;
BEGIN
  SELECT r INTO res FROM place_market_orders(p_property,
    jsonb_build_array(jsonb_build_object('investor', p_investor, 'side', p_side, 'units', p_units, 'price', p_price_cents,
                                         'goodUntil', p_good_until, 'key', p_key, 'hash', p_hash)),
    p_fee_bps, p_band_pct) r;
  IF res ? 'error' THEN
    RAISE EXCEPTION USING ERRCODE = res->'error'->>'code', MESSAGE = res->'error'->>'message',
      CONSTRAINT = coalesce(res->'error'->>'constraint', '');
  END IF;
  RETURN res;
END
$$;

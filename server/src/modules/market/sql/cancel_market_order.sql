-- ---- Cancel and expiry: property lock first, then the order ----
-- Cancels the investor's open order (p_investor NULL: any, for admins). Returns the order.
CREATE OR REPLACE FUNCTION cancel_market_order(p_order uuid, p_investor uuid) RETURNS market_orders LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  o market_orders;
BEGIN
  SELECT property_id INTO pid FROM market_orders WHERE id = p_order AND (p_investor IS NULL OR investor_id = p_investor);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Order not found' USING ERRCODE = 'TS404';
  END IF;
  PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
  SELECT * INTO o FROM market_orders WHERE id = p_order FOR UPDATE;
  IF o.status <> 'OPEN' THEN
    RAISE EXCEPTION 'This order is already %', lower(o.status) USING ERRCODE = 'TS409';
  END IF;
  UPDATE market_orders SET status = 'CANCELLED' WHERE id = p_order RETURNING * INTO o;
  PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
  PERFORM market_publish('user:' || o.investor_id, 'market.order', jsonb_build_object('propertyId', pid, 'orderId', o.id));
  RETURN o;
END
$$;

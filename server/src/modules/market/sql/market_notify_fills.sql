CREATE OR REPLACE FUNCTION market_notify_fills(p_trade trades, p_pname text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n_sent bigint;
BEGIN
  WITH n AS (
    INSERT INTO notifications (user_id, kind, title, body, link, data)
    SELECT who, 'MARKET_ORDER_FILLED',
           left('Market order filled: ' || units_phrase(p_trade.units) || ' ' || what, 200),
           left(format('You %s %s of %s at %s per unit (%s)%s.', what, units_phrase(p_trade.units), p_pname, cents_text(p_trade.price_cents),
                       cents_text(p_trade.gross_cents),
                       CASE WHEN side = 'SELL' AND p_trade.fee_cents > 0 THEN ', less a trading fee of ' || cents_text(p_trade.fee_cents) ELSE '' END), 4000),
           '/dashboard/market',
           jsonb_build_object('tradeId', p_trade.id, 'propertyId', p_trade.property_id, 'side', side,
                              'orderId', CASE WHEN side = 'BUY' THEN p_trade.buy_order_id ELSE p_trade.sell_order_id END)
    FROM (VALUES (1, p_trade.buyer_id, 'BUY', 'bought'), (2, p_trade.seller_id, 'SELL', 'sold')) v(k, who, side, what)
    ORDER BY k
    RETURNING id, user_id
  )
  SELECT count(pg_notify('tessera_events', jsonb_build_object('topic', 'user:' || user_id, 'type', 'notification',
                                                              'data', jsonb_build_object('id', id, 'kind', 'MARKET_ORDER_FILLED'))::text))
  INTO STRICT n_sent FROM n;
END
$$;

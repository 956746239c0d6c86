CREATE OR REPLACE FUNCTION trades_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  bid_price bigint;
BEGIN
  SELECT p.name, b.price_cents INTO pname, bid_price FROM properties p, market_orders b WHERE p.id = NEW.property_id AND b.id = NEW.buy_order_id;
  -- Units: seller -> buyer (the seller's were held by the ask). Cost basis: the buyer adds
  -- what was paid; the seller's shrinks pro rata (floor), to 0 with the last unit.
  UPDATE holdings
    SET quantity = quantity - NEW.units, held_quantity = held_quantity - NEW.units,
        amount_invested_cents = amount_invested_cents - (amount_invested_cents * NEW.units) / quantity, updated_at = now()
    WHERE investor_id = NEW.seller_id AND property_id = NEW.property_id AND quantity > NEW.units;
  IF NOT FOUND THEN
    DELETE FROM holdings WHERE investor_id = NEW.seller_id AND property_id = NEW.property_id AND quantity = NEW.units;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the seller does not hold the % sold', units_phrase(NEW.units);
    END IF;
  END IF;
  INSERT INTO holdings (investor_id, property_id, quantity, amount_invested_cents)
    VALUES (NEW.buyer_id, NEW.property_id, NEW.units, NEW.gross_cents)
    ON CONFLICT (investor_id, property_id) DO UPDATE
    SET quantity = holdings.quantity + EXCLUDED.quantity,
        amount_invested_cents = holdings.amount_invested_cents + EXCLUDED.amount_invested_cents,
        updated_at = now();
  -- Money: the bid's hold for these units is released and the trade paid; the seller
  -- receives the gross and pays the fee; the platform receives the fee.
  INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, trade_id, property_id, description)
  SELECT user_id, type, amount, order_id, NEW.id, NEW.property_id, left(description, 300)
  FROM (
    SELECT 1 AS k, NEW.buyer_id AS user_id, 'TRADE_REFUND' AS type, NEW.units::bigint * bid_price AS amount, NEW.buy_order_id AS order_id,
           'Release of the bid for ' || units_phrase(NEW.units) || ' of ' || pname || ' (filled)' AS description
    UNION ALL
    SELECT 2, NEW.buyer_id, 'TRADE_BUY', -NEW.gross_cents, NEW.buy_order_id,
           'Bought ' || units_phrase(NEW.units) || ' of ' || pname || ' at ' || cents_text(NEW.price_cents)
    UNION ALL
    SELECT 3, NEW.seller_id, 'TRADE_SELL', NEW.gross_cents, NEW.sell_order_id,
           'Sold ' || units_phrase(NEW.units) || ' of ' || pname || ' at ' || cents_text(NEW.price_cents)
    UNION ALL
    SELECT 4, NEW.seller_id, 'TRADE_FEE', -NEW.fee_cents, NEW.sell_order_id,
           'Trading fee (' || round(NEW.fee_bps / 100.0, 2) || '%) on the sale of ' || units_phrase(NEW.units) || ' of ' || pname
    WHERE NEW.fee_cents > 0
    UNION ALL
    SELECT 5, platform_revenue_account(), 'FEE_REVENUE', NEW.fee_cents, NULL,
           'Trading fee on ' || units_phrase(NEW.units) || ' of ' || pname
    WHERE NEW.fee_cents > 0
  ) e
  ORDER BY k;
  PERFORM market_notify_fills(NEW, pname);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER trades_after_insert AFTER INSERT ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_after_insert();

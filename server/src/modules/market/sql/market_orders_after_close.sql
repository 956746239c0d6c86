-- Leaving the book unfilled releases the rest: an ask's units, a bid's money.
CREATE OR REPLACE FUNCTION market_orders_after_close() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
BEGIN
  IF NEW.side = 'SELL' THEN
    UPDATE holdings SET held_quantity = held_quantity - NEW.remaining, updated_at = now()
      WHERE investor_id = NEW.investor_id AND property_id = NEW.property_id;
  ELSE
    SELECT name INTO pname FROM properties WHERE id = NEW.property_id;
    INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, property_id, description)
      VALUES (NEW.investor_id, 'TRADE_REFUND', NEW.remaining::bigint * NEW.price_cents, NEW.id, NEW.property_id,
              left('Release of the ' || lower(NEW.status) || ' bid for ' || units_phrase(NEW.remaining) || ' of ' || pname, 300));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER market_orders_after_close AFTER UPDATE OF status ON market_orders
  FOR EACH ROW WHEN (OLD.status = 'OPEN' AND NEW.status IN ('CANCELLED', 'EXPIRED')) EXECUTE FUNCTION market_orders_after_close();

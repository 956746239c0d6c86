-- A new order's hold: an ask's units in one update (read again only to word a
-- refusal); a bid's entry with the property's name read inside the ledger insert.
CREATE OR REPLACE FUNCTION market_orders_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  h record;
  bal bigint;
  need bigint;
BEGIN
  IF NEW.side = 'SELL' THEN
    -- The holding row is locked by the update (or, when it does not cover the units, read
    -- for the message: the statement's refusal rolls back the order anyway).
    UPDATE holdings SET held_quantity = held_quantity + NEW.units, updated_at = now()
      WHERE investor_id = NEW.investor_id AND property_id = NEW.property_id AND quantity - held_quantity >= NEW.units;
    IF NOT FOUND THEN
      SELECT quantity, held_quantity INTO h FROM holdings WHERE investor_id = NEW.investor_id AND property_id = NEW.property_id FOR UPDATE;
      RAISE EXCEPTION 'You have % available to sell', units_phrase(coalesce(h.quantity - h.held_quantity, 0)) USING ERRCODE = 'TS409';
    END IF;
  ELSE
    need := NEW.units::bigint * NEW.price_cents;
    SELECT balance_cents INTO bal FROM wallets WHERE user_id = NEW.investor_id FOR UPDATE;
    IF coalesce(bal, 0) < need THEN
      RAISE EXCEPTION 'Your wallet has % available; this order needs %', cents_text(coalesce(bal, 0)), cents_text(need) USING ERRCODE = 'TS409';
    END IF;
    INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, property_id, description)
      SELECT NEW.investor_id, 'TRADE_HOLD', -need, NEW.id, NEW.property_id,
             left('Bid for ' || units_phrase(NEW.units) || ' of ' || p.name || ' at ' || cents_text(NEW.price_cents), 300)
      FROM properties p WHERE p.id = NEW.property_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER market_orders_after_insert AFTER INSERT ON market_orders
  FOR EACH ROW EXECUTE FUNCTION market_orders_after_insert();

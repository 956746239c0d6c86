-- A trade: the buyer gets a lot (what was paid; the market charges its fee to the seller),
-- and the seller's open lots of the property are consumed first in, first out. Each lot
-- consumed records its share of the units, the cost basis (pro rata, floor; the lot's last
-- unit takes what is left), the proceeds and the fee (by units, the last piece taking the
-- remainder), and the gain or loss net of the fee.
CREATE OR REPLACE FUNCTION lots_after_trade() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l record;
  left_units integer := NEW.units;
  left_gross bigint := NEW.gross_cents;
  left_fee bigint := NEW.fee_cents;
  take integer;
  cost bigint;
  gross bigint;
  fee bigint;
BEGIN
  FOR l IN SELECT id, remaining_units, remaining_cost_cents FROM lots
           WHERE investor_id = NEW.seller_id AND property_id = NEW.property_id AND remaining_units > 0
           ORDER BY acquired_at, seq FOR UPDATE LOOP
    EXIT WHEN left_units = 0;
    take := least(l.remaining_units, left_units);
    cost := CASE WHEN take = l.remaining_units THEN l.remaining_cost_cents ELSE l.remaining_cost_cents * take / l.remaining_units END;
    gross := CASE WHEN take = left_units THEN left_gross ELSE left_gross * take / left_units END;
    fee := CASE WHEN take = left_units THEN left_fee ELSE left_fee * take / left_units END;
    UPDATE lots SET remaining_units = remaining_units - take, remaining_cost_cents = remaining_cost_cents - cost WHERE id = l.id;
    INSERT INTO lot_disposals (lot_id, investor_id, property_id, trade_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
      VALUES (l.id, NEW.seller_id, NEW.property_id, NEW.id, NEW.created_at, take, cost, gross, fee, gross - fee - cost);
    left_units := left_units - take;
    left_gross := left_gross - gross;
    left_fee := left_fee - fee;
  END LOOP;
  IF left_units > 0 THEN
    RAISE EXCEPTION 'the seller''s lots do not cover the % sold', units_phrase(left_units);
  END IF;
  INSERT INTO lots (investor_id, property_id, source, trade_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
    VALUES (NEW.buyer_id, NEW.property_id, 'TRADE', NEW.id, NEW.created_at, NEW.units, NEW.gross_cents, NEW.units, NEW.gross_cents);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER lots_after_trade AFTER INSERT ON trades
  FOR EACH ROW EXECUTE FUNCTION lots_after_trade();

-- A completed primary order (a reinvestment is one too) is a lot: its units at what they cost.
-- Primary orders carry no fee, so the cost is the order's amount.
CREATE OR REPLACE FUNCTION lots_after_order_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lots (investor_id, property_id, source, order_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
    VALUES (NEW.investor_id, NEW.property_id, 'ORDER', NEW.id, coalesce(NEW.decided_at, now()), NEW.quantity, NEW.amount_cents, NEW.quantity, NEW.amount_cents);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER lots_after_order_completed AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'COMPLETED' AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION lots_after_order_completed();

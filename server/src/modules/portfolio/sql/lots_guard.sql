-- Lots and their disposals change only through the portfolio's triggers (orders completing,
-- trades settling): never deleted, and a lot only ever gives up remaining units and cost.
CREATE OR REPLACE FUNCTION lots_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% change only when orders complete or trades settle', TG_TABLE_NAME;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% are never deleted', TG_TABLE_NAME;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME <> 'lots' THEN
      RAISE EXCEPTION 'lot disposals are never changed';
    END IF;
    IF (to_jsonb(NEW) - 'remaining_units' - 'remaining_cost_cents') <> (to_jsonb(OLD) - 'remaining_units' - 'remaining_cost_cents')
       OR NEW.remaining_units > OLD.remaining_units OR NEW.remaining_cost_cents > OLD.remaining_cost_cents THEN
      RAISE EXCEPTION 'a lot only gives up units and cost to disposals';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE OR REPLACE TRIGGER lots_guard BEFORE INSERT OR UPDATE OR DELETE ON lots
  FOR EACH ROW EXECUTE FUNCTION lots_guard();
CREATE OR REPLACE TRIGGER lot_disposals_guard BEFORE INSERT OR UPDATE OR DELETE ON lot_disposals
  FOR EACH ROW EXECUTE FUNCTION lots_guard();

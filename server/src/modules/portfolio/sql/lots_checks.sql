-- lots's CHECK constraints (8), in the one CHECK lots_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (6.1 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds lots_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION lots_checks(source text, order_id uuid, trade_id uuid, units integer, cost_cents bigint, fee_cents bigint, remaining_units integer, remaining_cost_cents bigint)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce((((fee_cents >= 0) AND (fee_cents <= cost_cents))), true) THEN
    PERFORM check_violated('lots', 'lots_check');
  END IF;
  IF NOT coalesce((((remaining_units >= 0) AND (remaining_units <= units))), true) THEN
    PERFORM check_violated('lots', 'lots_check1');
  END IF;
  IF NOT coalesce((((remaining_cost_cents >= 0) AND (remaining_cost_cents <= cost_cents))), true) THEN
    PERFORM check_violated('lots', 'lots_check2');
  END IF;
  IF NOT coalesce((((remaining_units > 0) OR (remaining_cost_cents = 0))), true) THEN
    PERFORM check_violated('lots', 'lots_check3');
  END IF;
  IF NOT coalesce(((((source = 'ORDER'::text) = (order_id IS NOT NULL)) AND ((source = 'TRADE'::text) = (trade_id IS NOT NULL)))), true) THEN
    PERFORM check_violated('lots', 'lots_check4');
  END IF;
  IF NOT coalesce(((cost_cents >= 0)), true) THEN
    PERFORM check_violated('lots', 'lots_cost_cents_check');
  END IF;
  IF NOT coalesce(((source = ANY (ARRAY['ORDER'::text, 'TRADE'::text]))), true) THEN
    PERFORM check_violated('lots', 'lots_source_check');
  END IF;
  IF NOT coalesce(((units > 0)), true) THEN
    PERFORM check_violated('lots', 'lots_units_check');
  END IF;
  RETURN true;
END
$$;

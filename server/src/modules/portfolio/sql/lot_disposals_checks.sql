-- lot_disposals's CHECK constraints (6), in the one CHECK lot_disposals_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (2.9 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds lot_disposals_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION lot_disposals_checks(trade_id uuid, units integer, cost_cents bigint, proceeds_cents bigint, fee_cents bigint, gain_cents bigint, sale_id uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((gain_cents = ((proceeds_cents - fee_cents) - cost_cents))), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_check');
  END IF;
  IF NOT coalesce(((cost_cents >= 0)), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_cost_cents_check');
  END IF;
  IF NOT coalesce(((fee_cents >= 0)), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_fee_cents_check');
  END IF;
  IF NOT coalesce((((trade_id IS NULL) <> (sale_id IS NULL))), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_one_source');
  END IF;
  IF NOT coalesce(((proceeds_cents >= 0)), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_proceeds_cents_check');
  END IF;
  IF NOT coalesce(((units > 0)), true) THEN
    PERFORM check_violated('lot_disposals', 'lot_disposals_units_check');
  END IF;
  RETURN true;
END
$$;

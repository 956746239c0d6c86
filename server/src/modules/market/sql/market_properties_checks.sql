-- market_properties's CHECK constraints (4), in the one CHECK market_properties_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (2.5 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds market_properties_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION market_properties_checks(halted_at timestamp with time zone, halt_reason text, last_price_cents bigint, last_trade_at timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce((((halted_at IS NULL) = (halt_reason IS NULL))), true) THEN
    PERFORM check_violated('market_properties', 'market_properties_check');
  END IF;
  IF NOT coalesce((((last_price_cents IS NULL) = (last_trade_at IS NULL))), true) THEN
    PERFORM check_violated('market_properties', 'market_properties_check1');
  END IF;
  IF NOT coalesce((((length(halt_reason) >= 1) AND (length(halt_reason) <= 500))), true) THEN
    PERFORM check_violated('market_properties', 'market_properties_halt_reason_check');
  END IF;
  IF NOT coalesce(((last_price_cents > 0)), true) THEN
    PERFORM check_violated('market_properties', 'market_properties_last_price_cents_check');
  END IF;
  RETURN true;
END
$$;

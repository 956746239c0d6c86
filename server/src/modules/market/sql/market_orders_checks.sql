-- market_orders's CHECK constraints (10), in the one CHECK market_orders_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (6.9 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds market_orders_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION market_orders_checks(side text, units integer, remaining integer, price_cents bigint, status text, filled_cents bigint, closed_at timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((remaining <= units)), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_check');
  END IF;
  IF NOT coalesce((((status = 'OPEN'::text) = (closed_at IS NULL))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_check1');
  END IF;
  IF NOT coalesce((((status <> 'OPEN'::text) OR (remaining > 0))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_check2');
  END IF;
  IF NOT coalesce((((status <> 'FILLED'::text) OR (remaining = 0))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_check3');
  END IF;
  IF NOT coalesce(((filled_cents >= 0)), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_filled_cents_check');
  END IF;
  IF NOT coalesce((((price_cents > 0) AND (price_cents <= '100000000000'::bigint))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_price_cents_check');
  END IF;
  IF NOT coalesce(((remaining >= 0)), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_remaining_check');
  END IF;
  IF NOT coalesce(((side = ANY (ARRAY['BUY'::text, 'SELL'::text]))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_side_check');
  END IF;
  IF NOT coalesce(((status = ANY (ARRAY['OPEN'::text, 'FILLED'::text, 'CANCELLED'::text, 'EXPIRED'::text]))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_status_check');
  END IF;
  IF NOT coalesce((((units > 0) AND (units <= 1000000))), true) THEN
    PERFORM check_violated('market_orders', 'market_orders_units_check');
  END IF;
  RETURN true;
END
$$;

-- trades's CHECK constraints (7), in the one CHECK trades_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (4.6 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds trades_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION trades_checks(buyer_id uuid, seller_id uuid, units integer, price_cents bigint, gross_cents bigint, fee_bps integer, fee_cents bigint, aggressor text)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((aggressor = ANY (ARRAY['BUY'::text, 'SELL'::text]))), true) THEN
    PERFORM check_violated('trades', 'trades_aggressor_check');
  END IF;
  IF NOT coalesce(((gross_cents = ((units)::bigint * price_cents))), true) THEN
    PERFORM check_violated('trades', 'trades_check');
  END IF;
  IF NOT coalesce(((fee_cents = (((gross_cents * fee_bps) + 5000) / 10000))), true) THEN
    PERFORM check_violated('trades', 'trades_check1');
  END IF;
  IF NOT coalesce(((buyer_id <> seller_id)), true) THEN
    PERFORM check_violated('trades', 'trades_check2');
  END IF;
  IF NOT coalesce((((fee_bps >= 0) AND (fee_bps <= 10000))), true) THEN
    PERFORM check_violated('trades', 'trades_fee_bps_check');
  END IF;
  IF NOT coalesce(((price_cents > 0)), true) THEN
    PERFORM check_violated('trades', 'trades_price_cents_check');
  END IF;
  IF NOT coalesce(((units > 0)), true) THEN
    PERFORM check_violated('trades', 'trades_units_check');
  END IF;
  RETURN true;
END
$$;

-- holdings's CHECK constraints (3), in the one CHECK holdings_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (1.6 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds holdings_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION holdings_checks(quantity integer, amount_invested_cents bigint, held_quantity integer)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((amount_invested_cents > 0)), true) THEN
    PERFORM check_violated('holdings', 'holdings_amount_invested_cents_check');
  END IF;
  IF NOT coalesce((((held_quantity >= 0) AND (held_quantity <= quantity))), true) THEN
    PERFORM check_violated('holdings', 'holdings_held_within');
  END IF;
  IF NOT coalesce(((quantity > 0)), true) THEN
    PERFORM check_violated('holdings', 'holdings_quantity_check');
  END IF;
  RETURN true;
END
$$;

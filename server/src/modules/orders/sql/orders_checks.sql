-- orders's CHECK constraints (7), in the one CHECK orders_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (4.8 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds orders_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION orders_checks(quantity integer, unit_price_cents bigint, amount_cents bigint, status text, reason text, decided_at timestamp with time zone, deleted_at timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((amount_cents = ((quantity)::bigint * unit_price_cents))), true) THEN
    PERFORM check_violated('orders', 'orders_check');
  END IF;
  IF NOT coalesce((((status = 'PENDING'::text) = (decided_at IS NULL))), true) THEN
    PERFORM check_violated('orders', 'orders_check1');
  END IF;
  IF NOT coalesce((((deleted_at IS NULL) OR (status = ANY (ARRAY['REJECTED'::text, 'CANCELLED'::text])))), true) THEN
    PERFORM check_violated('orders', 'orders_check2');
  END IF;
  IF NOT coalesce(((quantity > 0)), true) THEN
    PERFORM check_violated('orders', 'orders_quantity_check');
  END IF;
  IF NOT coalesce(((length(reason) <= 500)), true) THEN
    PERFORM check_violated('orders', 'orders_reason_check');
  END IF;
  IF NOT coalesce(((status = ANY (ARRAY['PENDING'::text, 'COMPLETED'::text, 'REJECTED'::text, 'CANCELLED'::text]))), true) THEN
    PERFORM check_violated('orders', 'orders_status_check');
  END IF;
  IF NOT coalesce(((unit_price_cents > 0)), true) THEN
    PERFORM check_violated('orders', 'orders_unit_price_cents_check');
  END IF;
  RETURN true;
END
$$;

-- ledger_entries's CHECK constraints (5), in the one CHECK ledger_entries_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (3.3 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds ledger_entries_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION ledger_entries_checks(wallet_seq bigint, type text, amount_cents bigint, balance_after_cents bigint, order_id uuid, property_id uuid, payout_id uuid, checkout_id uuid, description text, distribution_id uuid, market_order_id uuid, trade_id uuid, sale_id uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((balance_after_cents >= 0)), true) THEN
    PERFORM check_violated('ledger_entries', 'ledger_entries_balance_after_cents_check');
  END IF;
  IF NOT coalesce(((length(description) <= 300)), true) THEN
    PERFORM check_violated('ledger_entries', 'ledger_entries_description_check');
  END IF;
  IF NOT coalesce((((type ~~ 'SALE\_%'::text) = (sale_id IS NOT NULL))), true) THEN
    PERFORM check_violated('ledger_entries', 'ledger_entries_sale_shape');
  END IF;
  IF NOT coalesce((ledger_entry_shape_ok(type, amount_cents, order_id, payout_id, checkout_id, property_id, distribution_id, market_order_id, trade_id)), true) THEN
    PERFORM check_violated('ledger_entries', 'ledger_entries_type_shape');
  END IF;
  IF NOT coalesce(((wallet_seq > 0)), true) THEN
    PERFORM check_violated('ledger_entries', 'ledger_entries_wallet_seq_check');
  END IF;
  RETURN true;
END
$$;

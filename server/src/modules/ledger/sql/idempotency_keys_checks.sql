-- idempotency_keys's CHECK constraints (2), in the one CHECK idempotency_keys_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (2 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds idempotency_keys_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION idempotency_keys_checks(key text, status_code integer)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce((((length(key) >= 1) AND (length(key) <= 255))), true) THEN
    PERFORM check_violated('idempotency_keys', 'idempotency_keys_key_check');
  END IF;
  IF NOT coalesce((((status_code >= 200) AND (status_code <= 299))), true) THEN
    PERFORM check_violated('idempotency_keys', 'idempotency_keys_status_code_check');
  END IF;
  RETURN true;
END
$$;

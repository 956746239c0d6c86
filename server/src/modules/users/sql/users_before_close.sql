-- The database refuses closing an account that still has anything open or any money. The
-- wallet row is created (at zero) and locked first: a money operation on this wallet that is
-- still running is waited for (and then seen), and one that starts later waits for this one
-- and then meets the closed account (ledger_entries_closed_account below).
CREATE OR REPLACE FUNCTION users_before_close() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  why text;
BEGIN
  IF NEW.role <> 'ADMIN' THEN
    INSERT INTO wallets (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
    PERFORM 1 FROM wallets WHERE user_id = NEW.id FOR UPDATE;
  END IF;
  SELECT string_agg(r, '; ') INTO why FROM account_closing_refusals(NEW.id) AS r;
  IF why IS NOT NULL THEN
    RAISE EXCEPTION 'This account cannot be closed: %', why USING ERRCODE = 'TS409';
  END IF;
  -- The time the account closed, taken after the wallet lock: every entry before it is older.
  NEW.deleted_at := clock_timestamp();
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER users_before_close BEFORE UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION users_before_close();

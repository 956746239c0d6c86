CREATE OR REPLACE FUNCTION ledger_entries_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT deleted_at IS NOT NULL AND role <> 'PLATFORM' FROM users WHERE id = NEW.user_id) THEN
    RAISE EXCEPTION 'This account is closed: no money can be credited to it' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER ledger_entries_closed_account BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_closed_account();

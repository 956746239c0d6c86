-- A balance changes only through a ledger entry (the trigger above runs one level down).
CREATE OR REPLACE FUNCTION wallets_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wallets are never deleted';
  END IF;
  IF TG_OP = 'INSERT' AND (NEW.balance_cents <> 0 OR NEW.entry_count <> 0) THEN
    RAISE EXCEPTION 'a wallet starts at zero; money arrives through ledger entries';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.balance_cents <> OLD.balance_cents OR NEW.entry_count <> OLD.entry_count OR NEW.user_id <> OLD.user_id) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a wallet balance changes only through ledger entries';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER wallets_guard BEFORE INSERT OR UPDATE OR DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallets_guard();

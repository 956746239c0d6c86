CREATE OR REPLACE FUNCTION ledger_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b bigint;
  n bigint;
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger entries are written by money operations only (orders, payouts, checkouts)';
  END IF;
  UPDATE wallets SET balance_cents = balance_cents + NEW.amount_cents, entry_count = entry_count + 1, updated_at = now()
    WHERE user_id = NEW.user_id RETURNING balance_cents, entry_count INTO b, n;
  IF NOT FOUND THEN
    INSERT INTO wallets (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
    UPDATE wallets SET balance_cents = balance_cents + NEW.amount_cents, entry_count = entry_count + 1, updated_at = now()
      WHERE user_id = NEW.user_id RETURNING balance_cents, entry_count INTO b, n;
  END IF;
  NEW.balance_after_cents := b;
  NEW.wallet_seq := n;
  NEW.created_at := now();
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_apply();

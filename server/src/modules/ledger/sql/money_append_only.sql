CREATE OR REPLACE FUNCTION money_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps the money history: rows are never changed, deleted or truncated', TG_TABLE_NAME;
END
$$;

CREATE OR REPLACE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER wallets_no_truncate BEFORE TRUNCATE ON wallets
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER holdings_no_truncate BEFORE TRUNCATE ON holdings
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER orders_no_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER checkouts_no_delete BEFORE DELETE ON checkouts
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER checkouts_no_truncate BEFORE TRUNCATE ON checkouts
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER payouts_no_delete BEFORE DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER income_reports_no_delete BEFORE DELETE ON income_reports
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER distributions_no_delete BEFORE DELETE ON distributions
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER distributions_no_truncate BEFORE TRUNCATE ON distributions
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER distribution_holders_no_truncate BEFORE TRUNCATE ON distribution_holders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER trades_no_change BEFORE UPDATE OR DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER trades_no_truncate BEFORE TRUNCATE ON trades
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER market_orders_no_delete BEFORE DELETE ON market_orders
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

CREATE OR REPLACE TRIGGER market_orders_no_truncate BEFORE TRUNCATE ON market_orders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

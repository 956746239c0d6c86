-- Money, part 1: wallets and the append-only ledger (integer cents).
--
-- A wallet's balance is moved only by ledger entries: inserting an entry adds its amount
-- to the wallet (created on first use) in the same statement and records the balance
-- after it; the CHECK on wallets makes any entry that would take a balance below zero
-- fail, so the whole money operation rolls back. Entries are written only by the money
-- tables' triggers (orders, payouts, checkouts: 0011, 0012), never by application code.
--
-- Error codes raised by the money triggers: 'TS' followed by the HTTP status the API
-- answers with (TS400, TS403, TS404, TS409); the message is meant for people.

CREATE TABLE wallets (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  balance_cents bigint NOT NULL DEFAULT 0 CONSTRAINT wallets_balance_not_negative CHECK (balance_cents >= 0),
  -- Entries applied so far: the wallet_seq of the latest.
  entry_count bigint NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 70);

CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Overall order of entries (ids are random). Taken before the wallet lock, so within one
  -- wallet the order is wallet_seq: 1, 2, 3, … given under that lock, in balance order.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  wallet_seq bigint NOT NULL CHECK (wallet_seq > 0),
  type text NOT NULL,
  amount_cents bigint NOT NULL,
  balance_after_cents bigint NOT NULL CHECK (balance_after_cents >= 0),
  order_id uuid,
  property_id uuid REFERENCES properties (id),
  payout_id uuid,
  checkout_id uuid,
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Each type has its sign and names what caused it.
  CONSTRAINT ledger_entries_type_shape CHECK (
    CASE type
      WHEN 'DEPOSIT' THEN amount_cents > 0 AND checkout_id IS NOT NULL
      WHEN 'SUBSCRIPTION_FEE' THEN amount_cents < 0 AND checkout_id IS NOT NULL
      WHEN 'WITHDRAWAL_HOLD' THEN amount_cents < 0 AND payout_id IS NOT NULL
      WHEN 'WITHDRAWAL_RELEASE' THEN amount_cents > 0 AND payout_id IS NOT NULL
      WHEN 'ORDER_HOLD' THEN amount_cents < 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
      WHEN 'ORDER_REFUND' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
      WHEN 'OWNER_PAYOUT' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
      ELSE false
    END
  )
);
-- One entry of a type per cause: an order is held, refunded and paid out at most once,
-- a checkout credited once, a payout held and released once.
CREATE UNIQUE INDEX ledger_entries_order_type_key ON ledger_entries (order_id, type) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entries_payout_type_key ON ledger_entries (payout_id, type) WHERE payout_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entries_checkout_type_key ON ledger_entries (checkout_id, type) WHERE checkout_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entries_wallet_seq_key ON ledger_entries (user_id, wallet_seq);
CREATE INDEX ledger_entries_type_idx ON ledger_entries (type, seq DESC);
CREATE INDEX ledger_entries_property_idx ON ledger_entries (property_id, seq DESC) WHERE property_id IS NOT NULL;
-- Append-only and written in time order: a block-range index is enough for date filters
-- and costs next to nothing per entry.
CREATE INDEX ledger_entries_created_idx ON ledger_entries USING brin (created_at);

CREATE FUNCTION ledger_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_apply();

CREATE FUNCTION money_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps the money history: rows are never changed, deleted or truncated', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

-- A balance changes only through a ledger entry (the trigger above runs one level down).
CREATE FUNCTION wallets_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER wallets_guard BEFORE INSERT OR UPDATE OR DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallets_guard();
CREATE TRIGGER wallets_no_truncate BEFORE TRUNCATE ON wallets
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

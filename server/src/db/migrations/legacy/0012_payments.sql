-- Money, part 3: checkouts (money in, through a payments provider) and payouts (money out).
--
-- A checkout settles once: OPEN -> PAID, DECLINED or EXPIRED. PAID credits the wallet
-- (DEPOSIT); a paid SUBSCRIPTION then takes the fee (SUBSCRIPTION_FEE), marks the user
-- subscribed and records the claimable tokens, unless the user was subscribed already
-- (the money then stays in the wallet). Any other outcome writes nothing.
--
-- A payout (withdrawal request) holds its amount at once (WITHDRAWAL_HOLD); an admin marks
-- it PAID (the money has left) or REJECTED (WITHDRAWAL_RELEASE gives it back).

CREATE TABLE checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('DEPOSIT', 'SUBSCRIPTION')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- Platform tokens a paid SUBSCRIPTION makes claimable.
  tokens integer NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'DECLINED', 'EXPIRED')),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  -- The provider's reference and payment page for this checkout.
  provider_ref text CHECK (length(provider_ref) <= 200),
  checkout_url text CHECK (length(checkout_url) <= 2000),
  return_path text NOT NULL CHECK (left(return_path, 1) = '/' AND length(return_path) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((status = 'OPEN') = (settled_at IS NULL)),
  CHECK (purpose = 'SUBSCRIPTION' OR tokens = 0)
);
CREATE INDEX checkouts_user_idx ON checkouts (user_id, created_at DESC);
CREATE INDEX checkouts_open_idx ON checkouts (expires_at) WHERE status = 'OPEN';

CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (status IN ('REQUESTED', 'PAID', 'REJECTED')),
  reason text CHECK (length(reason) <= 500),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'REQUESTED') = (decided_at IS NULL))
);
CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC);
CREATE INDEX payouts_status_idx ON payouts (status, created_at DESC, id);

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_payout_fk FOREIGN KEY (payout_id) REFERENCES payouts (id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_checkout_fk FOREIGN KEY (checkout_id) REFERENCES checkouts (id);

CREATE FUNCTION checkouts_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'OPEN' THEN
      RAISE EXCEPTION 'a checkout starts OPEN';
    END IF;
    NEW.settled_at := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.purpose <> OLD.purpose OR NEW.amount_cents <> OLD.amount_cents
     OR NEW.tokens <> OLD.tokens OR NEW.return_path <> OLD.return_path OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of a checkout never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'OPEN' THEN
      RAISE EXCEPTION 'This checkout is already settled' USING ERRCODE = 'TS409';
    END IF;
    NEW.settled_at := now();
  ELSIF NEW.settled_at IS DISTINCT FROM OLD.settled_at THEN
    RAISE EXCEPTION 'settled_at follows the status';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER checkouts_before_write BEFORE INSERT OR UPDATE ON checkouts
  FOR EACH ROW EXECUTE FUNCTION checkouts_before_write();

CREATE FUNCTION checkouts_after_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (user_id, type, amount_cents, checkout_id, description)
    VALUES (NEW.user_id, 'DEPOSIT', NEW.amount_cents, NEW.id,
            CASE NEW.purpose WHEN 'SUBSCRIPTION' THEN 'Payment for the early-access subscription' ELSE 'Deposit via ' || NEW.provider END);
  IF NEW.purpose = 'SUBSCRIPTION' THEN
    UPDATE users SET is_subscribed = true, claimable_tokens = claimable_tokens + NEW.tokens, updated_at = now()
      WHERE id = NEW.user_id AND NOT is_subscribed;
    IF FOUND THEN
      INSERT INTO ledger_entries (user_id, type, amount_cents, checkout_id, description)
        VALUES (NEW.user_id, 'SUBSCRIPTION_FEE', -NEW.amount_cents, NEW.id, 'Early-access subscription fee');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER checkouts_after_paid AFTER UPDATE OF status ON checkouts
  FOR EACH ROW WHEN (OLD.status = 'OPEN' AND NEW.status = 'PAID') EXECUTE FUNCTION checkouts_after_paid();

CREATE TRIGGER checkouts_no_delete BEFORE DELETE ON checkouts
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER checkouts_no_truncate BEFORE TRUNCATE ON checkouts
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE FUNCTION payouts_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT role, deleted_at INTO u FROM users WHERE id = NEW.user_id;
    IF NOT FOUND OR u.role NOT IN ('INVESTOR', 'PROPERTY_OWNER') OR u.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'Only investors and property owners have a wallet to withdraw from' USING ERRCODE = 'TS403';
    END IF;
    NEW.status := 'REQUESTED';
    NEW.reason := NULL;
    NEW.decided_by := NULL;
    NEW.decided_at := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of a payout never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'REQUESTED' THEN
      RAISE EXCEPTION 'This withdrawal is already %', CASE OLD.status WHEN 'PAID' THEN 'paid' ELSE 'rejected' END USING ERRCODE = 'TS409';
    END IF;
    NEW.decided_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by OR NEW.reason IS DISTINCT FROM OLD.reason THEN
    RAISE EXCEPTION 'The decision on a payout never changes' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payouts_before_write BEFORE INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_before_write();

CREATE FUNCTION payouts_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, payout_id, description)
      VALUES (NEW.user_id, 'WITHDRAWAL_HOLD', -NEW.amount_cents, NEW.id, 'Withdrawal requested (held until paid)');
  ELSIF NEW.status = 'REJECTED' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, payout_id, description)
      VALUES (NEW.user_id, 'WITHDRAWAL_RELEASE', NEW.amount_cents, NEW.id, 'Withdrawal rejected: amount released');
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER payouts_after_insert AFTER INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_after_write();
CREATE TRIGGER payouts_after_decision AFTER UPDATE OF status ON payouts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION payouts_after_write();

CREATE TRIGGER payouts_no_delete BEFORE DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

-- Accounts through their whole life (issue 16): closing an account, what each verification
-- status may do, suspended listings, cancelled withdrawals.
--
-- The rule table lives in shared-api/src/contract/status-rules.ts; the triggers below are its
-- database half, so no code path can get around it:
--   * a new checkout (add money, subscribe): not for a REJECTED or deleted person;
--   * a new order: VERIFIED investor (0011), and never on a suspended listing;
--   * a new withdrawal: VERIFIED or REJECTED (a rejected person may take out what they hold);
--   * a new listing: not for a REJECTED or deleted owner;
--   * a listing goes live (approved, or resumed after a suspension): VERIFIED owner only;
--   * an owner set to REJECTED: their live listings are suspended in the same transaction;
--     they stay suspended after a later re-verification until an admin resumes them;
--   * a user cannot be deleted while anything is open or any money is theirs, and nothing
--     can move in (or out of) a deleted account's wallet.

-- ---- Suspended listings ----

ALTER TABLE properties
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspended_reason text CHECK (length(suspended_reason) <= 500);
ALTER TABLE properties ADD CONSTRAINT properties_suspension_has_reason
  CHECK ((suspended_at IS NULL) = (suspended_reason IS NULL));

-- ---- Cancelled withdrawals ----

ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check CHECK (status IN ('REQUESTED', 'PAID', 'REJECTED', 'CANCELLED'));

CREATE OR REPLACE FUNCTION payouts_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RAISE EXCEPTION 'This withdrawal is already %', lower(OLD.status) USING ERRCODE = 'TS409';
    END IF;
    NEW.decided_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by OR NEW.reason IS DISTINCT FROM OLD.reason THEN
    RAISE EXCEPTION 'The decision on a payout never changes' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

-- A rejected or cancelled withdrawal gives the held amount back (WITHDRAWAL_RELEASE, once).
CREATE OR REPLACE FUNCTION payouts_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, payout_id, description)
      VALUES (NEW.user_id, 'WITHDRAWAL_HOLD', -NEW.amount_cents, NEW.id, 'Withdrawal requested (held until paid)');
  ELSIF NEW.status = 'REJECTED' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, payout_id, description)
      VALUES (NEW.user_id, 'WITHDRAWAL_RELEASE', NEW.amount_cents, NEW.id, 'Withdrawal rejected: amount released');
  ELSIF NEW.status = 'CANCELLED' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, payout_id, description)
      VALUES (NEW.user_id, 'WITHDRAWAL_RELEASE', NEW.amount_cents, NEW.id, 'Withdrawal cancelled: amount released');
  END IF;
  RETURN NULL;
END
$$;

-- ---- What each status may do (the database half of STATUS_RULES) ----

CREATE FUNCTION checkouts_status_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT status, deleted_at INTO u FROM users WHERE id = NEW.user_id;
  IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This account is closed' USING ERRCODE = 'TS403';
  END IF;
  IF u.status = 'REJECTED' THEN
    RAISE EXCEPTION 'Your account verification was rejected: you cannot add money' USING ERRCODE = 'TS403';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER checkouts_status_gate BEFORE INSERT ON checkouts
  FOR EACH ROW EXECUTE FUNCTION checkouts_status_gate();

CREATE FUNCTION payouts_status_gate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT status FROM users WHERE id = NEW.user_id) NOT IN ('VERIFIED', 'REJECTED') THEN
    RAISE EXCEPTION 'Your account must be verified before you can withdraw' USING ERRCODE = 'TS403';
  END IF;
  RETURN NEW;
END
$$;
-- Runs after payouts_before_write (trigger names fire in alphabetical order).
CREATE TRIGGER payouts_status_gate BEFORE INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_status_gate();

-- Runs after orders_before_insert, which has locked the property row: a suspension
-- committed meanwhile is seen here.
CREATE FUNCTION orders_suspension_gate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT suspended_at FROM properties WHERE id = NEW.property_id) IS NOT NULL THEN
    RAISE EXCEPTION 'This property is suspended: it is not open for investment' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_suspension_gate BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_suspension_gate();

-- A new listing needs an owner who is not rejected or deleted; a listing goes live
-- (approved, or resumed) only when its owner is VERIFIED. (The update trigger fires only on
-- that change, so the counters' updates on every order stay as cheap as before.)
CREATE FUNCTION properties_owner_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT status, deleted_at INTO u FROM users WHERE id = NEW.owner_id;
  IF TG_OP = 'INSERT' THEN
    IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'This account is closed' USING ERRCODE = 'TS403';
    END IF;
    IF u.status = 'REJECTED' THEN
      RAISE EXCEPTION 'Your account verification was rejected: you cannot list a property' USING ERRCODE = 'TS403';
    END IF;
  END IF;
  IF NEW.status IN ('ACTIVE', 'FUNDED') AND NEW.suspended_at IS NULL AND (u.status <> 'VERIFIED' OR u.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Only a verified owner''s listing can be approved (the owner''s account is %)',
      CASE WHEN u.deleted_at IS NOT NULL THEN 'closed' ELSE lower(u.status) END USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER properties_owner_gate_insert BEFORE INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_owner_gate();
CREATE TRIGGER properties_owner_gate_update BEFORE UPDATE ON properties
  FOR EACH ROW WHEN (NEW.status IN ('ACTIVE', 'FUNDED') AND NEW.suspended_at IS NULL
                     AND (OLD.status NOT IN ('ACTIVE', 'FUNDED') OR OLD.suspended_at IS NOT NULL))
  EXECUTE FUNCTION properties_owner_gate();

-- An owner set to REJECTED: their live listings are suspended in the same transaction.
CREATE FUNCTION users_after_rejection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties
    SET suspended_at = now(),
        suspended_reason = 'The owner''s identity verification was rejected: this listing is suspended until an admin resumes it',
        updated_at = now()
    WHERE owner_id = NEW.id AND status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_after_rejection AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (NEW.status = 'REJECTED' AND OLD.status <> 'REJECTED' AND NEW.role = 'PROPERTY_OWNER')
  EXECUTE FUNCTION users_after_rejection();

-- ---- Closing an account ----

-- Every reason an account cannot be closed now (no rows: it can). One sentence each, for
-- people; the API answers them all (409) and the trigger below refuses with them.
CREATE FUNCTION account_closing_refusals(p_user uuid) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  WITH f AS (
    SELECT
      (SELECT count(*) FROM properties WHERE owner_id = p_user AND status IN ('ACTIVE', 'FUNDED')) AS live,
      (SELECT count(*) FROM properties WHERE owner_id = p_user AND status = 'PENDING_REVIEW') AS review,
      (SELECT count(*) FROM orders WHERE investor_id = p_user AND status = 'PENDING') AS pending_own,
      (SELECT count(*) FROM orders o JOIN properties p ON p.id = o.property_id WHERE p.owner_id = p_user AND o.status = 'PENDING') AS pending_listed,
      (SELECT count(*) FROM checkouts WHERE user_id = p_user AND status = 'OPEN' AND expires_at > now()) AS open_checkouts,
      (SELECT count(*) FROM payouts WHERE user_id = p_user AND status = 'REQUESTED') AS withdrawals,
      (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE user_id = p_user AND status = 'REQUESTED') AS withdrawals_cents,
      (SELECT count(*) FROM holdings WHERE investor_id = p_user) AS holdings,
      (SELECT coalesce(sum(quantity), 0) FROM holdings WHERE investor_id = p_user) AS units,
      (SELECT coalesce(balance_cents, 0) FROM wallets WHERE user_id = p_user) AS balance
  )
  SELECT m FROM f, LATERAL (VALUES
    (1, CASE WHEN live > 0 THEN format('%s live listing%s (on sale or funded): they must be closed or taken over first', live, CASE WHEN live = 1 THEN '' ELSE 's' END) END),
    (2, CASE WHEN review > 0 THEN format('%s listing%s under review: approve, reject or delete %s first', review, CASE WHEN review = 1 THEN '' ELSE 's' END, CASE WHEN review = 1 THEN 'it' ELSE 'them' END) END),
    (3, CASE WHEN pending_own > 0 THEN format('%s pending order%s placed by this person: approve, reject or cancel %s first', pending_own, CASE WHEN pending_own = 1 THEN '' ELSE 's' END, CASE WHEN pending_own = 1 THEN 'it' ELSE 'them' END) END),
    (4, CASE WHEN pending_listed > 0 THEN format('%s pending order%s on this person''s listings: approve or reject %s first', pending_listed, CASE WHEN pending_listed = 1 THEN '' ELSE 's' END, CASE WHEN pending_listed = 1 THEN 'it' ELSE 'them' END) END),
    (5, CASE WHEN open_checkouts > 0 THEN format('%s open checkout%s (a payment may still arrive): wait until %s paid, declined or expired', open_checkouts, CASE WHEN open_checkouts = 1 THEN '' ELSE 's' END, CASE WHEN open_checkouts = 1 THEN 'it is' ELSE 'they are' END) END),
    (6, CASE WHEN withdrawals > 0 THEN format('%s requested withdrawal%s ($%s): pay or reject %s first', withdrawals, CASE WHEN withdrawals = 1 THEN '' ELSE 's' END, to_char(withdrawals_cents / 100.0, 'FM999,999,999,999,990.00'), CASE WHEN withdrawals = 1 THEN 'it' ELSE 'them' END) END),
    (7, CASE WHEN holdings > 0 THEN format('Holds %s in %s propert%s: an account with holdings cannot be closed', units_phrase(units::integer), holdings, CASE WHEN holdings = 1 THEN 'y' ELSE 'ies' END) END),
    (8, CASE WHEN balance > 0 THEN format('$%s in the wallet: it must be withdrawn first', to_char(balance / 100.0, 'FM999,999,999,999,990.00')) END)
  ) AS r(n, m)
  WHERE m IS NOT NULL
  ORDER BY n
$$;

-- The database refuses closing an account that still has anything open or any money. The
-- wallet row is created (at zero) and locked first: a money operation on this wallet that is
-- still running is waited for (and then seen), and one that starts later waits for this one
-- and then meets the closed account (ledger_entries_closed_account below).
CREATE FUNCTION users_before_close() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER users_before_close BEFORE UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION users_before_close();

-- Nothing moves in (or out of) a closed account. Named to run after ledger_entries_apply,
-- which has waited for the wallet's row lock: a closing committed meanwhile is seen here.
CREATE FUNCTION ledger_entries_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT deleted_at FROM users WHERE id = NEW.user_id) IS NOT NULL THEN
    RAISE EXCEPTION 'This account is closed: no money can be credited to it' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_entries_closed_account BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_closed_account();

-- Checkouts of accounts closed before this migration that are still open can never credit
-- them now (the trigger above); they are declined, which moves nothing.
UPDATE checkouts SET status = 'DECLINED'
  WHERE status = 'OPEN' AND user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);

-- ---- Invariants: cancelled withdrawals and money in closed accounts are checked by
-- money_invariant_violations() as 0070_money_invariants.sql defines it (one definition of
-- the whole function, with issue 18's checks). ----

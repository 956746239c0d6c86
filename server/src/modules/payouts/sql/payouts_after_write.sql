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

CREATE OR REPLACE TRIGGER payouts_after_insert AFTER INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_after_write();

CREATE OR REPLACE TRIGGER payouts_after_decision AFTER UPDATE OF status ON payouts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION payouts_after_write();

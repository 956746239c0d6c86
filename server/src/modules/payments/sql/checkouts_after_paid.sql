CREATE OR REPLACE FUNCTION checkouts_after_paid() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER checkouts_after_paid AFTER UPDATE OF status ON checkouts
  FOR EACH ROW WHEN (OLD.status = 'OPEN' AND NEW.status = 'PAID') EXECUTE FUNCTION checkouts_after_paid();

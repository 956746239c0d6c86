-- Payout destinations (issue 19): the bank accounts a person's withdrawals are paid to.
-- The full numbers are kept encrypted by the server (AES-256-GCM, key derived from its
-- secret; see modules/payout-destinations/crypto.ts): this table holds only the sealed
-- details and the last four characters that people are shown. A destination is removed
-- by setting removed_at (soft delete); one named by a withdrawal can never be deleted (FK).
CREATE TABLE payout_destinations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('US_ACH', 'IBAN')),
  holder_name text NOT NULL CHECK (length(btrim(holder_name)) BETWEEN 1 AND 140),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9A-Z]{4}$'),
  -- 'v1:' || base64(iv) || ':' || base64(tag) || ':' || base64(ciphertext of the JSON details)
  details_sealed text NOT NULL CHECK (details_sealed ~ '^v1:'),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK (kind <> 'US_ACH' OR country = 'US'),
  -- The target of payouts' composite FK: a withdrawal names a destination of its own person.
  UNIQUE (id, user_id)
);
CREATE INDEX payout_destinations_user_idx ON payout_destinations (user_id, created_at DESC) WHERE removed_at IS NULL;

-- Saved details never change; removal happens once and is final.
CREATE FUNCTION payout_destinations_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind OR NEW.holder_name <> OLD.holder_name OR NEW.country <> OLD.country
     OR NEW.last4 <> OLD.last4 OR NEW.details_sealed <> OLD.details_sealed OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'A saved bank account never changes: remove it and add a new one' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.removed_at IS NOT NULL AND NEW.removed_at IS DISTINCT FROM OLD.removed_at THEN
    RAISE EXCEPTION 'This bank account is already removed' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL
     AND EXISTS (SELECT 1 FROM payouts WHERE payout_destination_id = OLD.id AND status = 'REQUESTED') THEN
    RAISE EXCEPTION 'This bank account has a withdrawal waiting to be paid: cancel it or wait until it is decided before removing the account'
      USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payout_destinations_before_update BEFORE UPDATE ON payout_destinations
  FOR EACH ROW EXECUTE FUNCTION payout_destinations_before_update();

CREATE FUNCTION payout_destinations_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Bank accounts are removed by marking them (removed_at), never deleted' USING ERRCODE = 'TS409';
END
$$;
CREATE TRIGGER payout_destinations_no_delete BEFORE DELETE ON payout_destinations
  FOR EACH ROW EXECUTE FUNCTION payout_destinations_no_delete();

-- A withdrawal names its destination. Rows from before this migration have none (they
-- stay as they were); every new one must (trigger below). The composite FK makes it the
-- person's own in the database itself.
ALTER TABLE payouts ADD COLUMN payout_destination_id uuid;
ALTER TABLE payouts ADD CONSTRAINT payouts_destination_fk
  FOREIGN KEY (payout_destination_id, user_id) REFERENCES payout_destinations (id, user_id);
CREATE INDEX payouts_destination_idx ON payouts (payout_destination_id) WHERE payout_destination_id IS NOT NULL;

CREATE FUNCTION payouts_destination_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.payout_destination_id IS DISTINCT FROM OLD.payout_destination_id THEN
      RAISE EXCEPTION 'The terms of a payout never change' USING ERRCODE = 'TS409';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.payout_destination_id IS NULL THEN
    RAISE EXCEPTION 'Choose the bank account to pay this withdrawal to' USING ERRCODE = 'TS400';
  END IF;
  -- FOR SHARE: a removal of this destination waits for this withdrawal (and then refuses).
  SELECT user_id, removed_at INTO d FROM payout_destinations WHERE id = NEW.payout_destination_id FOR SHARE;
  IF NOT FOUND OR d.user_id <> NEW.user_id OR d.removed_at IS NOT NULL THEN
    RAISE EXCEPTION 'Payout account not found' USING ERRCODE = 'TS404';
  END IF;
  RETURN NEW;
END
$$;
-- Fires after payouts_before_write and before payouts_status_gate (alphabetical order).
CREATE TRIGGER payouts_destination_gate BEFORE INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_destination_gate();

-- One platform-token claim per person, for exactly the tokens they can claim, made by a
-- subscribed, verified investor; the claimable tokens drop to 0 with it (in the same
-- statement, so the two never disagree). Then: PENDING until the chain job mints it (SENT,
-- with its hash; SENT again only when a reset chain got it once more) or the contract refuses
-- it (FAILED, which an operator may set back to PENDING). Never deleted; who and how much
-- never change, nor where SENT tokens went.
CREATE OR REPLACE FUNCTION token_claims_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A platform-token claim is never deleted' USING ERRCODE = 'TS409';
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT role, status, is_subscribed, claimable_tokens, deleted_at INTO u FROM users WHERE id = NEW.user_id FOR UPDATE;
    IF NOT FOUND OR u.role <> 'INVESTOR' OR u.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'Only investors claim platform tokens' USING ERRCODE = 'TS403';
    END IF;
    IF NOT u.is_subscribed THEN
      RAISE EXCEPTION 'Please complete subcription to proceed' USING ERRCODE = 'TS403';
    END IF;
    IF u.status <> 'VERIFIED' THEN
      RAISE EXCEPTION 'Your account must be verified before you can claim platform tokens' USING ERRCODE = 'TS403';
    END IF;
    IF u.claimable_tokens <= 0 THEN
      RAISE EXCEPTION 'You have no platform tokens to claim' USING ERRCODE = 'TS409';
    END IF;
    IF NEW.amount IS DISTINCT FROM u.claimable_tokens THEN
      RAISE EXCEPTION 'A claim is for all your claimable tokens (%), not %', u.claimable_tokens, NEW.amount USING ERRCODE = 'TS409';
    END IF;
    IF NEW.status <> 'PENDING' OR NEW.tx_hash IS NOT NULL OR NEW.sent_at IS NOT NULL THEN
      RAISE EXCEPTION 'A claim starts PENDING' USING ERRCODE = 'TS409';
    END IF;
    UPDATE users SET claimable_tokens = 0, updated_at = now() WHERE id = NEW.user_id;
    RETURN NEW;
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.amount <> OLD.amount OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'Who claimed and how much never change' USING ERRCODE = 'TS409';
  END IF;
  IF NOT ((OLD.status = 'PENDING' AND NEW.status IN ('PENDING', 'SENT', 'FAILED'))
          OR (OLD.status = 'FAILED' AND NEW.status IN ('FAILED', 'PENDING'))
          OR (OLD.status = 'SENT' AND NEW.status = 'SENT')) THEN
    RAISE EXCEPTION 'A % claim cannot become %', OLD.status, NEW.status USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status = 'SENT' AND NEW.destination_address IS DISTINCT FROM OLD.destination_address THEN
    RAISE EXCEPTION 'Sent tokens stay where they went' USING ERRCODE = 'TS409';
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER token_claims_guard BEFORE INSERT OR UPDATE OR DELETE ON token_claims
  FOR EACH ROW EXECUTE FUNCTION token_claims_guard();

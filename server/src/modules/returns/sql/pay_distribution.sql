-- Pays a distribution: snapshot first if needed, then the owner's wallet must cover the sold
-- units' share of the distributable amount + the fee (the owner keeps the unsold units'
-- share), else nothing moves and the refusal is recorded on the row. A cancelled one never pays.
-- Returns 'PAID' (paid now), 'ALREADY_PAID' or 'REFUSED'. Safe to call any number of times
-- from any number of sessions: the row lock serializes them, the status makes it once.
CREATE OR REPLACE FUNCTION pay_distribution(p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  d record;
  bal bigint;
  need bigint;
  holders_share bigint;
BEGIN
  SELECT * INTO d FROM distributions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Distribution not found' USING ERRCODE = 'TS404';
  END IF;
  IF d.status = 'PAID' THEN
    RETURN 'ALREADY_PAID';
  END IF;
  IF d.status = 'CANCELLED' THEN
    RAISE EXCEPTION 'This distribution is cancelled' USING ERRCODE = 'TS409';
  END IF;
  PERFORM record_distribution(p_id);
  SELECT d.distributable_cents - coalesce(sum(cents), 0) INTO holders_share FROM distribution_holders WHERE distribution_id = p_id AND is_owner;
  need := holders_share + d.fee_cents;
  SELECT balance_cents INTO bal FROM wallets WHERE user_id = d.owner_id FOR UPDATE;
  IF coalesce(bal, 0) < need THEN
    UPDATE distributions
      SET refused_reason = format('The owner''s wallet holds %s; paying this distribution needs %s (net income %s + management fee %s)',
                                  cents_text(coalesce(bal, 0)), cents_text(need), cents_text(holders_share), cents_text(d.fee_cents)),
          refused_at = now()
      WHERE id = p_id;
    RETURN 'REFUSED';
  END IF;
  UPDATE distributions SET status = 'PAID' WHERE id = p_id;
  RETURN 'PAID';
END
$$;

-- Corrects a PAID distribution, all or nothing: its entries are reversed (the original ones
-- stay; distributions_after_status posts the opposites when it turns CORRECTED), then, unless
-- the corrected total is 0 (a pure reversal), a new distribution of the same report, linked by
-- corrects_id, splits the corrected total over the original's holders of record and is paid.
-- Refused (TS409, nothing written) when the distribution is not PAID, when a holder's wallet
-- no longer holds what the reversal takes back, or when the owner's wallet (after the
-- reversal's refund) cannot fund the corrected total. Returns the correction's id, or NULL.
-- Locks: the distribution row, then every wallet it touches in user-id order (the order
-- pay_distribution's entries take them), so a withdrawal cannot race the check.
CREATE OR REPLACE FUNCTION correct_distribution(p_id uuid, p_total_cents bigint, p_by uuid, p_reason text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  d record;
  short_n bigint;
  short_cents bigint;
  platform_short bigint;
  new_id uuid;
  result text;
  why text;
BEGIN
  SELECT * INTO d FROM distributions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Distribution not found' USING ERRCODE = 'TS404';
  END IF;
  IF d.status = 'CORRECTED' THEN
    RAISE EXCEPTION 'This distribution is already corrected: correct its correction instead' USING ERRCODE = 'TS409';
  ELSIF d.status = 'CANCELLED' THEN
    RAISE EXCEPTION 'This distribution is cancelled: there is nothing paid to correct' USING ERRCODE = 'TS409';
  ELSIF d.status <> 'PAID' THEN
    RAISE EXCEPTION 'Only a paid distribution can be corrected; this one is not paid yet' USING ERRCODE = 'TS409';
  END IF;
  IF p_total_cents IS NULL OR p_total_cents < 0 THEN
    RAISE EXCEPTION 'The corrected total must be 0 or more' USING ERRCODE = 'TS400';
  END IF;
  IF p_total_cents = d.distributable_cents THEN
    RAISE EXCEPTION 'The corrected total is the amount already paid: nothing to correct' USING ERRCODE = 'TS400';
  END IF;
  IF length(btrim(coalesce(p_reason, ''))) NOT BETWEEN 3 AND 500 THEN
    RAISE EXCEPTION 'Give a reason of 3 to 500 characters' USING ERRCODE = 'TS400';
  END IF;

  PERFORM 1 FROM wallets WHERE user_id IN (SELECT user_id FROM ledger_entries WHERE distribution_id = p_id) ORDER BY user_id FOR UPDATE;
  SELECT count(*), coalesce(sum(e.amount - coalesce(w.balance_cents, 0)), 0) INTO short_n, short_cents
  FROM (SELECT user_id, sum(amount_cents) AS amount FROM ledger_entries
        WHERE distribution_id = p_id AND type = 'DISTRIBUTION_PAYMENT' GROUP BY user_id) e
  LEFT JOIN wallets w ON w.user_id = e.user_id
  WHERE coalesce(w.balance_cents, 0) < e.amount;
  IF short_n > 0 THEN
    RAISE EXCEPTION '% no longer % what the reversal would take back (short by % in total): nothing was corrected',
      CASE WHEN short_n = 1 THEN '1 holder''s wallet' ELSE short_n || ' holders'' wallets' END,
      CASE WHEN short_n = 1 THEN 'holds' ELSE 'hold' END, cents_text(short_cents)
      USING ERRCODE = 'TS409';
  END IF;
  SELECT coalesce(sum(e.amount - coalesce(w.balance_cents, 0)), 0) INTO platform_short
  FROM (SELECT user_id, sum(amount_cents) AS amount FROM ledger_entries
        WHERE distribution_id = p_id AND type = 'FEE_REVENUE' GROUP BY user_id) e
  LEFT JOIN wallets w ON w.user_id = e.user_id
  WHERE coalesce(w.balance_cents, 0) < e.amount;
  IF platform_short > 0 THEN
    RAISE EXCEPTION 'The platform revenue account no longer holds the management fee to give back (short by %): nothing was corrected',
      cents_text(platform_short) USING ERRCODE = 'TS409';
  END IF;

  UPDATE distributions SET status = 'CORRECTED', corrected_by = p_by, correction_reason = btrim(p_reason) WHERE id = p_id;
  IF p_total_cents = 0 THEN
    RETURN NULL;
  END IF;

  INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
                             net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date, corrects_id)
  VALUES (d.report_id, d.property_id, d.owner_id, d.period_start, d.period_end, d.gross_rent_cents, d.expenses_cents, d.fee_bps, d.fee_cents,
          d.net_income_cents, d.carried_loss_in_cents, p_total_cents, d.carried_loss_out_cents, d.record_date, d.pay_date, p_id)
  RETURNING id INTO new_id;
  result := pay_distribution(new_id);
  IF result <> 'PAID' THEN
    SELECT refused_reason INTO why FROM distributions WHERE id = new_id;
    RAISE EXCEPTION 'The corrected total cannot be paid: %. Nothing was corrected', coalesce(why, 'the payment was refused')
      USING ERRCODE = 'TS409';
  END IF;
  RETURN new_id;
END
$$;

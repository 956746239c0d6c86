-- Why an account cannot be closed yet, one reason per row. Reason 9 waits for the person's
-- open market orders: an open bid holds money outside the wallet's balance and an open ask holds units,
-- so without this an account with only a resting bid could be closed with its money on the book.
CREATE OR REPLACE FUNCTION account_closing_refusals(p_user uuid) RETURNS SETOF text LANGUAGE sql STABLE AS $$
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
      (SELECT coalesce(balance_cents, 0) FROM wallets WHERE user_id = p_user) AS balance,
      (SELECT count(*) FROM market_orders WHERE investor_id = p_user AND status = 'OPEN') AS market_open
  )
  SELECT m FROM f, LATERAL (VALUES
    (1, CASE WHEN live > 0 THEN format('%s live listing%s (on sale or funded): hand %s over to another verified owner first', live, CASE WHEN live = 1 THEN '' ELSE 's' END, CASE WHEN live = 1 THEN 'it' ELSE 'them' END) END),
    (2, CASE WHEN review > 0 THEN format('%s listing%s under review: approve, reject or delete %s first', review, CASE WHEN review = 1 THEN '' ELSE 's' END, CASE WHEN review = 1 THEN 'it' ELSE 'them' END) END),
    (3, CASE WHEN pending_own > 0 THEN format('%s pending order%s placed by this person: approve, reject or cancel %s first', pending_own, CASE WHEN pending_own = 1 THEN '' ELSE 's' END, CASE WHEN pending_own = 1 THEN 'it' ELSE 'them' END) END),
    (4, CASE WHEN pending_listed > 0 THEN format('%s pending order%s on this person''s listings: approve or reject %s first', pending_listed, CASE WHEN pending_listed = 1 THEN '' ELSE 's' END, CASE WHEN pending_listed = 1 THEN 'it' ELSE 'them' END) END),
    (5, CASE WHEN open_checkouts > 0 THEN format('%s open checkout%s (a payment may still arrive): wait until %s paid, declined or expired', open_checkouts, CASE WHEN open_checkouts = 1 THEN '' ELSE 's' END, CASE WHEN open_checkouts = 1 THEN 'it is' ELSE 'they are' END) END),
    (6, CASE WHEN withdrawals > 0 THEN format('%s requested withdrawal%s ($%s): pay or reject %s first', withdrawals, CASE WHEN withdrawals = 1 THEN '' ELSE 's' END, to_char(withdrawals_cents / 100.0, 'FM999,999,999,999,990.00'), CASE WHEN withdrawals = 1 THEN 'it' ELSE 'them' END) END),
    (7, CASE WHEN holdings > 0 THEN format('Holds %s in %s propert%s: an account with holdings cannot be closed', units_phrase(units::integer), holdings, CASE WHEN holdings = 1 THEN 'y' ELSE 'ies' END) END),
    (8, CASE WHEN balance > 0 THEN format('$%s in the wallet: it must be withdrawn first', to_char(balance / 100.0, 'FM999,999,999,999,990.00')) END),
    (9, CASE WHEN market_open > 0 THEN format('%s open market order%s (money or units held on the order book): cancel %s first', market_open, CASE WHEN market_open = 1 THEN '' ELSE 's' END, CASE WHEN market_open = 1 THEN 'it' ELSE 'them' END) END)
  ) AS r(n, m)
  WHERE m IS NOT NULL
  ORDER BY n
$$;

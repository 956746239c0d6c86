-- The money invariants as one query: each row returned is a violation (none when all is
-- well). Used by the tests, the benchmark and anyone on call:
--   SELECT * FROM money_invariant_violations();
CREATE FUNCTION money_invariant_violations() RETURNS TABLE (invariant text, detail text) LANGUAGE sql STABLE AS $$
  -- A wallet's balance is the sum of its entries, and never below zero.
  SELECT 'wallet balance = sum of its ledger entries', format('user %s: balance %s, entries %s', coalesce(w.user_id, l.user_id), w.balance_cents, l.total)
  FROM wallets w FULL JOIN (SELECT user_id, sum(amount_cents) AS total FROM ledger_entries GROUP BY user_id) l ON l.user_id = w.user_id
  WHERE coalesce(w.balance_cents, 0) <> coalesce(l.total, 0)
  UNION ALL
  SELECT 'wallet balance >= 0', format('user %s: balance %s', user_id, balance_cents) FROM wallets WHERE balance_cents < 0
  UNION ALL
  -- Every entry records the running balance of its wallet, in the wallet's order 1, 2, 3, …
  SELECT 'ledger balance_after = running sum', format('entry %s: balance_after %s, running sum %s, wallet_seq %s (position %s)', id, balance_after_cents, running, wallet_seq, position)
  FROM (SELECT id, wallet_seq, balance_after_cents,
               sum(amount_cents) OVER (PARTITION BY user_id ORDER BY wallet_seq) AS running,
               row_number() OVER (PARTITION BY user_id ORDER BY wallet_seq) AS position
        FROM ledger_entries) r
  WHERE balance_after_cents <> running OR wallet_seq <> position
  UNION ALL
  SELECT 'wallet entry_count = its entries', format('user %s: entry_count %s, entries %s', w.user_id, w.entry_count, coalesce(l.n, 0))
  FROM wallets w LEFT JOIN (SELECT user_id, count(*) AS n FROM ledger_entries GROUP BY user_id) l ON l.user_id = w.user_id
  WHERE w.entry_count <> coalesce(l.n, 0)
  UNION ALL
  -- Units: available + reserved + settled = total; reserved = PENDING orders; settled = COMPLETED orders = holdings.
  SELECT 'property units add up', format('property %s: %s available + %s reserved + %s settled <> %s', id, available_quantity, reserved_quantity, settled_quantity, total_quantity)
  FROM properties WHERE available_quantity < 0 OR reserved_quantity < 0 OR settled_quantity < 0
    OR available_quantity + reserved_quantity + settled_quantity <> total_quantity
  UNION ALL
  SELECT 'property reserved = units of PENDING orders, settled = units of COMPLETED orders = units in holdings',
    format('property %s: reserved %s / pending %s, settled %s / completed %s / held %s', p.id, p.reserved_quantity, coalesce(o.pending, 0), p.settled_quantity, coalesce(o.completed, 0), coalesce(h.held, 0))
  FROM properties p
  LEFT JOIN (SELECT property_id, sum(quantity) FILTER (WHERE status = 'PENDING') AS pending, sum(quantity) FILTER (WHERE status = 'COMPLETED') AS completed
             FROM orders GROUP BY property_id) o ON o.property_id = p.id
  LEFT JOIN (SELECT property_id, sum(quantity) AS held FROM holdings GROUP BY property_id) h ON h.property_id = p.id
  WHERE p.reserved_quantity <> coalesce(o.pending, 0) OR p.settled_quantity <> coalesce(o.completed, 0) OR p.settled_quantity <> coalesce(h.held, 0)
  UNION ALL
  SELECT 'property FUNDED exactly when no units are left', format('property %s: %s with %s available', id, status, available_quantity)
  FROM properties WHERE status IN ('ACTIVE', 'FUNDED') AND (status = 'FUNDED') <> (available_quantity = 0)
  UNION ALL
  -- Each holding is exactly its investor's COMPLETED orders of that property.
  SELECT 'holding = COMPLETED orders of the investor', format('investor %s, property %s: holding %s units / %s cents, orders %s units / %s cents',
    coalesce(h.investor_id, o.investor_id), coalesce(h.property_id, o.property_id), h.quantity, h.amount_invested_cents, o.quantity, o.amount)
  FROM holdings h
  FULL JOIN (SELECT investor_id, property_id, sum(quantity) AS quantity, sum(amount_cents) AS amount FROM orders WHERE status = 'COMPLETED' GROUP BY investor_id, property_id) o
    ON o.investor_id = h.investor_id AND o.property_id = h.property_id
  WHERE h.quantity IS DISTINCT FROM o.quantity OR h.amount_invested_cents IS DISTINCT FROM o.amount
  UNION ALL
  -- Each order's entries match its status: one hold; then one payout to the owner (COMPLETED)
  -- or one refund to the investor (CANCELLED, REJECTED); a PENDING order's money is held.
  SELECT 'order entries match its status', format('order %s (%s, %s cents): hold %s, refund %s, owner payout %s', o.id, o.status, o.amount_cents, e.hold, e.refund, e.payout)
  FROM orders o
  JOIN properties p ON p.id = o.property_id
  LEFT JOIN (SELECT order_id,
               sum(amount_cents) FILTER (WHERE type = 'ORDER_HOLD') AS hold,
               sum(amount_cents) FILTER (WHERE type = 'ORDER_REFUND') AS refund,
               sum(amount_cents) FILTER (WHERE type = 'OWNER_PAYOUT') AS payout,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('ORDER_HOLD', 'ORDER_REFUND')) AS investor_users,
               array_agg(DISTINCT user_id) FILTER (WHERE type = 'OWNER_PAYOUT') AS owner_users
             FROM ledger_entries WHERE order_id IS NOT NULL GROUP BY order_id) e ON e.order_id = o.id
  WHERE e.hold IS DISTINCT FROM -o.amount_cents
     OR e.investor_users <> ARRAY[o.investor_id]
     OR (o.status = 'PENDING' AND (e.refund IS NOT NULL OR e.payout IS NOT NULL))
     OR (o.status = 'COMPLETED' AND (e.refund IS NOT NULL OR e.payout IS DISTINCT FROM o.amount_cents OR e.owner_users <> ARRAY[p.owner_id]))
     OR (o.status IN ('CANCELLED', 'REJECTED') AND (e.payout IS NOT NULL OR e.refund IS DISTINCT FROM o.amount_cents))
  UNION ALL
  -- Each payout holds its amount once, and gives it back once if rejected.
  SELECT 'payout entries match its status', format('payout %s (%s, %s cents): hold %s, release %s', p.id, p.status, p.amount_cents, e.hold, e.release)
  FROM payouts p
  LEFT JOIN (SELECT payout_id,
               sum(amount_cents) FILTER (WHERE type = 'WITHDRAWAL_HOLD') AS hold,
               sum(amount_cents) FILTER (WHERE type = 'WITHDRAWAL_RELEASE') AS release,
               array_agg(DISTINCT user_id) AS users
             FROM ledger_entries WHERE payout_id IS NOT NULL GROUP BY payout_id) e ON e.payout_id = p.id
  WHERE e.hold IS DISTINCT FROM -p.amount_cents OR e.users <> ARRAY[p.user_id]
     OR (p.status = 'REJECTED') <> (e.release IS NOT NULL)
     OR (e.release IS NOT NULL AND e.release <> p.amount_cents)
  UNION ALL
  -- A paid checkout is credited once (and a subscription's fee taken at most once); others move nothing.
  SELECT 'checkout entries match its status', format('checkout %s (%s %s, %s cents): deposit %s, fee %s', c.id, c.purpose, c.status, c.amount_cents, e.deposit, e.fee)
  FROM checkouts c
  LEFT JOIN (SELECT checkout_id,
               sum(amount_cents) FILTER (WHERE type = 'DEPOSIT') AS deposit,
               sum(amount_cents) FILTER (WHERE type = 'SUBSCRIPTION_FEE') AS fee,
               array_agg(DISTINCT user_id) AS users
             FROM ledger_entries WHERE checkout_id IS NOT NULL GROUP BY checkout_id) e ON e.checkout_id = c.id
  WHERE (c.status = 'PAID' AND (e.deposit IS DISTINCT FROM c.amount_cents OR e.users <> ARRAY[c.user_id]))
     OR (c.status <> 'PAID' AND e.checkout_id IS NOT NULL)
     OR (e.fee IS NOT NULL AND (c.purpose <> 'SUBSCRIPTION' OR e.fee <> -c.amount_cents))
  UNION ALL
  SELECT 'a paid subscription marks the user subscribed', format('user %s', c.user_id)
  FROM checkouts c JOIN users u ON u.id = c.user_id
  WHERE c.purpose = 'SUBSCRIPTION' AND c.status = 'PAID' AND NOT u.is_subscribed
  UNION ALL
  -- Conservation: all wallets together hold what came in, less fees, withdrawals and money
  -- held by PENDING orders.
  SELECT 'money is conserved', format('wallets %s <> deposits %s - fees %s - withdrawals %s - pending orders %s', w.total, d.deposits, d.fees, x.withdrawn, x.pending)
  FROM (SELECT coalesce(sum(balance_cents), 0) AS total FROM wallets) w,
       (SELECT coalesce(sum(amount_cents) FILTER (WHERE type = 'DEPOSIT'), 0) AS deposits,
               coalesce(-sum(amount_cents) FILTER (WHERE type = 'SUBSCRIPTION_FEE'), 0) AS fees FROM ledger_entries) d,
       (SELECT (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE status <> 'REJECTED') AS withdrawn,
               (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE status = 'PENDING') AS pending) x
  WHERE w.total <> d.deposits - d.fees - x.withdrawn - x.pending
$$;

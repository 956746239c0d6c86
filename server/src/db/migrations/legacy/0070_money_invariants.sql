-- money_invariant_violations(), one definition of it since 0014: 0014's checks, with
-- cancelled withdrawals and closed accounts (issue 16, 0040) and distributions and the
-- platform revenue account (issue 18, 0050).
--
-- The platform revenue account (0050) is a users row marked deleted so that no list, count
-- or sign-in sees it; it is no person's closed account: 0040's closed-account trigger and
-- checks do not apply to it.

CREATE OR REPLACE FUNCTION ledger_entries_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT deleted_at IS NOT NULL AND role <> 'PLATFORM' FROM users WHERE id = NEW.user_id) THEN
    RAISE EXCEPTION 'This account is closed: no money can be credited to it' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION money_invariant_violations() RETURNS TABLE (invariant text, detail text) LANGUAGE sql STABLE AS $$
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
  -- Each payout holds its amount once, and gives it back once if rejected or cancelled.
  SELECT 'payout entries match its status', format('payout %s (%s, %s cents): hold %s, release %s', p.id, p.status, p.amount_cents, e.hold, e.release)
  FROM payouts p
  LEFT JOIN (SELECT payout_id,
               sum(amount_cents) FILTER (WHERE type = 'WITHDRAWAL_HOLD') AS hold,
               sum(amount_cents) FILTER (WHERE type = 'WITHDRAWAL_RELEASE') AS release,
               array_agg(DISTINCT user_id) AS users
             FROM ledger_entries WHERE payout_id IS NOT NULL GROUP BY payout_id) e ON e.payout_id = p.id
  WHERE e.hold IS DISTINCT FROM -p.amount_cents OR e.users <> ARRAY[p.user_id]
     OR (p.status IN ('REJECTED', 'CANCELLED')) <> (e.release IS NOT NULL)
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
  -- Conservation: all wallets together (people's and the platform revenue account) hold what
  -- came in, less subscription fees, withdrawals and money held by PENDING orders. Orders and
  -- distributions only move money between wallets (issue 18: funding + fee = payments + revenue).
  SELECT 'money is conserved', format('wallets %s (of which platform revenue %s) <> deposits %s - fees %s - withdrawals %s - pending orders %s',
    w.total, w.platform, d.deposits, d.fees, x.withdrawn, x.pending)
  FROM (SELECT coalesce(sum(balance_cents), 0) AS total,
               coalesce(sum(balance_cents) FILTER (WHERE user_id = platform_revenue_account()), 0) AS platform FROM wallets) w,
       (SELECT coalesce(sum(amount_cents) FILTER (WHERE type = 'DEPOSIT'), 0) AS deposits,
               coalesce(-sum(amount_cents) FILTER (WHERE type = 'SUBSCRIPTION_FEE'), 0) AS fees FROM ledger_entries) d,
       (SELECT (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE status NOT IN ('REJECTED', 'CANCELLED')) AS withdrawn,
               (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE status = 'PENDING') AS pending) x
  WHERE w.total <> d.deposits - d.fees - x.withdrawn - x.pending

  -- ---- issue 18: distributions (0050) ----
  UNION ALL
  -- Each distribution's entries match its status: nothing before PAID; once PAID the owner
  -- funded exactly the distributable amount, paid exactly the fee, the platform received
  -- exactly the fee, and the payments add up to the distributable amount to the cent.
  SELECT 'distribution entries match its status',
    format('distribution %s (%s): distributable %s, funding %s, payments %s, fee %s, fee charged %s, fee revenue %s',
      d.id, d.status, d.distributable_cents, e.funding, e.payments, d.fee_cents, e.fee_charged, e.fee_revenue)
  FROM distributions d
  LEFT JOIN (SELECT distribution_id,
               sum(amount_cents) FILTER (WHERE type = 'DISTRIBUTION_FUNDING') AS funding,
               sum(amount_cents) FILTER (WHERE type = 'DISTRIBUTION_PAYMENT') AS payments,
               sum(amount_cents) FILTER (WHERE type = 'MANAGEMENT_FEE') AS fee_charged,
               sum(amount_cents) FILTER (WHERE type = 'FEE_REVENUE') AS fee_revenue,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE')) AS payers,
               array_agg(DISTINCT user_id) FILTER (WHERE type = 'FEE_REVENUE') AS revenue_users,
               array_agg(DISTINCT property_id) AS properties,
               count(*) AS n
             FROM ledger_entries WHERE distribution_id IS NOT NULL GROUP BY distribution_id) e ON e.distribution_id = d.id
  WHERE (d.status <> 'PAID' AND e.n IS NOT NULL)
     OR (d.status = 'PAID' AND (
           coalesce(e.funding, 0) <> -d.distributable_cents
        OR coalesce(e.payments, 0) <> d.distributable_cents
        OR coalesce(e.fee_charged, 0) <> -d.fee_cents
        OR coalesce(e.fee_revenue, 0) <> d.fee_cents
        OR (e.payers IS NOT NULL AND e.payers <> ARRAY[d.owner_id])
        OR (e.revenue_users IS NOT NULL AND e.revenue_users <> ARRAY[platform_revenue_account()])
        OR (e.properties IS NOT NULL AND e.properties <> ARRAY[d.property_id])))
  UNION ALL
  -- The snapshot: every unit of the property at the record date, once; the cents add up to
  -- the distributable amount, and each is within one cent of the exact pro-rata share.
  SELECT 'distribution snapshot adds up',
    format('distribution %s: %s units of %s, %s cents of %s, worst share off by %s/%s cent', d.id, s.units, d.total_units, s.cents, d.distributable_cents, s.worst, d.total_units)
  FROM distributions d
  JOIN (SELECT h.distribution_id, sum(h.units) AS units, sum(h.cents) AS cents, count(*) FILTER (WHERE h.is_owner) AS owners,
               max(abs(h.cents * dd.total_units - dd.distributable_cents::numeric * h.units)) AS worst
        FROM distribution_holders h JOIN distributions dd ON dd.id = h.distribution_id GROUP BY h.distribution_id) s ON s.distribution_id = d.id
  WHERE d.status = 'DECLARED' OR s.units <> d.total_units OR s.cents <> d.distributable_cents OR s.owners > 1 OR s.worst >= d.total_units
  UNION ALL
  SELECT 'a recorded distribution has its snapshot', format('distribution %s (%s) has no holders of record', d.id, d.status)
  FROM distributions d
  WHERE d.status <> 'DECLARED' AND NOT EXISTS (SELECT 1 FROM distribution_holders h WHERE h.distribution_id = d.id)
  UNION ALL
  -- Each payment is its holder's share in the snapshot, to the cent, and nobody else is paid.
  SELECT 'distribution payment = the holder''s share in the snapshot',
    format('distribution %s, user %s: share %s, paid %s', coalesce(h.distribution_id, p.distribution_id), coalesce(h.holder_id, p.user_id), h.cents, p.amount)
  FROM (SELECT h.* FROM distribution_holders h JOIN distributions d ON d.id = h.distribution_id AND d.status = 'PAID' WHERE h.cents > 0) h
  FULL JOIN (SELECT distribution_id, user_id, amount_cents AS amount FROM ledger_entries WHERE type = 'DISTRIBUTION_PAYMENT') p
    ON p.distribution_id = h.distribution_id AND p.user_id = h.holder_id
  WHERE h.cents IS DISTINCT FROM p.amount
  UNION ALL
  -- Only distributions move money into the platform revenue account.
  SELECT 'the platform revenue account receives fees only', format('entry %s: %s %s', id, type, amount_cents)
  FROM ledger_entries WHERE user_id = platform_revenue_account() AND type <> 'FEE_REVENUE'
  -- ---- end issue 18 ----
  -- ---- issue 16: closed accounts (0040); the platform revenue account is not a person's ----
  UNION ALL
  -- No money is left in, or on its way to, an account nobody can use (issue 16).
  SELECT 'no money in a deleted account', format('user %s (deleted %s): balance %s, pending orders %s, requested withdrawals %s, holdings %s',
    u.id, u.deleted_at, coalesce(w.balance_cents, 0),
    (SELECT count(*) FROM orders o WHERE o.investor_id = u.id AND o.status = 'PENDING'),
    (SELECT count(*) FROM payouts p WHERE p.user_id = u.id AND p.status = 'REQUESTED'),
    (SELECT count(*) FROM holdings h WHERE h.investor_id = u.id))
  FROM users u LEFT JOIN wallets w ON w.user_id = u.id
  WHERE u.deleted_at IS NOT NULL AND u.role <> 'PLATFORM'
    AND (coalesce(w.balance_cents, 0) <> 0
      OR EXISTS (SELECT 1 FROM orders o WHERE o.investor_id = u.id AND o.status = 'PENDING')
      OR EXISTS (SELECT 1 FROM payouts p WHERE p.user_id = u.id AND p.status = 'REQUESTED')
      OR EXISTS (SELECT 1 FROM holdings h WHERE h.investor_id = u.id))
  UNION ALL
  SELECT 'no entry after an account is deleted', format('entry %s (%s, %s cents) for user %s deleted %s', l.id, l.type, l.amount_cents, u.id, u.deleted_at)
  FROM ledger_entries l JOIN users u ON u.id = l.user_id
  WHERE u.deleted_at IS NOT NULL AND u.role <> 'PLATFORM' AND l.created_at > u.deleted_at
  -- ---- end issue 16 ----
$$;

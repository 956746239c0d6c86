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
  -- Units retired by the property's sale (modules/exits) were held until then.
  LEFT JOIN (SELECT s.property_id, sum(x.units) AS retired FROM sale_holders x JOIN property_sales s ON s.id = x.sale_id
             WHERE NOT x.is_owner GROUP BY s.property_id) r ON r.property_id = p.id
  WHERE p.reserved_quantity <> coalesce(o.pending, 0) OR p.settled_quantity <> coalesce(o.completed, 0)
     OR p.settled_quantity <> coalesce(h.held, 0) + coalesce(r.retired, 0)
  UNION ALL
  SELECT 'property FUNDED exactly when no units are left', format('property %s: %s with %s available', id, status, available_quantity)
  FROM properties WHERE status IN ('ACTIVE', 'FUNDED') AND (status = 'FUNDED') <> (available_quantity = 0)
  UNION ALL
  -- Each holding is exactly its investor's COMPLETED orders of that property, plus units
  -- bought and less units sold on the market (issue 20; a holding sold out is removed). The
  -- cost basis follows trades (bought at the price paid, sold pro rata), so only the units are
  -- compared; a holding's cost basis is positive (a CHECK).
  SELECT 'holding = COMPLETED orders + units bought - units sold', format('investor %s, property %s: holding %s units, orders %s + bought %s - sold %s',
    coalesce(h.investor_id, x.investor_id), coalesce(h.property_id, x.property_id), coalesce(h.quantity, 0), coalesce(x.ordered, 0), coalesce(x.bought, 0), coalesce(x.sold, 0))
  FROM holdings h
  FULL JOIN (SELECT investor_id, property_id, sum(ordered) AS ordered, sum(bought) AS bought, sum(sold) AS sold
             FROM (SELECT investor_id, property_id, quantity AS ordered, 0 AS bought, 0 AS sold FROM orders WHERE status = 'COMPLETED'
                   UNION ALL SELECT buyer_id, property_id, 0, units, 0 FROM trades
                   UNION ALL SELECT seller_id, property_id, 0, 0, units FROM trades
                   -- retired by the property's sale: counted as sold
                   UNION ALL SELECT x.holder_id, s.property_id, 0, 0, x.units FROM sale_holders x JOIN property_sales s ON s.id = x.sale_id WHERE NOT x.is_owner) a
             GROUP BY investor_id, property_id) x
    ON x.investor_id = h.investor_id AND x.property_id = h.property_id
  WHERE coalesce(h.quantity, 0) <> coalesce(x.ordered, 0) + coalesce(x.bought, 0) - coalesce(x.sold, 0)
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
     OR (o.status = 'COMPLETED' AND (e.refund IS NOT NULL OR e.payout IS DISTINCT FROM o.amount_cents OR cardinality(e.owner_users) <> 1
         -- Paid to the listing's owner then: its owner now, or one it was handed over from.
         OR NOT (e.owner_users[1] = p.owner_id OR EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'property.handover'
                   AND a.target_id = p.id::text AND a.detail->>'fromOwnerId' = e.owner_users[1]::text))))
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
  SELECT 'money is conserved', format('wallets %s (of which platform revenue %s) <> deposits %s - fees %s - withdrawals %s - pending orders %s - open bids %s',
    w.total, w.platform, d.deposits, d.fees, x.withdrawn, x.pending, x.bids)
  FROM (SELECT coalesce(sum(balance_cents), 0) AS total,
               coalesce(sum(balance_cents) FILTER (WHERE user_id = platform_revenue_account()), 0) AS platform FROM wallets) w,
       (SELECT coalesce(sum(amount_cents) FILTER (WHERE type = 'DEPOSIT'), 0) AS deposits,
               coalesce(-sum(amount_cents) FILTER (WHERE type = 'SUBSCRIPTION_FEE'), 0) AS fees FROM ledger_entries) d,
       (SELECT (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE status NOT IN ('REJECTED', 'CANCELLED')) AS withdrawn,
               (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE status = 'PENDING') AS pending,
               (SELECT coalesce(sum(remaining::bigint * price_cents), 0) FROM market_orders WHERE status = 'OPEN' AND side = 'BUY') AS bids) x
  WHERE w.total <> d.deposits - d.fees - x.withdrawn - x.pending - x.bids

  -- ---- issue 18: distributions (0050) ----
  UNION ALL
  -- Each distribution's entries match its status: nothing before PAID; once PAID the owner
  -- funded exactly the distributable amount, paid exactly the fee, the platform received
  -- exactly the fee, and the payments add up to the distributable amount to the cent, less
  -- the share of the units the owner still held when that share was kept, never moved (since
  -- migration 1210; before, the owner funded it and was paid it back).
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
  LEFT JOIN (SELECT h.distribution_id, sum(h.cents) AS cents FROM distribution_holders h
             WHERE h.is_owner AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.distribution_id = h.distribution_id
                                                AND x.user_id = h.holder_id AND x.type = 'DISTRIBUTION_PAYMENT')
             GROUP BY h.distribution_id) o
    ON o.distribution_id = d.id
  WHERE (d.status NOT IN ('PAID', 'CORRECTED') AND e.n IS NOT NULL)
     OR (d.status IN ('PAID', 'CORRECTED') AND (
           coalesce(e.funding, 0) <> -(d.distributable_cents - coalesce(o.cents, 0))
        OR coalesce(e.payments, 0) <> d.distributable_cents - coalesce(o.cents, 0)
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
  WHERE d.recorded_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM distribution_holders h WHERE h.distribution_id = d.id)
  UNION ALL
  -- Each payment is its holder's share in the snapshot, to the cent, and nobody else is paid;
  -- the owner's share of unsold units is kept (no payment), or paid whole as before 1210.
  SELECT 'distribution payment = the holder''s share in the snapshot',
    format('distribution %s, user %s: share %s, paid %s', coalesce(h.distribution_id, p.distribution_id), coalesce(h.holder_id, p.user_id), h.cents, p.amount)
  FROM (SELECT h.* FROM distribution_holders h JOIN distributions d ON d.id = h.distribution_id AND d.status IN ('PAID', 'CORRECTED') WHERE h.cents > 0) h
  FULL JOIN (SELECT distribution_id, user_id, amount_cents AS amount FROM ledger_entries WHERE type = 'DISTRIBUTION_PAYMENT') p
    ON p.distribution_id = h.distribution_id AND p.user_id = h.holder_id
  WHERE h.cents IS DISTINCT FROM p.amount AND NOT (h.is_owner AND p.amount IS NULL)
  UNION ALL
  -- Only distributions move money into the platform revenue account.
  SELECT 'the platform revenue account receives fees only', format('entry %s: %s %s', id, type, amount_cents)
  FROM ledger_entries WHERE user_id = platform_revenue_account() AND type NOT IN ('FEE_REVENUE', 'FEE_REVENUE_REVERSAL', 'SALE_FEE_REVENUE')
  UNION ALL
  -- A corrected distribution's entries are all reversed: each wallet's entries of it add up to
  -- nothing, each type by its own reversal; no other distribution has a reversal.
  SELECT 'a corrected distribution nets to zero in every wallet',
    format('distribution %s (%s), user %s: net %s, %s of %s entries are reversals', x.distribution_id, x.status, x.user_id, x.net, x.reversals, x.n)
  FROM (SELECT e.distribution_id, e.user_id, d.status, sum(e.amount_cents) AS net, count(*) AS n,
               count(*) FILTER (WHERE e.type LIKE '%\_REVERSAL') AS reversals,
               bool_or(r.amount_cents IS DISTINCT FROM -e.amount_cents) FILTER (WHERE e.type NOT LIKE '%\_REVERSAL') AS unmatched
        FROM ledger_entries e
        JOIN distributions d ON d.id = e.distribution_id
        LEFT JOIN ledger_entries r ON r.distribution_id = e.distribution_id AND r.user_id = e.user_id AND r.type = e.type || '_REVERSAL'
        WHERE e.distribution_id IS NOT NULL
        GROUP BY e.distribution_id, e.user_id, d.status) x
  WHERE (x.status = 'CORRECTED' AND (x.net <> 0 OR coalesce(x.unmatched, false)))
     OR (x.status <> 'CORRECTED' AND x.reversals > 0)
  UNION ALL
  -- A correction replaces a CORRECTED distribution and splits over its holders of record.
  SELECT 'a correction splits over its original''s holders of record',
    format('distribution %s corrects %s (%s): holder %s, units %s, original units %s', c.id, c.corrects_id, o.status, x.holder_id, x.units, x.original_units)
  FROM distributions c
  JOIN distributions o ON o.id = c.corrects_id
  LEFT JOIN LATERAL (
    SELECT coalesce(a.holder_id, b.holder_id) AS holder_id, a.units, b.units AS original_units
    FROM (SELECT holder_id, is_owner, units FROM distribution_holders WHERE distribution_id = c.id) a
    FULL JOIN (SELECT holder_id, is_owner, units FROM distribution_holders WHERE distribution_id = c.corrects_id) b
      ON a.holder_id = b.holder_id AND a.is_owner = b.is_owner
    WHERE c.recorded_at IS NOT NULL AND a.units IS DISTINCT FROM b.units) x ON true
  WHERE o.status <> 'CORRECTED' OR c.report_id <> o.report_id OR x.holder_id IS NOT NULL
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
      OR EXISTS (SELECT 1 FROM holdings h WHERE h.investor_id = u.id)
      OR EXISTS (SELECT 1 FROM market_orders mo WHERE mo.investor_id = u.id AND mo.status = 'OPEN'))
  UNION ALL
  SELECT 'no entry after an account is deleted', format('entry %s (%s, %s cents) for user %s deleted %s', l.id, l.type, l.amount_cents, u.id, u.deleted_at)
  FROM ledger_entries l JOIN users u ON u.id = l.user_id
  WHERE u.deleted_at IS NOT NULL AND u.role <> 'PLATFORM' AND l.created_at > u.deleted_at
  -- ---- end issue 16 ----
  -- ---- issue 20: the market (0100) ----
  UNION ALL
  -- Units held by open asks: exactly the open asks' remaining units, within the holding.
  SELECT 'holding held units = open asks', format('investor %s, property %s: held %s of %s, open asks %s',
    coalesce(h.investor_id, a.investor_id), coalesce(h.property_id, a.property_id), h.held_quantity, h.quantity, a.units)
  FROM (SELECT * FROM holdings WHERE held_quantity <> 0) h
  FULL JOIN (SELECT investor_id, property_id, sum(remaining) AS units FROM market_orders WHERE status = 'OPEN' AND side = 'SELL' GROUP BY investor_id, property_id) a
    ON a.investor_id = h.investor_id AND a.property_id = h.property_id
  WHERE h.held_quantity IS DISTINCT FROM a.units OR h.held_quantity > h.quantity
  UNION ALL
  -- A market order's fills are its trades: units - remaining and filled_cents.
  SELECT 'market order fills = its trades', format('order %s (%s %s): %s of %s units left, filled %s cents; trades %s units, %s cents',
    o.id, o.side, o.status, o.remaining, o.units, o.filled_cents, coalesce(t.units, 0), coalesce(t.gross, 0))
  FROM market_orders o
  LEFT JOIN (SELECT order_id, sum(units) AS units, sum(gross_cents) AS gross
             FROM (SELECT buy_order_id AS order_id, units, gross_cents FROM trades UNION ALL SELECT sell_order_id, units, gross_cents FROM trades) x
             GROUP BY order_id) t ON t.order_id = o.id
  WHERE o.units - o.remaining <> coalesce(t.units, 0) OR o.filled_cents <> coalesce(t.gross, 0)
  UNION ALL
  -- A bid's money: held once (units × limit); released per fill (filled units × limit) and once
  -- more for the rest when it leaves the book: what is still held = remaining × limit while OPEN,
  -- nothing after. An ask moves no money of its own.
  SELECT 'market order holds match its status', format('order %s (%s %s, %s left at %s): held %s, released %s',
    o.id, o.side, o.status, o.remaining, o.price_cents, e.hold, e.released)
  FROM market_orders o
  LEFT JOIN (SELECT market_order_id,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_HOLD') AS hold,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_REFUND') AS released,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('TRADE_HOLD', 'TRADE_REFUND')) AS users
             FROM ledger_entries WHERE market_order_id IS NOT NULL GROUP BY market_order_id) e ON e.market_order_id = o.id
  WHERE (o.side = 'BUY' AND (e.hold IS DISTINCT FROM -(o.units::bigint * o.price_cents)
          OR coalesce(e.hold, 0) + coalesce(e.released, 0) <> CASE WHEN o.status = 'OPEN' THEN -(o.remaining::bigint * o.price_cents) ELSE 0 END
          OR e.users <> ARRAY[o.investor_id]))
     OR (o.side = 'SELL' AND (e.hold IS NOT NULL OR e.released IS NOT NULL))
  UNION ALL
  -- Each trade: the buyer paid the gross, the seller received the gross and paid the fee, the
  -- platform received the fee (buyer paid = seller received + fee); the buyer's hold for the
  -- units was released at the bid's limit; prices crossed; buyer and seller differ.
  SELECT 'trade entries match the trade', format('trade %s (%s units at %s, gross %s, fee %s): buy %s, sell %s, fee %s, revenue %s, release %s',
    t.id, t.units, t.price_cents, t.gross_cents, t.fee_cents, e.buy, e.sell, e.fee, e.revenue, e.release)
  FROM trades t
  JOIN market_orders b ON b.id = t.buy_order_id
  JOIN market_orders s ON s.id = t.sell_order_id
  LEFT JOIN (SELECT trade_id,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_BUY') AS buy,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_SELL') AS sell,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_FEE') AS fee,
               sum(amount_cents) FILTER (WHERE type = 'FEE_REVENUE') AS revenue,
               sum(amount_cents) FILTER (WHERE type = 'TRADE_REFUND') AS release,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('TRADE_BUY', 'TRADE_REFUND')) AS buyers,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('TRADE_SELL', 'TRADE_FEE')) AS sellers,
               array_agg(DISTINCT user_id) FILTER (WHERE type = 'FEE_REVENUE') AS platform
             FROM ledger_entries WHERE trade_id IS NOT NULL GROUP BY trade_id) e ON e.trade_id = t.id
  WHERE e.buy IS DISTINCT FROM -t.gross_cents OR e.sell IS DISTINCT FROM t.gross_cents
     OR coalesce(e.fee, 0) <> -t.fee_cents OR coalesce(e.revenue, 0) <> t.fee_cents
     OR -e.buy <> (e.sell + coalesce(e.fee, 0)) + coalesce(e.revenue, 0)
     OR e.release IS DISTINCT FROM t.units::bigint * b.price_cents
     OR e.buyers <> ARRAY[t.buyer_id] OR e.sellers <> ARRAY[t.seller_id]
     OR (t.fee_cents > 0 AND e.platform <> ARRAY[platform_revenue_account()])
     OR b.investor_id <> t.buyer_id OR s.investor_id <> t.seller_id OR b.property_id <> t.property_id OR s.property_id <> t.property_id
     OR b.side <> 'BUY' OR s.side <> 'SELL' OR b.price_cents < s.price_cents
     OR t.price_cents NOT IN (b.price_cents, s.price_cents)
  UNION ALL
  -- The book never stays crossed: a bid at or above an ask would have traded.
  SELECT 'the order book is not crossed', format('property %s: best bid %s >= best ask %s', b.property_id, b.best, a.best)
  FROM (SELECT property_id, max(price_cents) AS best FROM market_orders
        WHERE status = 'OPEN' AND side = 'BUY' AND (good_until IS NULL OR good_until >= market_today()) GROUP BY property_id) b
  JOIN (SELECT property_id, min(price_cents) AS best FROM market_orders
        WHERE status = 'OPEN' AND side = 'SELL' AND (good_until IS NULL OR good_until >= market_today()) GROUP BY property_id) a
    ON a.property_id = b.property_id
  WHERE b.best >= a.best
  -- ---- end issue 20 ----
  -- ---- a property's sale (modules/exits, migration 1310) ----
  UNION ALL
  -- The owner funded exactly the holders' share of the net proceeds (the unsold units' share
  -- kept) and paid exactly the fee; the holders received that share, the platform the fee.
  SELECT 'sale entries match the sale',
    format('sale %s: net %s, owner kept %s, funding %s, proceeds %s, fee %s, fee charged %s, fee revenue %s',
      s.id, s.net_cents, coalesce(o.cents, 0), e.funding, e.proceeds, s.fee_cents, e.fee_charged, e.fee_revenue)
  FROM property_sales s
  LEFT JOIN (SELECT sale_id,
               sum(amount_cents) FILTER (WHERE type = 'SALE_FUNDING') AS funding,
               sum(amount_cents) FILTER (WHERE type = 'SALE_PROCEEDS') AS proceeds,
               sum(amount_cents) FILTER (WHERE type = 'SALE_FEE') AS fee_charged,
               sum(amount_cents) FILTER (WHERE type = 'SALE_FEE_REVENUE') AS fee_revenue,
               array_agg(DISTINCT user_id) FILTER (WHERE type IN ('SALE_FUNDING', 'SALE_FEE')) AS payers,
               array_agg(DISTINCT user_id) FILTER (WHERE type = 'SALE_FEE_REVENUE') AS revenue_users,
               array_agg(DISTINCT property_id) AS properties
             FROM ledger_entries WHERE sale_id IS NOT NULL GROUP BY sale_id) e ON e.sale_id = s.id
  LEFT JOIN (SELECT sale_id, sum(cents) AS cents FROM sale_holders WHERE is_owner GROUP BY sale_id) o ON o.sale_id = s.id
  WHERE coalesce(e.funding, 0) <> -(s.net_cents - coalesce(o.cents, 0))
     OR coalesce(e.proceeds, 0) <> s.net_cents - coalesce(o.cents, 0)
     OR coalesce(e.fee_charged, 0) <> -s.fee_cents
     OR coalesce(e.fee_revenue, 0) <> s.fee_cents
     OR (e.payers IS NOT NULL AND e.payers <> ARRAY[s.owner_id])
     OR (e.revenue_users IS NOT NULL AND e.revenue_users <> ARRAY[platform_revenue_account()])
     OR (e.properties IS NOT NULL AND e.properties <> ARRAY[s.property_id])
  UNION ALL
  -- The snapshot: every unit once, the cents add up to the net proceeds, each share within one
  -- cent of the exact pro-rata share.
  SELECT 'sale snapshot adds up',
    format('sale %s: %s units of %s, %s cents of %s, worst share off by %s/%s cent', s.id, x.units, s.total_units, x.cents, s.net_cents, x.worst, s.total_units)
  FROM property_sales s
  LEFT JOIN (SELECT h.sale_id, sum(h.units) AS units, sum(h.cents) AS cents, count(*) FILTER (WHERE h.is_owner) AS owners,
                    max(abs(h.cents * ss.total_units - ss.net_cents::numeric * h.units)) AS worst
             FROM sale_holders h JOIN property_sales ss ON ss.id = h.sale_id GROUP BY h.sale_id) x ON x.sale_id = s.id
  WHERE x.units IS DISTINCT FROM s.total_units::numeric OR x.cents IS DISTINCT FROM s.net_cents::numeric OR x.owners > 1 OR x.worst >= s.total_units
  UNION ALL
  SELECT 'sale proceeds = the holder''s share in the snapshot',
    format('sale %s, user %s: share %s, paid %s', coalesce(h.sale_id, p.sale_id), coalesce(h.holder_id, p.user_id), h.cents, p.amount)
  FROM (SELECT * FROM sale_holders WHERE cents > 0 AND NOT is_owner) h
  FULL JOIN (SELECT sale_id, user_id, amount_cents AS amount FROM ledger_entries WHERE type = 'SALE_PROCEEDS') p
    ON p.sale_id = h.sale_id AND p.user_id = h.holder_id
  WHERE h.cents IS DISTINCT FROM p.amount
  UNION ALL
  -- A property is SOLD exactly when it has a sale; then nothing of it is held or on a book.
  SELECT 'a sold property has its sale and nothing open',
    format('property %s (%s): sale %s, holdings %s, open market orders %s, pending orders %s', p.id, p.status, s.id,
      (SELECT count(*) FROM holdings h WHERE h.property_id = p.id),
      (SELECT count(*) FROM market_orders m WHERE m.property_id = p.id AND m.status = 'OPEN'),
      (SELECT count(*) FROM orders o WHERE o.property_id = p.id AND o.status = 'PENDING'))
  FROM properties p LEFT JOIN property_sales s ON s.property_id = p.id
  WHERE (p.status = 'SOLD') <> (s.id IS NOT NULL)
     OR (p.status = 'SOLD' AND (EXISTS (SELECT 1 FROM holdings h WHERE h.property_id = p.id)
                             OR EXISTS (SELECT 1 FROM market_orders m WHERE m.property_id = p.id AND m.status = 'OPEN')
                             OR EXISTS (SELECT 1 FROM orders o WHERE o.property_id = p.id AND o.status = 'PENDING')))
  -- ---- end of a property's sale ----
  UNION ALL
  SELECT * FROM lot_invariant_violations()
$$;

-- The ledger's shape rule: each entry type has its sign and names what caused it. One
-- IMMUTABLE function that the CHECK ledger_entries_type_shape calls (so the baseline migration
-- requires this rule before it creates the table).
--
-- Why a function rather than the CASE in the CHECK itself: PostgreSQL reads a table's CHECK expressions back from the catalog (a text form of the
-- expression tree, parsed and planned again) for every statement that writes the table, not
-- once per session. This CASE of 16 types is ~20 KB of that text: ~0.1 ms per INSERT into
-- ledger_entries on this machine under load (a loop of single-row inserts: 5,000 took 540 ms
-- with the CASE, 100 ms with this function, 90 ms with no shape check at all), and the hot
-- paths insert entries in many small statements (each fill, each bid's hold). A PL/pgSQL
-- function is compiled once per session and called once per row.
--
-- Changing the rule: edit it here, and add a migration that drops and adds the constraint
-- again, so that every existing entry is checked against the new rule (a CHECK is not
-- re-checked when the function it calls changes).
CREATE OR REPLACE FUNCTION ledger_entry_shape_ok(p_type text, p_amount_cents bigint, p_order_id uuid, p_payout_id uuid, p_checkout_id uuid,
                                      p_property_id uuid, p_distribution_id uuid, p_market_order_id uuid, p_trade_id uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE p_type
    WHEN 'DEPOSIT' THEN p_amount_cents > 0 AND p_checkout_id IS NOT NULL
    WHEN 'SUBSCRIPTION_FEE' THEN p_amount_cents < 0 AND p_checkout_id IS NOT NULL
    WHEN 'WITHDRAWAL_HOLD' THEN p_amount_cents < 0 AND p_payout_id IS NOT NULL
    WHEN 'WITHDRAWAL_RELEASE' THEN p_amount_cents > 0 AND p_payout_id IS NOT NULL
    WHEN 'ORDER_HOLD' THEN p_amount_cents < 0 AND p_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'ORDER_REFUND' THEN p_amount_cents > 0 AND p_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'OWNER_PAYOUT' THEN p_amount_cents > 0 AND p_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'DISTRIBUTION_FUNDING' THEN p_amount_cents < 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'DISTRIBUTION_PAYMENT' THEN p_amount_cents > 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'MANAGEMENT_FEE' THEN p_amount_cents < 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    -- A corrected distribution's entries reversed (correct_distribution), each the opposite
    -- sign of what it reverses; the original entries stay as they were.
    WHEN 'DISTRIBUTION_PAYMENT_REVERSAL' THEN p_amount_cents < 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'DISTRIBUTION_FUNDING_REVERSAL' THEN p_amount_cents > 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'MANAGEMENT_FEE_REVERSAL' THEN p_amount_cents > 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'FEE_REVENUE_REVERSAL' THEN p_amount_cents < 0 AND p_distribution_id IS NOT NULL AND p_property_id IS NOT NULL
    -- The platform's revenue: a distribution's management fee or a trade's fee.
    WHEN 'FEE_REVENUE' THEN p_amount_cents > 0 AND p_property_id IS NOT NULL AND ((p_distribution_id IS NOT NULL) <> (p_trade_id IS NOT NULL))
    -- Issue 20: the market.
    WHEN 'TRADE_HOLD' THEN p_amount_cents < 0 AND p_market_order_id IS NOT NULL AND p_property_id IS NOT NULL AND p_trade_id IS NULL
    WHEN 'TRADE_REFUND' THEN p_amount_cents > 0 AND p_market_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'TRADE_BUY' THEN p_amount_cents < 0 AND p_trade_id IS NOT NULL AND p_market_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'TRADE_SELL' THEN p_amount_cents > 0 AND p_trade_id IS NOT NULL AND p_market_order_id IS NOT NULL AND p_property_id IS NOT NULL
    WHEN 'TRADE_FEE' THEN p_amount_cents < 0 AND p_trade_id IS NOT NULL AND p_market_order_id IS NOT NULL AND p_property_id IS NOT NULL
    -- A property's sale (modules/exits): the owner funds the holders' proceeds and pays the
    -- sale fee, the platform receives it; the entry's sale_id is checked by the CHECK
    -- ledger_entries_sale_shape (migration 1310), since this function does not see it.
    WHEN 'SALE_FUNDING' THEN p_amount_cents < 0 AND p_property_id IS NOT NULL AND num_nonnulls(p_order_id, p_payout_id, p_checkout_id, p_distribution_id, p_market_order_id, p_trade_id) = 0
    WHEN 'SALE_PROCEEDS' THEN p_amount_cents > 0 AND p_property_id IS NOT NULL AND num_nonnulls(p_order_id, p_payout_id, p_checkout_id, p_distribution_id, p_market_order_id, p_trade_id) = 0
    WHEN 'SALE_FEE' THEN p_amount_cents < 0 AND p_property_id IS NOT NULL AND num_nonnulls(p_order_id, p_payout_id, p_checkout_id, p_distribution_id, p_market_order_id, p_trade_id) = 0
    WHEN 'SALE_FEE_REVENUE' THEN p_amount_cents > 0 AND p_property_id IS NOT NULL AND num_nonnulls(p_order_id, p_payout_id, p_checkout_id, p_distribution_id, p_market_order_id, p_trade_id) = 0
    ELSE false
  END;
END
$$;

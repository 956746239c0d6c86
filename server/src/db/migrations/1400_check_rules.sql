-- The CHECK constraints of the tables every order and trade writes, each table's in one CHECK
-- that calls a rule (<module>/sql/<table>_checks.sql, the same expressions). PostgreSQL reads a
-- table's CHECK expressions back from the catalog and plans them again for every statement
-- that writes it (properties alone had 15 KB of them): about a tenth of the database's CPU per
-- order (docs/performance.md, "CHECK constraints in rules"). A row is refused as before: SQLSTATE
-- 23514 with the broken constraint's own name and message. Adding the new CHECK validates
-- every stored row against the rules.
-- requires-rule: ledger/sql/check_violated.sql
-- requires-rule: properties/sql/properties_checks.sql
-- requires-rule: orders/sql/orders_checks.sql
-- requires-rule: market/sql/market_orders_checks.sql
-- requires-rule: market/sql/trades_checks.sql
-- requires-rule: market/sql/market_properties_checks.sql
-- requires-rule: portfolio/sql/lots_checks.sql
-- requires-rule: portfolio/sql/lot_disposals_checks.sql
-- requires-rule: notifications/sql/notifications_checks.sql
-- requires-rule: ledger/sql/idempotency_keys_checks.sql
-- requires-rule: ledger/sql/ledger_entries_checks.sql
-- requires-rule: holdings/sql/holdings_checks.sql

ALTER TABLE properties
  DROP CONSTRAINT properties_address_check,
  DROP CONSTRAINT properties_check,
  DROP CONSTRAINT properties_check1,
  DROP CONSTRAINT properties_check2,
  DROP CONSTRAINT properties_converted_after_construction,
  DROP CONSTRAINT properties_description_check,
  DROP CONSTRAINT properties_funded_when_sold_out,
  DROP CONSTRAINT properties_name_check,
  DROP CONSTRAINT properties_progress_check,
  DROP CONSTRAINT properties_roi_in_five_years_check,
  DROP CONSTRAINT properties_state_check,
  DROP CONSTRAINT properties_status_check,
  DROP CONSTRAINT properties_suspended_reason_check,
  DROP CONSTRAINT properties_suspension_has_reason,
  DROP CONSTRAINT properties_total_quantity_check,
  DROP CONSTRAINT properties_type_check,
  DROP CONSTRAINT properties_unit_price_cents_check,
  DROP CONSTRAINT properties_units_add_up,
  ADD CONSTRAINT properties_checks CHECK (properties_checks(name, address, state, description, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years, progress, rejection_reason, reserved_quantity, settled_quantity, suspended_at, suspended_reason, construction_completed_at, income_producing_at));

ALTER TABLE orders
  DROP CONSTRAINT orders_check,
  DROP CONSTRAINT orders_check1,
  DROP CONSTRAINT orders_check2,
  DROP CONSTRAINT orders_quantity_check,
  DROP CONSTRAINT orders_reason_check,
  DROP CONSTRAINT orders_status_check,
  DROP CONSTRAINT orders_unit_price_cents_check,
  ADD CONSTRAINT orders_checks CHECK (orders_checks(quantity, unit_price_cents, amount_cents, status, reason, decided_at, deleted_at));

ALTER TABLE market_orders
  DROP CONSTRAINT market_orders_check,
  DROP CONSTRAINT market_orders_check1,
  DROP CONSTRAINT market_orders_check2,
  DROP CONSTRAINT market_orders_check3,
  DROP CONSTRAINT market_orders_filled_cents_check,
  DROP CONSTRAINT market_orders_price_cents_check,
  DROP CONSTRAINT market_orders_remaining_check,
  DROP CONSTRAINT market_orders_side_check,
  DROP CONSTRAINT market_orders_status_check,
  DROP CONSTRAINT market_orders_units_check,
  ADD CONSTRAINT market_orders_checks CHECK (market_orders_checks(side, units, remaining, price_cents, status, filled_cents, closed_at));

ALTER TABLE trades
  DROP CONSTRAINT trades_aggressor_check,
  DROP CONSTRAINT trades_check,
  DROP CONSTRAINT trades_check1,
  DROP CONSTRAINT trades_check2,
  DROP CONSTRAINT trades_fee_bps_check,
  DROP CONSTRAINT trades_price_cents_check,
  DROP CONSTRAINT trades_units_check,
  ADD CONSTRAINT trades_checks CHECK (trades_checks(buyer_id, seller_id, units, price_cents, gross_cents, fee_bps, fee_cents, aggressor));

ALTER TABLE market_properties
  DROP CONSTRAINT market_properties_check,
  DROP CONSTRAINT market_properties_check1,
  DROP CONSTRAINT market_properties_halt_reason_check,
  DROP CONSTRAINT market_properties_last_price_cents_check,
  ADD CONSTRAINT market_properties_checks CHECK (market_properties_checks(halted_at, halt_reason, last_price_cents, last_trade_at));

ALTER TABLE lots
  DROP CONSTRAINT lots_check,
  DROP CONSTRAINT lots_check1,
  DROP CONSTRAINT lots_check2,
  DROP CONSTRAINT lots_check3,
  DROP CONSTRAINT lots_check4,
  DROP CONSTRAINT lots_cost_cents_check,
  DROP CONSTRAINT lots_source_check,
  DROP CONSTRAINT lots_units_check,
  ADD CONSTRAINT lots_checks CHECK (lots_checks(source, order_id, trade_id, units, cost_cents, fee_cents, remaining_units, remaining_cost_cents));

ALTER TABLE lot_disposals
  DROP CONSTRAINT lot_disposals_check,
  DROP CONSTRAINT lot_disposals_cost_cents_check,
  DROP CONSTRAINT lot_disposals_fee_cents_check,
  DROP CONSTRAINT lot_disposals_one_source,
  DROP CONSTRAINT lot_disposals_proceeds_cents_check,
  DROP CONSTRAINT lot_disposals_units_check,
  ADD CONSTRAINT lot_disposals_checks CHECK (lot_disposals_checks(trade_id, units, cost_cents, proceeds_cents, fee_cents, gain_cents, sale_id));

ALTER TABLE notifications
  DROP CONSTRAINT notifications_body_check,
  DROP CONSTRAINT notifications_email_attempts_check,
  DROP CONSTRAINT notifications_email_lane_check,
  DROP CONSTRAINT notifications_email_status_check,
  DROP CONSTRAINT notifications_kind_check,
  DROP CONSTRAINT notifications_link_check,
  DROP CONSTRAINT notifications_title_check,
  ADD CONSTRAINT notifications_checks CHECK (notifications_checks(kind, title, body, link, email_status, email_attempts, email_lane));

ALTER TABLE idempotency_keys
  DROP CONSTRAINT idempotency_keys_key_check,
  DROP CONSTRAINT idempotency_keys_status_code_check,
  ADD CONSTRAINT idempotency_keys_checks CHECK (idempotency_keys_checks(key, status_code));

ALTER TABLE ledger_entries
  DROP CONSTRAINT ledger_entries_balance_after_cents_check,
  DROP CONSTRAINT ledger_entries_description_check,
  DROP CONSTRAINT ledger_entries_sale_shape,
  DROP CONSTRAINT ledger_entries_type_shape,
  DROP CONSTRAINT ledger_entries_wallet_seq_check,
  ADD CONSTRAINT ledger_entries_checks CHECK (ledger_entries_checks(wallet_seq, type, amount_cents, balance_after_cents, order_id, property_id, payout_id, checkout_id, description, distribution_id, market_order_id, trade_id, sale_id));

ALTER TABLE holdings
  DROP CONSTRAINT holdings_amount_invested_cents_check,
  DROP CONSTRAINT holdings_held_within,
  DROP CONSTRAINT holdings_quantity_check,
  ADD CONSTRAINT holdings_checks CHECK (holdings_checks(quantity, amount_invested_cents, held_quantity));

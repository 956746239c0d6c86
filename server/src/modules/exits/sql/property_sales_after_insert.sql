-- A sale recorded (record_property_sale, the property row locked), in this order:
-- 1. the market closes: open market orders are cancelled (their triggers release bids' money
--    and asks' units) and pending primary orders are cancelled (refunded, units unreserved);
-- 2. the holders of record are snapshotted in sale_holders (the owner's row: units never
--    sold, whose share the owner keeps) and the net proceeds split pro rata in cents by the
--    largest remainder: each holder gets floor(net × units / total), and the cents left go
--    one each to the largest remainders, ties broken by holder id (uuid order, ascending);
-- 3. the ledger: the owner's wallet funds the holders' share and pays the fee, the platform
--    receives the fee; owner first, then holders in user-id order (one lock order), refused
--    whole when the owner's wallet does not cover it;
-- 4. each holder's open lots are disposed at their share of the proceeds (split over the lots
--    by units, exactly: each lot takes floor(cents × units so far / units) less what the lots
--    before it took), the holdings retired (deleted) and the property marked SOLD.
CREATE OR REPLACE FUNCTION property_sales_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  owned bigint;
  need bigint;
  bal bigint;
BEGIN
  SELECT name INTO pname FROM properties WHERE id = NEW.property_id;

  UPDATE market_orders SET status = 'CANCELLED' WHERE property_id = NEW.property_id AND status = 'OPEN';
  UPDATE orders SET status = 'CANCELLED' WHERE property_id = NEW.property_id AND status = 'PENDING';

  INSERT INTO sale_holders (sale_id, holder_id, is_owner, units, cents)
  WITH h AS (
    SELECT investor_id AS holder_id, false AS is_owner, quantity AS units FROM holdings WHERE property_id = NEW.property_id AND quantity > 0
    UNION ALL
    SELECT owner_id, true, total_quantity - settled_quantity FROM properties WHERE id = NEW.property_id AND total_quantity > settled_quantity
  ), b AS (
    SELECT holder_id, is_owner, units,
           div(NEW.net_cents::numeric * units, NEW.total_units) AS base,
           mod(NEW.net_cents::numeric * units, NEW.total_units) AS rem
    FROM h
  ), r AS (
    SELECT *, row_number() OVER (ORDER BY rem DESC, holder_id, is_owner) AS rank, NEW.net_cents - sum(base) OVER () AS leftover FROM b
  )
  SELECT NEW.id, holder_id, is_owner, units, (base + CASE WHEN rank <= leftover THEN 1 ELSE 0 END)::bigint FROM r;

  SELECT coalesce(sum(cents), 0) INTO owned FROM sale_holders WHERE sale_id = NEW.id AND is_owner;
  need := NEW.net_cents - owned + NEW.fee_cents;
  SELECT balance_cents INTO bal FROM wallets WHERE user_id = NEW.owner_id FOR UPDATE;
  IF coalesce(bal, 0) < need THEN
    RAISE EXCEPTION 'The owner''s wallet holds %; recording this sale needs % (the holders'' proceeds % + sale fee %)',
      cents_text(coalesce(bal, 0)), cents_text(need), cents_text(NEW.net_cents - owned), cents_text(NEW.fee_cents) USING ERRCODE = 'TS409';
  END IF;

  INSERT INTO ledger_entries (user_id, type, amount_cents, sale_id, property_id, description)
  SELECT user_id, type, amount, NEW.id, NEW.property_id, left(description, 300)
  FROM (
    SELECT 0 AS k, NEW.owner_id AS user_id, 'SALE_FUNDING' AS type, -(NEW.net_cents - owned) AS amount,
           'Sale proceeds of ' || pname || ' paid to its holders'
             || CASE WHEN owned > 0 THEN ' (you keep ' || cents_text(owned) || ' for the units unsold)' ELSE '' END AS description
    WHERE NEW.net_cents - owned > 0
    UNION ALL
    SELECT 0, NEW.owner_id, 'SALE_FEE', -NEW.fee_cents, 'Sale fee (' || round(NEW.fee_bps / 100.0, 2) || '% of ' || cents_text(NEW.price_cents) || ') of ' || pname
    WHERE NEW.fee_cents > 0
    UNION ALL
    SELECT 1, platform_revenue_account(), 'SALE_FEE_REVENUE', NEW.fee_cents, 'Sale fee of ' || pname
    WHERE NEW.fee_cents > 0
    UNION ALL
    SELECT 1, holder_id, 'SALE_PROCEEDS', cents, 'Proceeds of the sale of ' || pname || ' for ' || units_phrase(units)
    FROM sale_holders WHERE sale_id = NEW.id AND cents > 0 AND NOT is_owner
  ) e
  ORDER BY k, user_id, type;

  INSERT INTO lot_disposals (lot_id, investor_id, property_id, sale_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
  SELECT id, investor_id, NEW.property_id, NEW.id, NEW.recorded_at, remaining_units, remaining_cost_cents, proceeds, 0, proceeds - remaining_cost_cents
  FROM (
    SELECT l.id, l.investor_id, l.remaining_units, l.remaining_cost_cents,
           (div(s.cents::numeric * l.upto, s.units) - div(s.cents::numeric * (l.upto - l.remaining_units), s.units))::bigint AS proceeds
    FROM (SELECT id, investor_id, remaining_units, remaining_cost_cents,
                 sum(remaining_units) OVER (PARTITION BY investor_id ORDER BY acquired_at, seq) AS upto
          FROM lots WHERE property_id = NEW.property_id AND remaining_units > 0) l
    JOIN sale_holders s ON s.sale_id = NEW.id AND NOT s.is_owner AND s.holder_id = l.investor_id
  ) d;
  UPDATE lots SET remaining_units = 0, remaining_cost_cents = 0 WHERE property_id = NEW.property_id AND remaining_units > 0;

  PERFORM set_config('tessera.trade_settling', 'on', true);
  DELETE FROM holdings WHERE property_id = NEW.property_id;
  PERFORM set_config('tessera.trade_settling', 'off', true);

  UPDATE properties SET status = 'SOLD', updated_at = now() WHERE id = NEW.property_id;
  PERFORM market_publish('market:' || NEW.property_id, 'market.book', jsonb_build_object('propertyId', NEW.property_id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER property_sales_after_insert AFTER INSERT ON property_sales
  FOR EACH ROW EXECUTE FUNCTION property_sales_after_insert();

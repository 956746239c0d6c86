-- RECORDED: the snapshot of the holders of record and the split of the cents.
-- PAID: the ledger entries. Owner debits first, then every credit in user-id order, so two
-- distributions paying at once lock wallets in one order. The owner keeps the share of the
-- units still unsold (is_owner rows of the snapshot): the owner's wallet funds only the sold
-- units' share, and nothing moves for the owner's own units.
-- A correction (corrects_id) splits its total over the original's holders of record, the
-- same units, never over today's holdings.
-- CORRECTED: every entry the payment posted is reversed by one of the opposite sign (per
-- wallet and type), the owner's credits first, then the debits in user-id order.
CREATE OR REPLACE FUNCTION distributions_after_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  owned bigint;
BEGIN
  IF NEW.status = 'RECORDED' THEN
    -- The property row is locked (FOR UPDATE by record_distribution, before this update):
    -- no order can settle units of it until this transaction ends.
    INSERT INTO distribution_holders (distribution_id, holder_id, is_owner, units, cents)
    WITH h AS (
      SELECT investor_id AS holder_id, false AS is_owner, quantity AS units FROM holdings WHERE property_id = NEW.property_id AND NEW.corrects_id IS NULL
      UNION ALL
      SELECT owner_id, true, total_quantity - settled_quantity FROM properties
        WHERE id = NEW.property_id AND total_quantity > settled_quantity AND NEW.corrects_id IS NULL
      UNION ALL
      SELECT holder_id, is_owner, units FROM distribution_holders WHERE distribution_id = NEW.corrects_id
    ), b AS (
      SELECT holder_id, is_owner, units,
             div(NEW.distributable_cents::numeric * units, NEW.total_units) AS base,
             mod(NEW.distributable_cents::numeric * units, NEW.total_units) AS rem
      FROM h
    ), r AS (
      SELECT *, row_number() OVER (ORDER BY rem DESC, holder_id) AS rank, NEW.distributable_cents - sum(base) OVER () AS leftover FROM b
    )
    SELECT NEW.id, holder_id, is_owner, units, (base + CASE WHEN rank <= leftover THEN 1 ELSE 0 END)::bigint FROM r;
  ELSIF NEW.status = 'PAID' THEN
    SELECT name INTO pname FROM properties WHERE id = NEW.property_id;
    SELECT coalesce(sum(cents), 0) INTO owned FROM distribution_holders WHERE distribution_id = NEW.id AND is_owner;
    INSERT INTO ledger_entries (user_id, type, amount_cents, distribution_id, property_id, description)
    SELECT user_id, type, amount, NEW.id, NEW.property_id, left(description, 300)
    FROM (
      SELECT 0 AS k, NEW.owner_id AS user_id, 'DISTRIBUTION_FUNDING' AS type, -(NEW.distributable_cents - owned) AS amount,
             'Distribution of net income for ' || NEW.period_start || ' to ' || NEW.period_end || ' of ' || pname
               || CASE WHEN owned > 0 THEN ' (the sold units'' share; you keep ' || cents_text(owned) || ' for the units unsold)' ELSE '' END AS description
      WHERE NEW.distributable_cents - owned > 0
      UNION ALL
      SELECT 0, NEW.owner_id, 'MANAGEMENT_FEE', -NEW.fee_cents,
             'Management fee (' || round(NEW.fee_bps / 100.0, 2) || '% of rent) for ' || NEW.period_start || ' to ' || NEW.period_end || ' of ' || pname
      WHERE NEW.fee_cents > 0
      UNION ALL
      SELECT 1, platform_revenue_account(), 'FEE_REVENUE', NEW.fee_cents, 'Management fee of ' || pname || ' for ' || NEW.period_start || ' to ' || NEW.period_end
      WHERE NEW.fee_cents > 0
      UNION ALL
      SELECT 1, holder_id, 'DISTRIBUTION_PAYMENT', cents, 'Rental income for ' || NEW.period_start || ' to ' || NEW.period_end || ' from ' || units_phrase(units) || ' of ' || pname
      FROM distribution_holders WHERE distribution_id = NEW.id AND cents > 0 AND NOT is_owner
    ) e
    ORDER BY k, user_id, type;
  ELSIF NEW.status = 'CORRECTED' THEN
    INSERT INTO ledger_entries (user_id, type, amount_cents, distribution_id, property_id, description)
    SELECT user_id, type || '_REVERSAL', -amount, NEW.id, NEW.property_id, left('Reversed (distribution corrected): ' || description, 300)
    FROM (
      SELECT user_id, type, sum(amount_cents) AS amount, min(description) AS description
      FROM ledger_entries
      WHERE distribution_id = NEW.id AND type IN ('DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE', 'DISTRIBUTION_PAYMENT', 'FEE_REVENUE')
      GROUP BY user_id, type
    ) e
    WHERE amount <> 0
    ORDER BY amount < 0, user_id, type;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER distributions_after_status AFTER UPDATE OF status ON distributions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION distributions_after_status();

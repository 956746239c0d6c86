-- Issue 18, money part: income reports, distributions, the platform revenue account,
-- appraisals and the reinvest option.
--
-- How rent reaches a holder's wallet (all in the database, as for orders):
--   1. The owner submits an income report for a period (income_reports: SUBMITTED).
--   2. An admin approves it: a distribution is declared (distributions: DECLARED) with its
--      figures computed here from the report, never from the request: the management fee
--      (fee_bps of the gross rent, rounded half up to the cent), the net income
--      (rent - expenses - fee, may be negative), the loss carried in from the property's
--      previous distribution, what is distributable (net - carried loss, at least 0) and
--      the loss carried out to the next one.
--   3. On the record date (or when an admin pays it early) the holders of record are
--      snapshotted (distribution_holders), in the transaction that holds the property row
--      lock, so an order settling at the same moment is either wholly before or wholly after
--      the snapshot. Units not held by investors (available or reserved) are the owner's.
--      The cents are split there, by the largest-remainder method (remainder cents to the
--      largest fractional parts, ties by holder id): they add up to the distributable amount.
--   4. On the pay date the owner's wallet pays it: DISTRIBUTION_FUNDING (owner, -distributable),
--      MANAGEMENT_FEE (owner, -fee), FEE_REVENUE (platform revenue account, +fee) and one
--      DISTRIBUTION_PAYMENT per holder of the snapshot. All in one transaction, written by the
--      trigger on the distribution's status change (never by application code), unique per
--      (distribution, user, type): a distribution is paid once whatever retries or several
--      instances do. If the owner's wallet does not cover distributable + fee the payment is
--      refused: nothing moves, the distribution stays RECORDED with refused_reason set.

-- ---- The platform revenue account ----
-- A users row of its own role PLATFORM, so that its wallet and ledger entries work exactly
-- like everybody's (wallet balance = sum of entries; the conservation check sums all
-- wallets). It is not a person: it has no usable password and is marked deleted, so no
-- list, count or sign-in ever sees it (they all filter deleted_at IS NULL).
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('INVESTOR', 'PROPERTY_OWNER', 'ADMIN', 'PLATFORM'));
INSERT INTO users (id, email, password_hash, first_name, last_name, role, status, email_verified, deleted_at)
  VALUES ('00000000-0000-4000-8000-00000000fee1', 'platform-revenue@tessera.invalid', '!no-sign-in', 'Platform', 'Revenue', 'PLATFORM', 'VERIFIED', true, now());

CREATE FUNCTION platform_revenue_account() RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT '00000000-0000-4000-8000-00000000fee1'::uuid
$$;

CREATE FUNCTION cents_text(c bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN c < 0 THEN '-' ELSE '' END || '$' || to_char(abs(c) / 100.0, 'FM999,999,999,999,990.00')
$$;

-- ---- Properties: income-producing ----
-- RENTAL_READY + FUNDED properties produce income; an OFF_PLAN FUNDED one does once the owner
-- reported construction complete and an admin converted it.
ALTER TABLE properties
  ADD COLUMN construction_completed_at timestamptz,
  ADD COLUMN income_producing_at timestamptz;
ALTER TABLE properties ADD CONSTRAINT properties_converted_after_construction
  CHECK (income_producing_at IS NULL OR (type = 'OFF_PLAN' AND construction_completed_at IS NOT NULL));

CREATE FUNCTION property_is_income_producing(p_status text, p_type text, p_converted timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'FUNDED' AND (p_type = 'RENTAL_READY' OR p_converted IS NOT NULL)
$$;

-- ---- Income reports ----
CREATE TABLE income_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  property_id uuid NOT NULL REFERENCES properties (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  gross_rent_cents bigint NOT NULL CHECK (gross_rent_cents BETWEEN 0 AND 100000000000),
  management_cents bigint NOT NULL DEFAULT 0 CHECK (management_cents BETWEEN 0 AND 100000000000),
  maintenance_repairs_cents bigint NOT NULL DEFAULT 0 CHECK (maintenance_repairs_cents BETWEEN 0 AND 100000000000),
  property_tax_cents bigint NOT NULL DEFAULT 0 CHECK (property_tax_cents BETWEEN 0 AND 100000000000),
  insurance_cents bigint NOT NULL DEFAULT 0 CHECK (insurance_cents BETWEEN 0 AND 100000000000),
  hoa_cents bigint NOT NULL DEFAULT 0 CHECK (hoa_cents BETWEEN 0 AND 100000000000),
  utilities_cents bigint NOT NULL DEFAULT 0 CHECK (utilities_cents BETWEEN 0 AND 100000000000),
  reserve_cents bigint NOT NULL DEFAULT 0 CHECK (reserve_cents BETWEEN 0 AND 100000000000),
  other_cents bigint NOT NULL DEFAULT 0 CHECK (other_cents BETWEEN 0 AND 100000000000),
  expenses_cents bigint GENERATED ALWAYS AS (management_cents + maintenance_repairs_cents + property_tax_cents + insurance_cents
    + hoa_cents + utilities_cents + reserve_cents + other_cents) STORED,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'APPROVED', 'REJECTED')),
  rejection_reason text CHECK (length(rejection_reason) BETWEEN 1 AND 500),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_end >= period_start AND period_end - period_start < 366),
  CHECK ((status = 'SUBMITTED') = (decided_at IS NULL)),
  CHECK ((status = 'REJECTED') = (rejection_reason IS NOT NULL))
);
CREATE INDEX income_reports_property_idx ON income_reports (property_id, period_start);
CREATE INDEX income_reports_status_idx ON income_reports (status, created_at);

-- Receipts: files (kind INCOME_RECEIPT, tied to the property) linked to their report.
ALTER TABLE files DROP CONSTRAINT files_kind_check;
ALTER TABLE files ADD CONSTRAINT files_kind_check
  CHECK (kind IN ('AVATAR', 'KYC', 'BUSINESS_KYC', 'PROPERTY_IMAGE', 'PROPERTY_DOCUMENT', 'INCOME_RECEIPT', 'APPRAISAL_DOCUMENT'));
-- (0045 made the listing-file rule files_property_or_revision: a listing's files belong to the
-- live listing or to a revision under review; receipts and appraisal documents to the property.)
ALTER TABLE files DROP CONSTRAINT files_property_or_revision;
ALTER TABLE files ADD CONSTRAINT files_property_or_revision CHECK (
  (kind IN ('PROPERTY_IMAGE', 'PROPERTY_DOCUMENT', 'INCOME_RECEIPT', 'APPRAISAL_DOCUMENT')) = (property_id IS NOT NULL OR revision_id IS NOT NULL)
  AND (property_id IS NULL OR revision_id IS NULL)
  AND (revision_id IS NULL OR kind IN ('PROPERTY_IMAGE', 'PROPERTY_DOCUMENT'))
);
CREATE TABLE income_report_receipts (
  report_id uuid NOT NULL REFERENCES income_reports (id),
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  PRIMARY KEY (report_id, file_id)
);

-- A report: the property's owner, an income-producing property, a past period that overlaps
-- no other (not rejected) report of the property. The property row lock serializes two
-- reports of one property, so the overlap check cannot be raced.
CREATE FUNCTION income_reports_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
  other record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT owner_id, status, type, income_producing_at INTO p FROM properties WHERE id = NEW.property_id FOR UPDATE;
    IF NOT FOUND OR p.owner_id <> NEW.owner_id THEN
      RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
    END IF;
    IF NOT property_is_income_producing(p.status, p.type, p.income_producing_at) THEN
      RAISE EXCEPTION 'Income reports are for income-producing properties only: rental-ready and funded, or off-plan once converted after construction'
        USING ERRCODE = 'TS409';
    END IF;
    IF NEW.period_end >= (now() AT TIME ZONE 'UTC')::date THEN
      RAISE EXCEPTION 'The period must have ended before today' USING ERRCODE = 'TS400';
    END IF;
    SELECT period_start, period_end INTO other FROM income_reports
      WHERE property_id = NEW.property_id AND status <> 'REJECTED'
        AND period_start <= NEW.period_end AND period_end >= NEW.period_start
      ORDER BY period_start LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'This period overlaps the report for % to %', other.period_start, other.period_end USING ERRCODE = 'TS409';
    END IF;
    NEW.status := 'SUBMITTED';
    NEW.rejection_reason := NULL;
    NEW.decided_by := NULL;
    NEW.decided_at := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.property_id <> OLD.property_id OR NEW.owner_id <> OLD.owner_id OR NEW.period_start <> OLD.period_start OR NEW.period_end <> OLD.period_end
     OR NEW.gross_rent_cents <> OLD.gross_rent_cents OR NEW.expenses_cents <> OLD.expenses_cents OR NEW.note <> OLD.note OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The figures of a report never change once submitted' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'SUBMITTED' THEN
      RAISE EXCEPTION 'This report is already %', lower(OLD.status) USING ERRCODE = 'TS409';
    END IF;
    NEW.decided_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by OR NEW.rejection_reason IS DISTINCT FROM OLD.rejection_reason THEN
    RAISE EXCEPTION 'The decision on a report never changes' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER income_reports_before_write BEFORE INSERT OR UPDATE ON income_reports
  FOR EACH ROW EXECUTE FUNCTION income_reports_before_write();
CREATE TRIGGER income_reports_no_delete BEFORE DELETE ON income_reports
  FOR EACH ROW EXECUTE FUNCTION money_append_only();

-- ---- Distributions ----
CREATE TABLE distributions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL UNIQUE REFERENCES income_reports (id),
  property_id uuid NOT NULL REFERENCES properties (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  gross_rent_cents bigint NOT NULL CHECK (gross_rent_cents >= 0),
  expenses_cents bigint NOT NULL CHECK (expenses_cents >= 0),
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  net_income_cents bigint NOT NULL,
  carried_loss_in_cents bigint NOT NULL CHECK (carried_loss_in_cents >= 0),
  distributable_cents bigint NOT NULL CHECK (distributable_cents >= 0),
  carried_loss_out_cents bigint NOT NULL CHECK (carried_loss_out_cents >= 0),
  record_date date NOT NULL,
  pay_date date NOT NULL,
  status text NOT NULL DEFAULT 'DECLARED' CHECK (status IN ('DECLARED', 'RECORDED', 'PAID')),
  -- Units of the property when the snapshot was taken (the split's denominator).
  total_units integer CHECK (total_units > 0),
  recorded_at timestamptz,
  paid_at timestamptz,
  refused_reason text,
  refused_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Declared once per property in order: the sequence gives "the previous distribution".
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  CHECK (fee_cents = (gross_rent_cents * fee_bps + 5000) / 10000),
  CHECK (net_income_cents = gross_rent_cents - expenses_cents - fee_cents),
  CHECK (distributable_cents = greatest(net_income_cents - carried_loss_in_cents, 0)),
  CHECK (carried_loss_out_cents = greatest(carried_loss_in_cents - net_income_cents, 0)),
  CHECK (pay_date >= record_date),
  CHECK ((status = 'DECLARED') = (recorded_at IS NULL) AND (status = 'DECLARED') = (total_units IS NULL)),
  CHECK ((status = 'PAID') = (paid_at IS NOT NULL)),
  CHECK (status <> 'PAID' OR refused_reason IS NULL),
  CHECK ((refused_reason IS NULL) = (refused_at IS NULL))
);
CREATE INDEX distributions_property_idx ON distributions (property_id, seq DESC);
CREATE INDEX distributions_due_idx ON distributions (record_date, pay_date) WHERE status <> 'PAID';
CREATE INDEX distributions_status_idx ON distributions (status, pay_date);

CREATE TABLE distribution_holders (
  distribution_id uuid NOT NULL REFERENCES distributions (id),
  holder_id uuid NOT NULL REFERENCES users (id),
  is_owner boolean NOT NULL,
  units integer NOT NULL CHECK (units > 0),
  cents bigint NOT NULL CHECK (cents >= 0),
  PRIMARY KEY (distribution_id, holder_id)
);
CREATE INDEX distribution_holders_holder_idx ON distribution_holders (holder_id);

ALTER TABLE ledger_entries ADD COLUMN distribution_id uuid REFERENCES distributions (id);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_type_shape;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_type_shape CHECK (
  CASE type
    WHEN 'DEPOSIT' THEN amount_cents > 0 AND checkout_id IS NOT NULL
    WHEN 'SUBSCRIPTION_FEE' THEN amount_cents < 0 AND checkout_id IS NOT NULL
    WHEN 'WITHDRAWAL_HOLD' THEN amount_cents < 0 AND payout_id IS NOT NULL
    WHEN 'WITHDRAWAL_RELEASE' THEN amount_cents > 0 AND payout_id IS NOT NULL
    WHEN 'ORDER_HOLD' THEN amount_cents < 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'ORDER_REFUND' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'OWNER_PAYOUT' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    -- Issue 18: the owner funds a distribution and pays the fee; holders and the platform receive.
    WHEN 'DISTRIBUTION_FUNDING' THEN amount_cents < 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'DISTRIBUTION_PAYMENT' THEN amount_cents > 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'MANAGEMENT_FEE' THEN amount_cents < 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'FEE_REVENUE' THEN amount_cents > 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    ELSE false
  END
);
-- Paid once: one entry of a type per distribution and wallet.
CREATE UNIQUE INDEX ledger_entries_distribution_key ON ledger_entries (distribution_id, user_id, type) WHERE distribution_id IS NOT NULL;

-- Declaring: every figure comes from the APPROVED report, the fee rate given and the
-- property's previous distribution (the property row lock orders declarations).
CREATE FUNCTION distributions_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  carried bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO r FROM income_reports WHERE id = NEW.report_id;
    IF NOT FOUND OR r.status <> 'APPROVED' THEN
      RAISE EXCEPTION 'A distribution is declared by approving its income report' USING ERRCODE = 'TS409';
    END IF;
    PERFORM 1 FROM properties WHERE id = r.property_id FOR UPDATE;
    IF NEW.pay_date < NEW.record_date THEN
      RAISE EXCEPTION 'The pay date cannot be before the record date' USING ERRCODE = 'TS400';
    END IF;
    SELECT carried_loss_out_cents INTO carried FROM distributions WHERE property_id = r.property_id ORDER BY seq DESC LIMIT 1;
    NEW.property_id := r.property_id;
    NEW.owner_id := r.owner_id;
    NEW.period_start := r.period_start;
    NEW.period_end := r.period_end;
    NEW.gross_rent_cents := r.gross_rent_cents;
    NEW.expenses_cents := r.expenses_cents;
    NEW.fee_cents := (r.gross_rent_cents * NEW.fee_bps + 5000) / 10000;
    NEW.net_income_cents := r.gross_rent_cents - r.expenses_cents - NEW.fee_cents;
    NEW.carried_loss_in_cents := coalesce(carried, 0);
    NEW.distributable_cents := greatest(NEW.net_income_cents - NEW.carried_loss_in_cents, 0);
    NEW.carried_loss_out_cents := greatest(NEW.carried_loss_in_cents - NEW.net_income_cents, 0);
    NEW.status := 'DECLARED';
    NEW.total_units := NULL;
    NEW.recorded_at := NULL;
    NEW.paid_at := NULL;
    NEW.refused_reason := NULL;
    NEW.refused_at := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.report_id <> OLD.report_id OR NEW.property_id <> OLD.property_id OR NEW.owner_id <> OLD.owner_id
     OR NEW.gross_rent_cents <> OLD.gross_rent_cents OR NEW.expenses_cents <> OLD.expenses_cents OR NEW.fee_bps <> OLD.fee_bps
     OR NEW.fee_cents <> OLD.fee_cents OR NEW.carried_loss_in_cents <> OLD.carried_loss_in_cents
     OR NEW.record_date <> OLD.record_date OR NEW.pay_date <> OLD.pay_date OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of a distribution never change' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status = 'PAID' THEN
    RAISE EXCEPTION 'This distribution is already paid' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF NOT ((OLD.status = 'DECLARED' AND NEW.status = 'RECORDED') OR (OLD.status = 'RECORDED' AND NEW.status = 'PAID')) THEN
      RAISE EXCEPTION 'A distribution goes DECLARED -> RECORDED -> PAID' USING ERRCODE = 'TS409';
    END IF;
    IF NEW.status = 'RECORDED' THEN
      NEW.recorded_at := now();
      SELECT total_quantity INTO NEW.total_units FROM properties WHERE id = NEW.property_id;
    ELSE
      NEW.paid_at := now();
      NEW.refused_reason := NULL;
      NEW.refused_at := NULL;
    END IF;
  ELSIF NEW.recorded_at IS DISTINCT FROM OLD.recorded_at OR NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.total_units IS DISTINCT FROM OLD.total_units THEN
    RAISE EXCEPTION 'recorded_at, paid_at and total_units follow the status';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER distributions_before_write BEFORE INSERT OR UPDATE ON distributions
  FOR EACH ROW EXECUTE FUNCTION distributions_before_write();
CREATE TRIGGER distributions_no_delete BEFORE DELETE ON distributions
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER distributions_no_truncate BEFORE TRUNCATE ON distributions
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

-- RECORDED: the snapshot of the holders of record and the split of the cents.
-- PAID: the ledger entries. Owner debits first, then every credit in user-id order, so two
-- distributions paying at once lock wallets in one order.
CREATE FUNCTION distributions_after_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
BEGIN
  IF NEW.status = 'RECORDED' THEN
    -- The property row is locked (FOR UPDATE by record_distribution, before this update):
    -- no order can settle units of it until this transaction ends.
    INSERT INTO distribution_holders (distribution_id, holder_id, is_owner, units, cents)
    WITH h AS (
      SELECT investor_id AS holder_id, false AS is_owner, quantity AS units FROM holdings WHERE property_id = NEW.property_id
      UNION ALL
      SELECT owner_id, true, total_quantity - settled_quantity FROM properties WHERE id = NEW.property_id AND total_quantity > settled_quantity
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
    INSERT INTO ledger_entries (user_id, type, amount_cents, distribution_id, property_id, description)
    SELECT user_id, type, amount, NEW.id, NEW.property_id, left(description, 300)
    FROM (
      SELECT 0 AS k, NEW.owner_id AS user_id, 'DISTRIBUTION_FUNDING' AS type, -NEW.distributable_cents AS amount,
             'Distribution of net income for ' || NEW.period_start || ' to ' || NEW.period_end || ' of ' || pname AS description
      WHERE NEW.distributable_cents > 0
      UNION ALL
      SELECT 0, NEW.owner_id, 'MANAGEMENT_FEE', -NEW.fee_cents,
             'Management fee (' || round(NEW.fee_bps / 100.0, 2) || '% of rent) for ' || NEW.period_start || ' to ' || NEW.period_end || ' of ' || pname
      WHERE NEW.fee_cents > 0
      UNION ALL
      SELECT 1, platform_revenue_account(), 'FEE_REVENUE', NEW.fee_cents, 'Management fee of ' || pname || ' for ' || NEW.period_start || ' to ' || NEW.period_end
      WHERE NEW.fee_cents > 0
      UNION ALL
      SELECT 1, holder_id, 'DISTRIBUTION_PAYMENT', cents, 'Rental income for ' || NEW.period_start || ' to ' || NEW.period_end || ' from ' || units_phrase(units) || ' of ' || pname
      FROM distribution_holders WHERE distribution_id = NEW.id AND cents > 0
    ) e
    ORDER BY k, user_id, type;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER distributions_after_status AFTER UPDATE OF status ON distributions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION distributions_after_status();

CREATE FUNCTION distribution_holders_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'distribution_holders keeps the snapshot: rows are never changed or deleted';
  END IF;
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the holders of record are snapshotted when a distribution is recorded';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER distribution_holders_guard BEFORE INSERT OR UPDATE OR DELETE ON distribution_holders
  FOR EACH ROW EXECUTE FUNCTION distribution_holders_guard();
CREATE TRIGGER distribution_holders_no_truncate BEFORE TRUNCATE ON distribution_holders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

-- Takes the snapshot if not taken yet. Locks: distribution row, then property row (the
-- order completing units takes the property row first too, so they serialize).
-- Returns the status after.
CREATE FUNCTION record_distribution(p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  SELECT id, status, property_id INTO d FROM distributions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Distribution not found' USING ERRCODE = 'TS404';
  END IF;
  IF d.status = 'DECLARED' THEN
    PERFORM 1 FROM properties WHERE id = d.property_id FOR UPDATE;
    UPDATE distributions SET status = 'RECORDED' WHERE id = p_id;
    RETURN 'RECORDED';
  END IF;
  RETURN d.status;
END
$$;

-- Pays a distribution: snapshot first if needed, then the owner's wallet must cover
-- distributable + fee, else nothing moves and the refusal is recorded on the row.
-- Returns 'PAID' (paid now), 'ALREADY_PAID' or 'REFUSED'. Safe to call any number of times
-- from any number of sessions: the row lock serializes them, the status makes it once.
CREATE FUNCTION pay_distribution(p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  d record;
  bal bigint;
  need bigint;
BEGIN
  SELECT * INTO d FROM distributions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Distribution not found' USING ERRCODE = 'TS404';
  END IF;
  IF d.status = 'PAID' THEN
    RETURN 'ALREADY_PAID';
  END IF;
  PERFORM record_distribution(p_id);
  need := d.distributable_cents + d.fee_cents;
  SELECT balance_cents INTO bal FROM wallets WHERE user_id = d.owner_id FOR UPDATE;
  IF coalesce(bal, 0) < need THEN
    UPDATE distributions
      SET refused_reason = format('The owner''s wallet holds %s; paying this distribution needs %s (net income %s + management fee %s)',
                                  cents_text(coalesce(bal, 0)), cents_text(need), cents_text(d.distributable_cents), cents_text(d.fee_cents)),
          refused_at = now()
      WHERE id = p_id;
    RETURN 'REFUSED';
  END IF;
  UPDATE distributions SET status = 'PAID' WHERE id = p_id;
  RETURN 'PAID';
END
$$;

-- ---- Appraisals ----
CREATE TABLE appraisals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  property_id uuid NOT NULL REFERENCES properties (id),
  value_per_unit_cents bigint NOT NULL CHECK (value_per_unit_cents > 0 AND value_per_unit_cents <= 100000000000),
  appraised_on date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  document_file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appraisals_property_idx ON appraisals (property_id, appraised_on DESC, created_at DESC);

-- ---- Reinvest option per holding ----
CREATE TABLE reinvest_settings (
  investor_id uuid NOT NULL REFERENCES users (id),
  property_id uuid NOT NULL REFERENCES properties (id),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investor_id, property_id)
);

-- ---- Invariants ----
-- money_invariant_violations() gains the issue-18 checks (distributions, the platform revenue
-- account in 'money is conserved') in 0070_money_invariants.sql, its one definition since 0014.

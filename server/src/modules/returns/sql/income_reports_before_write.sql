-- A report: the property's owner, an income-producing property, a past period that overlaps
-- no other (not rejected) report of the property. The property row lock serializes two
-- reports of one property, so the overlap check cannot be raced.
CREATE OR REPLACE FUNCTION income_reports_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RAISE EXCEPTION 'Income reports are for income-producing properties only: rental-ready, or off-plan once converted after construction'
        USING ERRCODE = 'TS409';
    END IF;
    IF NEW.period_end >= (now() AT TIME ZONE 'UTC')::date THEN
      RAISE EXCEPTION 'The period must have ended before today' USING ERRCODE = 'TS400';
    END IF;
    SELECT period_start, period_end INTO other FROM income_reports
      WHERE property_id = NEW.property_id AND status <> 'REJECTED'
        AND period_start <= NEW.period_end AND period_end >= NEW.period_start
        -- A report whose distribution was cancelled frees its period for a corrected one.
        AND NOT EXISTS (SELECT 1 FROM distributions d WHERE d.report_id = income_reports.id AND d.status = 'CANCELLED')
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

CREATE OR REPLACE TRIGGER income_reports_before_write BEFORE INSERT OR UPDATE ON income_reports
  FOR EACH ROW EXECUTE FUNCTION income_reports_before_write();

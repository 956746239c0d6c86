-- An approved repair on an income report: written with the report (same transaction) and never
-- changed; the proposal is a PASSED REPAIR of the report's property, the spending at most its
-- budget, and it is on no other report that stands (not rejected, its distribution not
-- cancelled). The report's insert locked the property row, so two reports cannot both take it.
CREATE OR REPLACE FUNCTION income_report_repairs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  p record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'The repairs on a report never change once submitted' USING ERRCODE = 'TS409';
  END IF;
  SELECT property_id, status, created_at INTO r FROM income_reports WHERE id = NEW.report_id;
  IF NOT FOUND OR r.status <> 'SUBMITTED' OR r.created_at <> now() THEN
    RAISE EXCEPTION 'The repairs on a report never change once submitted' USING ERRCODE = 'TS409';
  END IF;
  SELECT property_id, kind, status, result, budget_cents INTO p FROM proposals WHERE id = NEW.proposal_id;
  IF NOT FOUND OR p.property_id <> r.property_id OR p.kind <> 'REPAIR' OR p.status <> 'CLOSED' OR p.result <> 'PASSED' THEN
    RAISE EXCEPTION 'This is not a repair the holders of this property approved' USING ERRCODE = 'TS400';
  END IF;
  IF NEW.spent_cents > p.budget_cents THEN
    RAISE EXCEPTION 'The reserve''s spending on a repair cannot exceed the budget the holders approved' USING ERRCODE = 'TS400';
  END IF;
  IF EXISTS (SELECT 1 FROM income_report_repairs x JOIN income_reports o ON o.id = x.report_id
              WHERE x.proposal_id = NEW.proposal_id AND x.report_id <> NEW.report_id AND o.status <> 'REJECTED'
                AND NOT EXISTS (SELECT 1 FROM distributions d WHERE d.report_id = o.id AND d.status = 'CANCELLED')) THEN
    RAISE EXCEPTION 'This repair is already on an earlier income report' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER income_report_repairs_guard BEFORE INSERT OR UPDATE OR DELETE ON income_report_repairs
  FOR EACH ROW EXECUTE FUNCTION income_report_repairs_guard();

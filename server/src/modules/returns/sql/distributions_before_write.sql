-- Declaring: every figure comes from the APPROVED report, the fee rate given and the
-- property's previous distribution (the property row lock orders declarations).
CREATE OR REPLACE FUNCTION distributions_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER distributions_before_write BEFORE INSERT OR UPDATE ON distributions
  FOR EACH ROW EXECUTE FUNCTION distributions_before_write();

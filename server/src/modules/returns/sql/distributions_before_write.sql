-- Declaring: every figure comes from the APPROVED report, the fee rate given and the
-- property's previous distribution (the property row lock orders declarations).
-- Status: DECLARED -> RECORDED -> PAID; DECLARED or RECORDED -> CANCELLED (never paid after);
-- PAID -> CORRECTED (correct_distribution: its entries reversed, a correction pays instead).
-- A correction (corrects_id set) takes every term of the CORRECTED original but its total.
CREATE OR REPLACE FUNCTION distributions_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  o record;
  carried bigint;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.corrects_id IS NOT NULL THEN
    SELECT * INTO o FROM distributions WHERE id = NEW.corrects_id;
    IF NOT FOUND OR o.status <> 'CORRECTED' THEN
      RAISE EXCEPTION 'A correction is made by correcting a paid distribution' USING ERRCODE = 'TS409';
    END IF;
    NEW.report_id := o.report_id;
    NEW.property_id := o.property_id;
    NEW.owner_id := o.owner_id;
    NEW.period_start := o.period_start;
    NEW.period_end := o.period_end;
    NEW.gross_rent_cents := o.gross_rent_cents;
    NEW.expenses_cents := o.expenses_cents;
    NEW.fee_bps := o.fee_bps;
    NEW.fee_cents := o.fee_cents;
    NEW.net_income_cents := o.net_income_cents;
    NEW.carried_loss_in_cents := o.carried_loss_in_cents;
    NEW.carried_loss_out_cents := o.carried_loss_out_cents;
    NEW.record_date := o.record_date;
    NEW.pay_date := o.pay_date;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT * INTO r FROM income_reports WHERE id = NEW.report_id;
    IF NOT FOUND OR r.status <> 'APPROVED' THEN
      RAISE EXCEPTION 'A distribution is declared by approving its income report' USING ERRCODE = 'TS409';
    END IF;
    PERFORM 1 FROM properties WHERE id = r.property_id FOR UPDATE;
    IF NEW.pay_date < NEW.record_date THEN
      RAISE EXCEPTION 'The pay date cannot be before the record date' USING ERRCODE = 'TS400';
    END IF;
    -- A cancelled distribution carries nothing: the loss comes from the last one that stands.
    SELECT carried_loss_out_cents INTO carried FROM distributions WHERE property_id = r.property_id AND status <> 'CANCELLED' ORDER BY seq DESC LIMIT 1;
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
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- Whatever the caller sent, a distribution starts DECLARED with no history.
    NEW.status := 'DECLARED';
    NEW.total_units := NULL;
    NEW.recorded_at := NULL;
    NEW.paid_at := NULL;
    NEW.refused_reason := NULL;
    NEW.refused_at := NULL;
    NEW.cancelled_at := NULL;
    NEW.cancelled_by := NULL;
    NEW.cancel_reason := NULL;
    NEW.corrected_at := NULL;
    NEW.corrected_by := NULL;
    NEW.correction_reason := NULL;
    NEW.created_at := now();
    RETURN NEW;
  END IF;
  IF NEW.report_id <> OLD.report_id OR NEW.property_id <> OLD.property_id OR NEW.owner_id <> OLD.owner_id
     OR NEW.gross_rent_cents <> OLD.gross_rent_cents OR NEW.expenses_cents <> OLD.expenses_cents OR NEW.fee_bps <> OLD.fee_bps
     OR NEW.fee_cents <> OLD.fee_cents OR NEW.carried_loss_in_cents <> OLD.carried_loss_in_cents
     OR NEW.record_date <> OLD.record_date OR NEW.pay_date <> OLD.pay_date OR NEW.created_at <> OLD.created_at
     OR NEW.distributable_cents <> OLD.distributable_cents OR NEW.corrects_id IS DISTINCT FROM OLD.corrects_id THEN
    RAISE EXCEPTION 'The terms of a distribution never change' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status = 'CORRECTED' THEN
    RAISE EXCEPTION 'This distribution is already corrected' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status = 'PAID' THEN
    IF NEW.status <> 'CORRECTED' THEN
      RAISE EXCEPTION 'This distribution is already paid' USING ERRCODE = 'TS409';
    END IF;
    IF NEW.corrected_by IS NULL OR length(btrim(coalesce(NEW.correction_reason, ''))) < 3 THEN
      RAISE EXCEPTION 'A correction needs who and why' USING ERRCODE = 'TS400';
    END IF;
    IF NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.recorded_at IS DISTINCT FROM OLD.recorded_at OR NEW.total_units IS DISTINCT FROM OLD.total_units
       OR NEW.refused_reason IS DISTINCT FROM OLD.refused_reason OR NEW.refused_at IS DISTINCT FROM OLD.refused_at
       OR NEW.cancelled_at IS NOT NULL OR NEW.cancelled_by IS NOT NULL OR NEW.cancel_reason IS NOT NULL THEN
      RAISE EXCEPTION 'A correction changes the status and the correction only';
    END IF;
    NEW.corrected_at := now();
    RETURN NEW;
  END IF;
  IF OLD.status = 'CANCELLED' THEN
    RAISE EXCEPTION 'This distribution is cancelled' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF NOT ((OLD.status = 'DECLARED' AND NEW.status = 'RECORDED') OR (OLD.status = 'RECORDED' AND NEW.status = 'PAID')
            OR (OLD.status IN ('DECLARED', 'RECORDED') AND NEW.status = 'CANCELLED')) THEN
      RAISE EXCEPTION 'A distribution goes DECLARED -> RECORDED -> PAID, or is cancelled before it is paid' USING ERRCODE = 'TS409';
    END IF;
    IF NEW.status = 'CANCELLED' THEN
      IF NEW.cancelled_by IS NULL OR coalesce(btrim(NEW.cancel_reason), '') = '' THEN
        RAISE EXCEPTION 'A cancellation needs who and why' USING ERRCODE = 'TS400';
      END IF;
      NEW.cancelled_at := now();
    ELSIF NEW.status = 'RECORDED' THEN
      NEW.recorded_at := now();
      IF NEW.corrects_id IS NOT NULL THEN
        SELECT total_units INTO NEW.total_units FROM distributions WHERE id = NEW.corrects_id;
      ELSE
        SELECT total_quantity INTO NEW.total_units FROM properties WHERE id = NEW.property_id;
      END IF;
    ELSE
      NEW.paid_at := now();
      NEW.refused_reason := NULL;
      NEW.refused_at := NULL;
    END IF;
  ELSIF NEW.recorded_at IS DISTINCT FROM OLD.recorded_at OR NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.total_units IS DISTINCT FROM OLD.total_units
        OR NEW.cancelled_at IS DISTINCT FROM OLD.cancelled_at OR NEW.cancelled_by IS DISTINCT FROM OLD.cancelled_by
        OR NEW.cancel_reason IS DISTINCT FROM OLD.cancel_reason THEN
    RAISE EXCEPTION 'recorded_at, paid_at, total_units and the cancellation follow the status';
  END IF;
  IF NEW.corrected_at IS DISTINCT FROM OLD.corrected_at OR NEW.corrected_by IS DISTINCT FROM OLD.corrected_by
     OR NEW.correction_reason IS DISTINCT FROM OLD.correction_reason THEN
    RAISE EXCEPTION 'Only a paid distribution is corrected' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER distributions_before_write BEFORE INSERT OR UPDATE ON distributions
  FOR EACH ROW EXECUTE FUNCTION distributions_before_write();

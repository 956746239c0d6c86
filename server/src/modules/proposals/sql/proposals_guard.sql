-- A proposal's terms and rule are fixed when it is raised; its status only moves forward
-- (SCHEDULED → OPEN → CLOSED, or to CANCELLED before the close) and a result is final.
CREATE OR REPLACE FUNCTION proposals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A proposal cannot be deleted' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status IN ('CLOSED', 'CANCELLED') THEN
    RAISE EXCEPTION 'This proposal is final' USING ERRCODE = 'TS409';
  END IF;
  IF (NEW.property_id, NEW.kind, NEW.title, NEW.description, NEW.price_cents, NEW.price_is_floor, NEW.budget_cents,
      NEW.raised_by, NEW.quorum_pct, NEW.majority_pct, NEW.cap_pct, NEW.opens_at, NEW.closes_at, NEW.created_at)
     IS DISTINCT FROM
     (OLD.property_id, OLD.kind, OLD.title, OLD.description, OLD.price_cents, OLD.price_is_floor, OLD.budget_cents,
      OLD.raised_by, OLD.quorum_pct, OLD.majority_pct, OLD.cap_pct, OLD.opens_at, OLD.closes_at, OLD.created_at) THEN
    RAISE EXCEPTION 'A proposal''s terms and rule cannot change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'SCHEDULED' AND NEW.status IN ('OPEN', 'CANCELLED'))
    OR (OLD.status = 'OPEN' AND NEW.status IN ('CLOSED', 'CANCELLED'))) THEN
    RAISE EXCEPTION 'A proposal cannot go from % to %', OLD.status, NEW.status USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status = 'CLOSED' AND OLD.closes_at > now() THEN
    RAISE EXCEPTION 'This proposal closes at %', OLD.closes_at USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status = 'CANCELLED' AND OLD.closes_at <= now() THEN
    RAISE EXCEPTION 'This proposal has reached its close: its result stands' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER proposals_guard BEFORE UPDATE OR DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposals_guard();

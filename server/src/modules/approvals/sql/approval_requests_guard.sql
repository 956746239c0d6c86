-- A request is decided once: only a PENDING request changes, and only its status, decision
-- and result; what was asked (action, target, payload, requester) never changes. Rows are
-- never deleted (the record of who asked and who approved).
CREATE OR REPLACE FUNCTION approval_requests_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an approval request is never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'PENDING' THEN
    RAISE EXCEPTION 'this request is already %', lower(OLD.status) USING ERRCODE = 'TS409';
  END IF;
  IF NEW.action <> OLD.action OR NEW.target_type <> OLD.target_type OR NEW.target_id <> OLD.target_id
     OR NEW.payload <> OLD.payload OR NEW.summary <> OLD.summary OR NEW.requested_by <> OLD.requested_by
     OR NEW.requested_at <> OLD.requested_at THEN
    RAISE EXCEPTION 'what an approval request asks never changes' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER approval_requests_guard BEFORE UPDATE OR DELETE ON approval_requests
  FOR EACH ROW EXECUTE FUNCTION approval_requests_guard();

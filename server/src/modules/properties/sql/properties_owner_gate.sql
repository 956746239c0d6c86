-- A new listing needs an owner who is not rejected or deleted; a listing goes live
-- (approved, or resumed) only when its owner is VERIFIED. An update that does not make the
-- listing live returns at once, before reading the owner: every order updates its listing's
-- counters. (The test is in the body rather than in a WHEN clause: PostgreSQL 15 reads a WHEN
-- back from the catalog for every statement, which cost an order more than the call does.)
CREATE OR REPLACE FUNCTION properties_owner_gate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (NEW.status IN ('ACTIVE', 'FUNDED') AND NEW.suspended_at IS NULL
                              AND (OLD.status NOT IN ('ACTIVE', 'FUNDED') OR OLD.suspended_at IS NOT NULL)) THEN
    RETURN NEW;
  END IF;
  SELECT status, deleted_at INTO u FROM users WHERE id = NEW.owner_id;
  IF TG_OP = 'INSERT' THEN
    IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'This account is closed' USING ERRCODE = 'TS403';
    END IF;
    IF u.status = 'REJECTED' THEN
      RAISE EXCEPTION 'Your account verification was rejected: you cannot list a property' USING ERRCODE = 'TS403';
    END IF;
  END IF;
  IF NEW.status IN ('ACTIVE', 'FUNDED') AND NEW.suspended_at IS NULL AND (u.status <> 'VERIFIED' OR u.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Only a verified owner''s listing can be approved (the owner''s account is %)',
      CASE WHEN u.deleted_at IS NOT NULL THEN 'closed' ELSE lower(u.status) END USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER properties_owner_gate_insert BEFORE INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_owner_gate();

CREATE OR REPLACE TRIGGER properties_owner_gate_update BEFORE UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_owner_gate();

CREATE OR REPLACE FUNCTION support_ticket_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'OPEN' THEN
      RAISE EXCEPTION 'a support ticket starts OPEN, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
  ELSE
    IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      RAISE EXCEPTION 'a support ticket keeps its kind, author and date' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
      (OLD.status = 'OPEN' AND NEW.status IN ('WAITING', 'CLOSED'))
      OR (OLD.status = 'WAITING' AND NEW.status IN ('OPEN', 'CLOSED'))
      OR (OLD.status = 'CLOSED' AND NEW.status = 'OPEN')
    ) THEN
      RAISE EXCEPTION 'support ticket % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.assigned_to IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to)
     AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assigned_to AND role = 'ADMIN') THEN
    RAISE EXCEPTION 'a support ticket is assigned to an admin only' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER support_ticket_guard BEFORE INSERT OR UPDATE ON support_tickets
  FOR EACH ROW EXECUTE FUNCTION support_ticket_guard();

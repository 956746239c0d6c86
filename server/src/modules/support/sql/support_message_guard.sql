-- Messages are kept as written: only an e-mailed reply's delivery fields change.
CREATE OR REPLACE FUNCTION support_message_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'support messages are kept' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.ticket_id IS DISTINCT FROM OLD.ticket_id OR NEW.author_id IS DISTINCT FROM OLD.author_id
     OR NEW.author_role IS DISTINCT FROM OLD.author_role OR NEW.body IS DISTINCT FROM OLD.body
     OR NEW.created_at IS DISTINCT FROM OLD.created_at OR (OLD.email_status IS NULL AND NEW.email_status IS NOT NULL)
     OR (OLD.email_status = 'SENT' AND NEW.email_status IS DISTINCT FROM 'SENT') THEN
    RAISE EXCEPTION 'a support message cannot be rewritten' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER support_message_guard BEFORE UPDATE OR DELETE ON support_messages
  FOR EACH ROW EXECUTE FUNCTION support_message_guard();

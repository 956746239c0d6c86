-- Support conversations (issue 19): a ticket is a thread of messages. Status OPEN (the team's
-- turn) → WAITING (an admin replied, the person's turn) → CLOSED; the person's answer reopens it
-- (OPEN). The allowed moves are enforced here as well as in the service.

ALTER TABLE support_tickets DROP CONSTRAINT IF EXISTS support_tickets_status_check;
ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_status_check CHECK (status IN ('OPEN', 'WAITING', 'CLOSED'));
ALTER TABLE support_tickets ADD COLUMN assigned_to uuid REFERENCES users (id);
ALTER TABLE support_tickets ADD COLUMN updated_at timestamptz;
UPDATE support_tickets SET updated_at = COALESCE(closed_at, created_at);
ALTER TABLE support_tickets ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE support_tickets ALTER COLUMN updated_at SET DEFAULT now();
CREATE INDEX support_tickets_assigned_idx ON support_tickets (assigned_to, status, updated_at DESC);
CREATE INDEX support_tickets_user_updated_idx ON support_tickets (user_id, updated_at DESC) WHERE user_id IS NOT NULL;

CREATE TABLE support_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES support_tickets (id),
  -- Null for a visitor (the contact form has no account).
  author_id uuid REFERENCES users (id),
  author_role text NOT NULL CHECK (author_role IN ('ADMIN', 'PERSON')),
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An admin's reply to a contact-form message goes by e-mail: stored PENDING in the same
  -- transaction as the reply, sent after the commit, then SENT or FAILED (sent again from the
  -- inbox). Null for every other message.
  email_status text CHECK (email_status IN ('PENDING', 'SENT', 'FAILED')),
  email_sent_at timestamptz,
  email_error text,
  email_attempts integer NOT NULL DEFAULT 0 CHECK (email_attempts >= 0),
  CHECK (author_role = 'PERSON' OR author_id IS NOT NULL),
  CHECK (email_status IS NULL OR author_role = 'ADMIN'),
  CHECK ((email_status = 'SENT') = (email_sent_at IS NOT NULL))
);
CREATE INDEX support_messages_ticket_idx ON support_messages (ticket_id, created_at, id);

-- Every existing ticket's opening message becomes the first message of its thread.
INSERT INTO support_messages (ticket_id, author_id, author_role, body, created_at)
SELECT id, user_id, 'PERSON', CASE WHEN length(btrim(message)) BETWEEN 1 AND 5000 THEN message ELSE left(COALESCE(NULLIF(btrim(message), ''), '(empty)'), 5000) END, created_at
FROM support_tickets;

CREATE FUNCTION support_ticket_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER support_ticket_guard BEFORE INSERT OR UPDATE ON support_tickets
  FOR EACH ROW EXECUTE FUNCTION support_ticket_guard();

-- Messages are kept as written: only an e-mailed reply's delivery fields change.
CREATE FUNCTION support_message_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER support_message_guard BEFORE UPDATE OR DELETE ON support_messages
  FOR EACH ROW EXECUTE FUNCTION support_message_guard();

-- An owner set to REJECTED: their live listings are suspended in the same transaction.
CREATE OR REPLACE FUNCTION users_after_rejection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties
    SET suspended_at = now(),
        suspended_reason = 'The owner''s identity verification was rejected: this listing is suspended until an admin resumes it',
        updated_at = now()
    WHERE owner_id = NEW.id AND status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_after_rejection AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (NEW.status = 'REJECTED' AND OLD.status <> 'REJECTED' AND NEW.role = 'PROPERTY_OWNER')
  EXECUTE FUNCTION users_after_rejection();

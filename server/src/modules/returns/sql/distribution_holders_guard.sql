CREATE OR REPLACE FUNCTION distribution_holders_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'distribution_holders keeps the snapshot: rows are never changed or deleted';
  END IF;
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the holders of record are snapshotted when a distribution is recorded';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER distribution_holders_guard BEFORE INSERT OR UPDATE OR DELETE ON distribution_holders
  FOR EACH ROW EXECUTE FUNCTION distribution_holders_guard();

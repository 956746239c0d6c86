CREATE OR REPLACE FUNCTION payout_destinations_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Bank accounts are removed by marking them (removed_at), never deleted' USING ERRCODE = 'TS409';
END
$$;

CREATE OR REPLACE TRIGGER payout_destinations_no_delete BEFORE DELETE ON payout_destinations
  FOR EACH ROW EXECUTE FUNCTION payout_destinations_no_delete();

-- The holders of record are a snapshot: written once, when the vote opens, never changed.
CREATE OR REPLACE FUNCTION proposal_holders_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The holders of record of a vote cannot change' USING ERRCODE = 'TS409';
END
$$;

CREATE OR REPLACE TRIGGER proposal_holders_guard BEFORE UPDATE OR DELETE ON proposal_holders
  FOR EACH ROW EXECUTE FUNCTION proposal_holders_guard();

-- A vote counts only while its proposal is open and before its close time; the proposal row
-- is read FOR SHARE, so a vote and the closing (FOR UPDATE) serialize: a vote committed first
-- is in the tally, one after is refused. A vote is changed, never withdrawn.
CREATE OR REPLACE FUNCTION proposal_votes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A vote cannot be withdrawn, only changed' USING ERRCODE = 'TS409';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.proposal_id <> OLD.proposal_id OR NEW.holder_id <> OLD.holder_id) THEN
    RAISE EXCEPTION 'A vote stays with its proposal and holder' USING ERRCODE = 'TS409';
  END IF;
  SELECT status, closes_at INTO p FROM proposals WHERE id = NEW.proposal_id FOR SHARE;
  IF p.status IS DISTINCT FROM 'OPEN' OR p.closes_at <= now() THEN
    RAISE EXCEPTION 'Voting on this proposal is closed' USING ERRCODE = 'TS409';
  END IF;
  NEW.updated_at := now();
  IF TG_OP = 'UPDATE' THEN
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER proposal_votes_guard BEFORE INSERT OR UPDATE OR DELETE ON proposal_votes
  FOR EACH ROW EXECUTE FUNCTION proposal_votes_guard();

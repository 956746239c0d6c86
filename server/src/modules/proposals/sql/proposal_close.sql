-- Closes an open proposal whose close time has passed: the tally of the holders of record's
-- votes and the result are written once (the guard makes them final) and audited, with the
-- person whose call closed it, or the system. Returns the result, or the status if not closed.
CREATE OR REPLACE FUNCTION proposal_close(p_id uuid, p_actor uuid, p_actor_email text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  p record;
  t record;
  outcome text;
BEGIN
  SELECT id, status, closes_at, quorum_pct, majority_pct, property_id, kind INTO p FROM proposals WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Proposal not found' USING ERRCODE = 'TS404';
  END IF;
  IF p.status <> 'OPEN' OR p.closes_at > now() THEN
    RETURN p.status;
  END IF;
  SELECT * INTO t FROM proposal_tally(p_id);
  outcome := proposal_outcome(t.eligible, t.for_w, t.against_w, t.abstain_w, p.quorum_pct, p.majority_pct);
  UPDATE proposals
     SET status = 'CLOSED', result = outcome, closed_at = now(), eligible_weight = t.eligible,
         for_weight = t.for_w, against_weight = t.against_w, abstain_weight = t.abstain_w
   WHERE id = p_id;
  INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, detail)
  VALUES (coalesce(p_actor, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(p_actor_email, 'system'),
          'proposal.close', 'proposal', p_id::text,
          jsonb_build_object('propertyId', p.property_id, 'kind', p.kind, 'result', outcome, 'eligible', t.eligible,
                             'for', t.for_w, 'against', t.against_w, 'abstain', t.abstain_w));
  RETURN outcome;
END
$$;

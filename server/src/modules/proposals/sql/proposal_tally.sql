-- The live tally of a proposal from its holders of record and their votes (counted weights).
CREATE OR REPLACE FUNCTION proposal_tally(p_id uuid)
RETURNS TABLE (eligible bigint, for_w bigint, against_w bigint, abstain_w bigint, holders bigint, voters bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(h.weight), 0)::bigint,
         coalesce(sum(h.weight) FILTER (WHERE v.choice = 'FOR'), 0)::bigint,
         coalesce(sum(h.weight) FILTER (WHERE v.choice = 'AGAINST'), 0)::bigint,
         coalesce(sum(h.weight) FILTER (WHERE v.choice = 'ABSTAIN'), 0)::bigint,
         count(h.holder_id),
         count(v.holder_id)
  FROM proposal_holders h
  LEFT JOIN proposal_votes v ON v.proposal_id = h.proposal_id AND v.holder_id = h.holder_id
  WHERE h.proposal_id = p_id
$$;

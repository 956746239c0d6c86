-- The decision rule, on counted weights: quorum when the weight that voted (abstentions
-- included) is at least quorum % of the eligible weight; then PASSED when FOR is at least
-- majority % of FOR + AGAINST (abstentions left out), else REJECTED.
CREATE OR REPLACE FUNCTION proposal_outcome(
  eligible bigint, for_w bigint, against_w bigint, abstain_w bigint, quorum_pct integer, majority_pct integer
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN eligible <= 0 OR (for_w + against_w + abstain_w) * 100 < quorum_pct::bigint * eligible THEN 'NO_QUORUM'
    WHEN for_w > 0 AND for_w * 100 >= majority_pct::bigint * (for_w + against_w) THEN 'PASSED'
    ELSE 'REJECTED'
  END
$$;

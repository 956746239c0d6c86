-- Whether holders passed a proposal of this kind on this property (what carrying out a
-- decision, such as recording a sale, checks first).
CREATE OR REPLACE FUNCTION proposal_passed(p_property uuid, p_kind text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM proposals WHERE property_id = p_property AND kind = p_kind AND status = 'CLOSED' AND result = 'PASSED')
$$;

-- The least price holders agreed to sell this property at: the price (or the floor) of the
-- latest SELL proposal they passed, or NULL when they passed none. Recording a sale
-- (record_property_sale) refuses without one, or below it.
CREATE OR REPLACE FUNCTION proposal_sale_floor(p_property uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT price_cents FROM proposals
  WHERE property_id = p_property AND kind = 'SELL' AND status = 'CLOSED' AND result = 'PASSED'
  ORDER BY closes_at DESC, id DESC LIMIT 1
$$;

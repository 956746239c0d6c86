-- Records a property's completed sale: refuses bad input and a property that cannot be sold,
-- then inserts the sale, whose trigger (property_sales_after_insert) does the rest in this
-- transaction. Locks the property row first, like every order and distribution of it, so no
-- order settles and no snapshot is taken half-way. The fee is price × bps, rounded half up.
-- Only after the holders passed a vote to sell, at no less than the price they agreed to.
-- Returns the sale's id. A second sale of the property is refused (409), never paid twice.
CREATE OR REPLACE FUNCTION record_property_sale(p_property uuid, p_price bigint, p_costs bigint, p_fee_bps integer, p_sold_on date,
                                                p_documents jsonb, p_note text, p_admin uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  p record;
  fee bigint;
  floor_cents bigint;
  sid uuid;
BEGIN
  IF p_price IS NULL OR p_price <= 0 THEN
    RAISE EXCEPTION 'The sale price must be more than $0.00' USING ERRCODE = 'TS400';
  END IF;
  IF p_costs IS NULL OR p_costs < 0 THEN
    RAISE EXCEPTION 'The costs cannot be negative' USING ERRCODE = 'TS400';
  END IF;
  IF p_costs > p_price THEN
    RAISE EXCEPTION 'The costs cannot be more than the sale price' USING ERRCODE = 'TS400';
  END IF;
  fee := (p_price * p_fee_bps + 5000) / 10000;
  IF p_price - p_costs - fee < 0 THEN
    RAISE EXCEPTION 'The costs and the sale fee cannot be more than the sale price' USING ERRCODE = 'TS400';
  END IF;
  IF p_sold_on IS NULL OR p_sold_on > current_date THEN
    RAISE EXCEPTION 'The sale date cannot be in the future' USING ERRCODE = 'TS400';
  END IF;
  SELECT id, status, owner_id, total_quantity INTO p FROM properties WHERE id = p_property FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  IF p.status = 'SOLD' OR EXISTS (SELECT 1 FROM property_sales WHERE property_id = p_property) THEN
    RAISE EXCEPTION 'This property is already sold' USING ERRCODE = 'TS409';
  END IF;
  IF p.status <> 'FUNDED' THEN
    RAISE EXCEPTION 'Only a funded property can be sold' USING ERRCODE = 'TS409';
  END IF;
  -- The holders decide a sale, not an admin: a passed SELL vote, at its price or above.
  floor_cents := proposal_sale_floor(p_property);
  IF floor_cents IS NULL THEN
    RAISE EXCEPTION 'The holders have not passed a vote to sell this property' USING ERRCODE = 'TS409';
  END IF;
  IF p_price < floor_cents THEN
    RAISE EXCEPTION 'The holders agreed to sell at % or more: this price is below it', cents_text(floor_cents) USING ERRCODE = 'TS409';
  END IF;
  IF EXISTS (SELECT 1 FROM distributions WHERE property_id = p_property AND status IN ('DECLARED', 'RECORDED')) THEN
    RAISE EXCEPTION 'This property has a distribution not paid yet: pay or cancel it before recording the sale' USING ERRCODE = 'TS409';
  END IF;
  INSERT INTO property_sales (property_id, owner_id, price_cents, costs_cents, fee_bps, fee_cents, net_cents, total_units, sold_on, documents, note, recorded_by)
    VALUES (p_property, p.owner_id, p_price, p_costs, p_fee_bps, fee, p_price - p_costs - fee, p.total_quantity, p_sold_on,
            coalesce(p_documents, '[]'::jsonb), coalesce(p_note, ''), p_admin)
    RETURNING id INTO sid;
  RETURN sid;
END
$$;

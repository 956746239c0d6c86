-- The portfolio's invariants, part of money_invariant_violations(): the units in open lots
-- are the holdings, and every lot's units are what is left plus what its disposals took.
CREATE OR REPLACE FUNCTION lot_invariant_violations() RETURNS TABLE (invariant text, detail text) LANGUAGE sql STABLE AS $$
  SELECT 'units in open lots = holdings', format('investor %s, property %s: holding %s units, open lots %s',
    coalesce(h.investor_id, l.investor_id), coalesce(h.property_id, l.property_id), coalesce(h.quantity, 0), coalesce(l.units, 0))
  FROM holdings h
  FULL JOIN (SELECT investor_id, property_id, sum(remaining_units) AS units FROM lots WHERE remaining_units > 0 GROUP BY investor_id, property_id) l
    ON l.investor_id = h.investor_id AND l.property_id = h.property_id
  WHERE coalesce(h.quantity, 0) <> coalesce(l.units, 0)
  UNION ALL
  SELECT 'lot units = remaining + disposed, cost = remaining + disposed cost',
    format('lot %s: %s units (%s cents) <> %s remaining (%s) + %s disposed (%s)', l.id, l.units, l.cost_cents, l.remaining_units, l.remaining_cost_cents, coalesce(d.units, 0), coalesce(d.cost, 0))
  FROM lots l
  LEFT JOIN (SELECT lot_id, sum(units) AS units, sum(cost_cents) AS cost FROM lot_disposals GROUP BY lot_id) d ON d.lot_id = l.id
  WHERE l.units <> l.remaining_units + coalesce(d.units, 0) OR l.cost_cents <> l.remaining_cost_cents + coalesce(d.cost, 0)
  UNION ALL
  SELECT 'a trade''s disposals = its units, proceeds and fee',
    format('trade %s: %s units, %s gross, %s fee; disposals %s, %s, %s', t.id, t.units, t.gross_cents, t.fee_cents, d.units, d.proceeds, d.fee)
  FROM trades t
  LEFT JOIN (SELECT trade_id, sum(units) AS units, sum(proceeds_cents) AS proceeds, sum(fee_cents) AS fee FROM lot_disposals WHERE trade_id IS NOT NULL GROUP BY trade_id) d ON d.trade_id = t.id
  WHERE d.units IS DISTINCT FROM t.units::bigint OR d.proceeds IS DISTINCT FROM t.gross_cents OR d.fee IS DISTINCT FROM t.fee_cents
  UNION ALL
  -- A property's sale disposes of each holder's units at their share of the proceeds.
  SELECT 'a sale''s disposals = each holder''s units and proceeds',
    format('sale %s, investor %s: %s units, %s cents; disposals %s, %s', coalesce(h.sale_id, d.sale_id), coalesce(h.holder_id, d.investor_id), h.units, h.cents, d.units, d.proceeds)
  FROM (SELECT sale_id, holder_id, units, cents FROM sale_holders WHERE NOT is_owner) h
  FULL JOIN (SELECT sale_id, investor_id, sum(units) AS units, sum(proceeds_cents) AS proceeds FROM lot_disposals WHERE sale_id IS NOT NULL GROUP BY sale_id, investor_id) d
    ON d.sale_id = h.sale_id AND d.investor_id = h.holder_id
  WHERE d.units IS DISTINCT FROM h.units::bigint OR d.proceeds IS DISTINCT FROM h.cents::numeric
$$;

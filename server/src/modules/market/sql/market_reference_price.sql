-- ---- The reference price of the band ----
-- Made hard to move with a few trades between friends (market_reference_rule, generated from
-- shared-api's MARKET_REFERENCE_*): the volume-weighted average price of the property's trades
-- of the last window_days days, or since the latest appraisal if that is newer (a new
-- appraisal starts the window again). A trade counts unless its two accounts also traded the
-- other way in the window: a round trip moves nothing but the price, the shape of a wash
-- trade. The average counts only when the counted trades add up to min_units units between
-- min_traders distinct accounts; otherwise the latest appraisal, then the unit price.
-- Only the window's latest max_trades trades are read: a busy book's reference costs what a
-- quiet one's does. Returns (price_cents, basis 'VWAP' | 'APPRAISAL' | 'UNIT_PRICE'); trades of
-- the calling transaction are included.
CREATE OR REPLACE FUNCTION market_reference_price(p_property uuid, OUT price_cents bigint, OUT basis text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  a record;
  r record;
  since timestamptz;
  v record;
BEGIN
  -- A voided appraisal counts for nothing: the latest one standing is the reference.
  SELECT value_per_unit_cents, created_at INTO a FROM appraisals WHERE property_id = p_property AND voided_at IS NULL
    ORDER BY appraised_on DESC, created_at DESC LIMIT 1;
  SELECT * INTO r FROM market_reference_rule();
  since := greatest(now() - make_interval(days => r.window_days), a.created_at);
  -- The window's latest max_trades trades (the index on property and time reads just those);
  -- a trade whose pair also traded the other way among them is left out (a hash anti-join).
  WITH w AS MATERIALIZED (
    SELECT t.buyer_id, t.seller_id, t.units, t.gross_cents FROM trades t
    WHERE t.property_id = p_property AND t.created_at >= since
    ORDER BY t.created_at DESC LIMIT r.max_trades
  ), counted AS (
    SELECT w.* FROM w WHERE NOT EXISTS (SELECT 1 FROM w back WHERE back.buyer_id = w.seller_id AND back.seller_id = w.buyer_id)
  )
  SELECT sum(c.units)::bigint AS units, sum(c.gross_cents)::bigint AS gross,
         (SELECT count(DISTINCT x) FROM (SELECT buyer_id FROM counted UNION SELECT seller_id FROM counted) AS ids(x)) AS traders
    INTO v
    FROM counted c;
  IF v.units >= r.min_units AND v.traders >= r.min_traders THEN
    price_cents := market_vwap_cents(v.gross, v.units); basis := 'VWAP';
  ELSIF a.value_per_unit_cents IS NOT NULL THEN
    price_cents := a.value_per_unit_cents; basis := 'APPRAISAL';
  ELSE
    SELECT unit_price_cents INTO price_cents FROM properties WHERE id = p_property;
    basis := 'UNIT_PRICE';
  END IF;
END
$$;

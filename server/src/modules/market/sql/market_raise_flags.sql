-- ---- Surveillance: flags for admins (the market job runs this every few minutes) ----
-- Over the band reference's window (market_reference_rule's window_days), pairs of accounts
-- that traded with each other and:
--   WASH_TRADES: traded a property both ways (each sold to the other), per property;
--   SHARED_DEVICE: signed in from the same device (signin_devices' fingerprint);
--   SHARED_BANK_ACCOUNT: have a payout destination with the same kind, country, last four and
--     holder name (the full numbers are sealed, so this is what the database can compare).
-- One OPEN flag per kind, pair and property (market_flags_open_key): a pattern seen again
-- refreshes its open flag; after a review it is raised again only on a newer trade. Safe with
-- several instances (the unique index serializes the inserts). Returns the flags newly raised.
CREATE OR REPLACE FUNCTION market_raise_flags() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
  raised integer;
BEGIN
  SELECT now() - make_interval(days => r.window_days) INTO since FROM market_reference_rule() r;
  WITH pairs AS (
    -- Every pair that traded in the window, per property.
    SELECT t.property_id, least(t.buyer_id, t.seller_id) AS a, greatest(t.buyer_id, t.seller_id) AS b,
           count(*) AS trades, sum(t.units) AS units,
           count(*) FILTER (WHERE t.buyer_id < t.seller_id) AS a_bought,
           count(*) FILTER (WHERE t.buyer_id > t.seller_id) AS b_bought,
           min(t.created_at) AS first_at, max(t.created_at) AS last_at
      FROM trades t WHERE t.created_at >= since
      GROUP BY t.property_id, least(t.buyer_id, t.seller_id), greatest(t.buyer_id, t.seller_id)
  ), counterparties AS (
    SELECT a, b, sum(trades) AS trades, max(last_at) AS last_at FROM pairs GROUP BY a, b
  ), found AS (
    SELECT 'WASH_TRADES' AS kind, p.property_id, p.a, p.b, p.last_at,
           jsonb_build_object('trades', p.trades, 'units', p.units, 'firstTradeAt', p.first_at, 'lastTradeAt', p.last_at) AS detail
      FROM pairs p WHERE p.a_bought > 0 AND p.b_bought > 0
    UNION ALL
    SELECT 'SHARED_DEVICE', NULL, c.a, c.b, c.last_at,
           jsonb_build_object('trades', c.trades, 'devices', d.n)
      FROM counterparties c
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM signin_devices da
                          JOIN signin_devices db ON db.fingerprint = da.fingerprint AND db.user_id = c.b
                          WHERE da.user_id = c.a) d
      WHERE d.n > 0
    UNION ALL
    SELECT 'SHARED_BANK_ACCOUNT', NULL, c.a, c.b, c.last_at,
           jsonb_build_object('trades', c.trades, 'last4', min(da.last4))
      FROM counterparties c
      JOIN payout_destinations da ON da.user_id = c.a AND da.removed_at IS NULL
      JOIN payout_destinations db ON db.user_id = c.b AND db.removed_at IS NULL
        AND db.kind = da.kind AND db.country = da.country AND db.last4 = da.last4
        AND lower(btrim(db.holder_name)) = lower(btrim(da.holder_name))
      GROUP BY c.a, c.b, c.trades, c.last_at
  ), fresh AS (
    -- Not already decided on this evidence: a review after the pair's latest trade stands.
    SELECT f.* FROM found f
     WHERE NOT EXISTS (SELECT 1 FROM market_flags m
                        WHERE m.user_a = f.a AND m.user_b = f.b AND m.kind = f.kind
                          AND m.property_id IS NOT DISTINCT FROM f.property_id
                          AND m.reviewed_at >= f.last_at)
  ), written AS (
    INSERT INTO market_flags (kind, property_id, user_a, user_b, detail, evidence_at)
      SELECT kind, property_id, a, b, detail, last_at FROM fresh
      ON CONFLICT (kind, user_a, user_b, (COALESCE(property_id, '00000000-0000-0000-0000-000000000000'::uuid))) WHERE status = 'OPEN'
      DO UPDATE SET detail = EXCLUDED.detail, evidence_at = greatest(market_flags.evidence_at, EXCLUDED.evidence_at), last_seen_at = now()
      RETURNING (xmax = 0) AS inserted
  )
  SELECT count(*) FILTER (WHERE inserted) INTO raised FROM written;
  RETURN raised;
END
$$;

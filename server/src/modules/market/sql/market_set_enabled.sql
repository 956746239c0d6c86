CREATE OR REPLACE FUNCTION market_set_enabled(p_property uuid, p_enabled boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM properties WHERE id = p_property FOR UPDATE;
  INSERT INTO market_properties (property_id, trading_enabled) VALUES (p_property, p_enabled)
    ON CONFLICT (property_id) DO UPDATE SET trading_enabled = EXCLUDED.trading_enabled, updated_at = now();
  PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
END
$$;

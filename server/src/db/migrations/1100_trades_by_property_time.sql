-- Market integrity: the band's reference is the volume-weighted average of a window of
-- trades (market_reference_price), read per property and time: an index for that range.
CREATE INDEX trades_property_created_idx ON trades USING btree (property_id, created_at);

-- ---- Settlement: each trade row moves the units and the money ----
CREATE OR REPLACE FUNCTION trades_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tessera.trade_settling', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'trades are made by place_market_order only';
  END IF;
  NEW.gross_cents := NEW.units::bigint * NEW.price_cents;
  NEW.fee_cents := market_fee_cents(NEW.gross_cents, NEW.fee_bps);
  NEW.created_at := now();
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER trades_before_insert BEFORE INSERT ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_before_insert();

-- Portfolio accounting: every acquisition of units is a lot (date, units, cost including
-- fees) and every disposal consumes lots first in, first out, recording the gain or loss net
-- of fees (server/src/modules/portfolio, docs/portfolio-accounting.md). Kept by the rules
-- portfolio/sql/*; this migration creates the tables and replays the history so far.

CREATE TABLE lots (
  id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  investor_id uuid NOT NULL REFERENCES users(id),
  property_id uuid NOT NULL REFERENCES properties(id),
  -- ORDER: a primary order completed (reinvestment orders included); TRADE: bought on the market.
  source text NOT NULL CHECK (source IN ('ORDER', 'TRADE')),
  order_id uuid REFERENCES orders(id),
  trade_id uuid REFERENCES trades(id),
  acquired_at timestamptz NOT NULL,
  units integer NOT NULL CHECK (units > 0),
  -- What the units cost, fees paid on the purchase included (fee_cents is that part).
  cost_cents bigint NOT NULL CHECK (cost_cents >= 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0 AND fee_cents <= cost_cents),
  remaining_units integer NOT NULL,
  remaining_cost_cents bigint NOT NULL,
  CHECK (remaining_units >= 0 AND remaining_units <= units),
  CHECK (remaining_cost_cents >= 0 AND remaining_cost_cents <= cost_cents),
  CHECK (remaining_units > 0 OR remaining_cost_cents = 0),
  CHECK ((source = 'ORDER') = (order_id IS NOT NULL) AND (source = 'TRADE') = (trade_id IS NOT NULL))
);
CREATE UNIQUE INDEX lots_order_key ON lots (order_id) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX lots_trade_key ON lots (trade_id) WHERE trade_id IS NOT NULL;
CREATE INDEX lots_open_idx ON lots (investor_id, property_id, acquired_at, seq) WHERE remaining_units > 0;
CREATE INDEX lots_investor_idx ON lots (investor_id, acquired_at);

-- One row per lot a disposal consumed: its share of the units, of the cost basis, of the
-- proceeds and of the fee, and the gain or loss net of fees.
CREATE TABLE lot_disposals (
  id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  lot_id uuid NOT NULL REFERENCES lots(id),
  investor_id uuid NOT NULL REFERENCES users(id),
  property_id uuid NOT NULL REFERENCES properties(id),
  trade_id uuid NOT NULL REFERENCES trades(id),
  disposed_at timestamptz NOT NULL,
  units integer NOT NULL CHECK (units > 0),
  cost_cents bigint NOT NULL CHECK (cost_cents >= 0),
  proceeds_cents bigint NOT NULL CHECK (proceeds_cents >= 0),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  gain_cents bigint NOT NULL,
  CHECK (gain_cents = proceeds_cents - fee_cents - cost_cents),
  UNIQUE (trade_id, lot_id)
);
CREATE INDEX lot_disposals_investor_idx ON lot_disposals (investor_id, disposed_at);
CREATE INDEX lot_disposals_lot_idx ON lot_disposals (lot_id);

-- The history so far: every completed order and every market purchase is a lot; then each
-- sale, in trade order, consumes its seller's lots first in, first out (the same arithmetic
-- as the rule lots_after_trade).
INSERT INTO lots (investor_id, property_id, source, order_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
  SELECT investor_id, property_id, 'ORDER', id, decided_at, quantity, amount_cents, quantity, amount_cents
  FROM orders WHERE status = 'COMPLETED' ORDER BY decided_at, id;
INSERT INTO lots (investor_id, property_id, source, trade_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
  SELECT buyer_id, property_id, 'TRADE', id, created_at, units, gross_cents, units, gross_cents
  FROM trades ORDER BY seq;

DO $$
DECLARE
  t record;
  l record;
  left_units integer;
  left_gross bigint;
  left_fee bigint;
  take integer;
  cost bigint;
  gross bigint;
  fee bigint;
BEGIN
  FOR t IN SELECT * FROM trades ORDER BY seq LOOP
    left_units := t.units;
    left_gross := t.gross_cents;
    left_fee := t.fee_cents;
    FOR l IN SELECT * FROM lots
             WHERE investor_id = t.seller_id AND property_id = t.property_id AND remaining_units > 0 AND acquired_at <= t.created_at
             ORDER BY acquired_at, seq LOOP
      EXIT WHEN left_units = 0;
      take := least(l.remaining_units, left_units);
      cost := CASE WHEN take = l.remaining_units THEN l.remaining_cost_cents ELSE l.remaining_cost_cents * take / l.remaining_units END;
      gross := CASE WHEN take = left_units THEN left_gross ELSE left_gross * take / left_units END;
      fee := CASE WHEN take = left_units THEN left_fee ELSE left_fee * take / left_units END;
      UPDATE lots SET remaining_units = remaining_units - take, remaining_cost_cents = remaining_cost_cents - cost WHERE id = l.id;
      INSERT INTO lot_disposals (lot_id, investor_id, property_id, trade_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
        VALUES (l.id, t.seller_id, t.property_id, t.id, t.created_at, take, cost, gross, fee, gross - fee - cost);
      left_units := left_units - take;
      left_gross := left_gross - gross;
      left_fee := left_fee - fee;
    END LOOP;
    IF left_units > 0 THEN
      RAISE EXCEPTION 'trade % sells % units its seller''s lots do not cover', t.id, left_units;
    END IF;
  END LOOP;
END
$$;

-- Issue 20: the secondary market. An order book per property, matched and settled here, in
-- one transaction per incoming order (place_market_order), with the ledger's guarantees.
--
-- Rules (README "Secondary market"):
--   * Who: VERIFIED investors (status rule TRADE). Where: a FUNDED property (trades by default)
--     or a live (ACTIVE) one whose owner enabled trading; never a suspended one, never while
--     an admin has halted it (market_properties.halted_at, with a reason).
--   * Orders: limit orders, whole units, price per unit in cents > 0, good until cancelled or
--     until a date (inclusive, UTC; expired by expire_market_orders, run periodically).
--   * Price band: the limit price must be within band_pct % of the reference price: the later
--     of the latest appraisal (per unit) and the last trade; without either, the unit price.
--   * Matching: price, then time (seq) priority; a trade happens at the RESTING order's price;
--     partial fills; the remainder rests. Self-trade: an order that would match one of the same
--     investor's resting orders is refused as a whole (nothing trades).
--   * Holds: an ask holds its units (holdings.held_quantity); a bid holds units × limit cents in
--     the wallet (ledger entry TRADE_HOLD). Each fill releases what it uses: the ask's units move
--     to the buyer; the bid's hold for the filled units is released (TRADE_REFUND) and the trade
--     paid (TRADE_BUY), so a bid filled below its limit keeps the difference. Cancel and expiry
--     release the rest (TRADE_REFUND for a bid).
--   * Fee: fee_bps of the trade's value, charged to the seller, rounded half up to the cent:
--     (gross × bps + 5000) div 10000. The seller receives TRADE_SELL (+gross) and pays TRADE_FEE
--     (−fee); the platform revenue account receives FEE_REVENUE (+fee), linked to the trade.
--   * Locks, always in this order: property row, resting orders (price-time order), the incoming
--     order's holding / wallet rows, then holdings and wallets touched by fills. Cancel and expiry
--     lock the property row first too, so a cancel racing a fill is serialized: the cancel either
--     sees the fill or the fill never sees the order.
--   * Distributions: trades move holdings rows, so the record-date snapshot (0050) sees every
--     trade settled before it (it takes the same property row lock).

-- ---- Per-property trading state ----
CREATE TABLE market_properties (
  property_id uuid PRIMARY KEY REFERENCES properties (id),
  -- The owner's switch for a live (ACTIVE) property; FUNDED properties trade regardless.
  trading_enabled boolean NOT NULL DEFAULT false,
  halted_at timestamptz,
  halt_reason text CHECK (length(halt_reason) BETWEEN 1 AND 500),
  halted_by uuid REFERENCES users (id),
  last_price_cents bigint CHECK (last_price_cents > 0),
  last_trade_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((halted_at IS NULL) = (halt_reason IS NULL)),
  CHECK ((last_price_cents IS NULL) = (last_trade_at IS NULL))
);

-- 'OPEN' | 'HALTED' | 'DISABLED' | 'CLOSED' (contract MarketStatus).
CREATE FUNCTION market_status(p_status text, p_suspended timestamptz, p_enabled boolean, p_halted timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_suspended IS NOT NULL OR p_status NOT IN ('ACTIVE', 'FUNDED') THEN 'CLOSED'
    WHEN p_halted IS NOT NULL THEN 'HALTED'
    WHEN p_status = 'FUNDED' OR coalesce(p_enabled, false) THEN 'OPEN'
    ELSE 'DISABLED'
  END
$$;

CREATE FUNCTION market_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'UTC')::date
$$;

-- ---- Orders ----
CREATE TABLE market_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Time priority (ids are random).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  investor_id uuid NOT NULL REFERENCES users (id),
  property_id uuid NOT NULL REFERENCES properties (id),
  side text NOT NULL CHECK (side IN ('BUY', 'SELL')),
  units integer NOT NULL CHECK (units > 0 AND units <= 1000000),
  remaining integer NOT NULL CHECK (remaining >= 0),
  price_cents bigint NOT NULL CHECK (price_cents > 0 AND price_cents <= 100000000000),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'FILLED', 'CANCELLED', 'EXPIRED')),
  -- Inclusive, UTC; NULL = good until cancelled.
  good_until date,
  -- Sum of units × price of its fills (average price = filled_cents / (units - remaining)).
  filled_cents bigint NOT NULL DEFAULT 0 CHECK (filled_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK (remaining <= units),
  CHECK ((status = 'OPEN') = (closed_at IS NULL)),
  CHECK (status <> 'OPEN' OR remaining > 0),
  CHECK (status <> 'FILLED' OR remaining = 0)
) WITH (fillfactor = 80);
-- The book: one index per side, in priority order, open orders only.
CREATE INDEX market_orders_bids_idx ON market_orders (property_id, price_cents DESC, seq) WHERE status = 'OPEN' AND side = 'BUY';
CREATE INDEX market_orders_asks_idx ON market_orders (property_id, price_cents, seq) WHERE status = 'OPEN' AND side = 'SELL';
CREATE INDEX market_orders_investor_idx ON market_orders (investor_id, seq DESC);
CREATE INDEX market_orders_expiry_idx ON market_orders (good_until) WHERE status = 'OPEN' AND good_until IS NOT NULL;

-- ---- Trades ----
CREATE TABLE trades (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  property_id uuid NOT NULL REFERENCES properties (id),
  buy_order_id uuid NOT NULL REFERENCES market_orders (id),
  sell_order_id uuid NOT NULL REFERENCES market_orders (id),
  buyer_id uuid NOT NULL REFERENCES users (id),
  seller_id uuid NOT NULL REFERENCES users (id),
  units integer NOT NULL CHECK (units > 0),
  price_cents bigint NOT NULL CHECK (price_cents > 0),
  gross_cents bigint NOT NULL,
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  fee_cents bigint NOT NULL,
  -- The side of the incoming order (the resting one set the price).
  aggressor text NOT NULL CHECK (aggressor IN ('BUY', 'SELL')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (gross_cents = units::bigint * price_cents),
  CHECK (fee_cents = (gross_cents * fee_bps + 5000) / 10000),
  CHECK (buyer_id <> seller_id)
);
CREATE INDEX trades_property_idx ON trades (property_id, seq DESC);
CREATE INDEX trades_buyer_idx ON trades (buyer_id, seq DESC);
CREATE INDEX trades_seller_idx ON trades (seller_id, seq DESC);
CREATE INDEX trades_created_idx ON trades USING brin (created_at);
CREATE TRIGGER trades_no_change BEFORE UPDATE OR DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER trades_no_truncate BEFORE TRUNCATE ON trades
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();
CREATE TRIGGER market_orders_no_delete BEFORE DELETE ON market_orders
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER market_orders_no_truncate BEFORE TRUNCATE ON market_orders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

-- ---- Holdings: units held by open asks; a holding sold out is removed ----
ALTER TABLE holdings ADD COLUMN held_quantity integer NOT NULL DEFAULT 0;
ALTER TABLE holdings ADD CONSTRAINT holdings_held_within CHECK (held_quantity >= 0 AND held_quantity <= quantity);

-- Holdings still change only through money triggers; a trade that sells an investor's last
-- unit deletes the holding (the trades trigger runs below depth 2 only).
CREATE OR REPLACE FUNCTION holdings_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'holdings change only when orders complete or trades settle';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF current_setting('tessera.trade_settling', true) IS DISTINCT FROM 'on' THEN
      RAISE EXCEPTION 'holdings are never deleted (a trade selling the last unit removes it)';
    END IF;
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;

-- ---- Ledger: the market's entry types ----
ALTER TABLE ledger_entries ADD COLUMN market_order_id uuid REFERENCES market_orders (id);
ALTER TABLE ledger_entries ADD COLUMN trade_id uuid REFERENCES trades (id);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_type_shape;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_type_shape CHECK (
  CASE type
    WHEN 'DEPOSIT' THEN amount_cents > 0 AND checkout_id IS NOT NULL
    WHEN 'SUBSCRIPTION_FEE' THEN amount_cents < 0 AND checkout_id IS NOT NULL
    WHEN 'WITHDRAWAL_HOLD' THEN amount_cents < 0 AND payout_id IS NOT NULL
    WHEN 'WITHDRAWAL_RELEASE' THEN amount_cents > 0 AND payout_id IS NOT NULL
    WHEN 'ORDER_HOLD' THEN amount_cents < 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'ORDER_REFUND' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'OWNER_PAYOUT' THEN amount_cents > 0 AND order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'DISTRIBUTION_FUNDING' THEN amount_cents < 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'DISTRIBUTION_PAYMENT' THEN amount_cents > 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'MANAGEMENT_FEE' THEN amount_cents < 0 AND distribution_id IS NOT NULL AND property_id IS NOT NULL
    -- The platform's revenue: a distribution's management fee or a trade's fee.
    WHEN 'FEE_REVENUE' THEN amount_cents > 0 AND property_id IS NOT NULL AND ((distribution_id IS NOT NULL) <> (trade_id IS NOT NULL))
    -- Issue 20: the market.
    WHEN 'TRADE_HOLD' THEN amount_cents < 0 AND market_order_id IS NOT NULL AND property_id IS NOT NULL AND trade_id IS NULL
    WHEN 'TRADE_REFUND' THEN amount_cents > 0 AND market_order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'TRADE_BUY' THEN amount_cents < 0 AND trade_id IS NOT NULL AND market_order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'TRADE_SELL' THEN amount_cents > 0 AND trade_id IS NOT NULL AND market_order_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'TRADE_FEE' THEN amount_cents < 0 AND trade_id IS NOT NULL AND market_order_id IS NOT NULL AND property_id IS NOT NULL
    ELSE false
  END
);
-- Once per cause: a bid is held once and released once when it leaves the book; a trade
-- writes each of its entries once.
CREATE UNIQUE INDEX ledger_entries_trade_key ON ledger_entries (trade_id, user_id, type) WHERE trade_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entries_market_hold_key ON ledger_entries (market_order_id) WHERE type = 'TRADE_HOLD';
CREATE UNIQUE INDEX ledger_entries_market_release_key ON ledger_entries (market_order_id) WHERE type = 'TRADE_REFUND' AND trade_id IS NULL;
CREATE INDEX ledger_entries_market_order_idx ON ledger_entries (market_order_id) WHERE market_order_id IS NOT NULL;

-- ---- Notices and real-time events (the same rows and payloads as notify() / publish()) ----
CREATE FUNCTION market_publish(p_topic text, p_type text, p_data jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('tessera_events', jsonb_build_object('topic', p_topic, 'type', p_type, 'data', p_data)::text)
$$;

CREATE FUNCTION market_notify_fill(p_user uuid, p_trade trades, p_side text, p_pname text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nid uuid;
  what text;
BEGIN
  what := CASE WHEN p_side = 'BUY' THEN 'bought' ELSE 'sold' END;
  INSERT INTO notifications (user_id, kind, title, body, link, data)
    VALUES (p_user, 'MARKET_ORDER_FILLED',
            left('Market order filled: ' || units_phrase(p_trade.units) || ' ' || what, 200),
            left(format('You %s %s of %s at %s per unit (%s)%s.', what, units_phrase(p_trade.units), p_pname, cents_text(p_trade.price_cents),
                        cents_text(p_trade.gross_cents),
                        CASE WHEN p_side = 'SELL' AND p_trade.fee_cents > 0 THEN ', less a trading fee of ' || cents_text(p_trade.fee_cents) ELSE '' END), 4000),
            '/dashboard/market',
            jsonb_build_object('tradeId', p_trade.id, 'propertyId', p_trade.property_id, 'side', p_side,
                               'orderId', CASE WHEN p_side = 'BUY' THEN p_trade.buy_order_id ELSE p_trade.sell_order_id END))
    RETURNING id INTO nid;
  PERFORM market_publish('user:' || p_user, 'notification', jsonb_build_object('id', nid, 'kind', 'MARKET_ORDER_FILLED'));
END
$$;

-- ---- Order triggers: hold on entry, release on cancel / expiry ----
-- A new order holds what it may use: an ask its units (of the investor's holding, locked), a
-- bid units × limit cents of the wallet (a TRADE_HOLD entry). Refused with a clear message
-- when the holding or the wallet does not cover it.
CREATE FUNCTION market_orders_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  h record;
  bal bigint;
  need bigint;
  pname text;
BEGIN
  IF NEW.side = 'SELL' THEN
    SELECT id, quantity, held_quantity INTO h FROM holdings WHERE investor_id = NEW.investor_id AND property_id = NEW.property_id FOR UPDATE;
    IF NOT FOUND OR h.quantity - h.held_quantity < NEW.units THEN
      RAISE EXCEPTION 'You have % available to sell', units_phrase(coalesce(h.quantity - h.held_quantity, 0)) USING ERRCODE = 'TS409';
    END IF;
    UPDATE holdings SET held_quantity = held_quantity + NEW.units, updated_at = now() WHERE id = h.id;
  ELSE
    need := NEW.units::bigint * NEW.price_cents;
    SELECT balance_cents INTO bal FROM wallets WHERE user_id = NEW.investor_id FOR UPDATE;
    IF coalesce(bal, 0) < need THEN
      RAISE EXCEPTION 'Your wallet has % available; this order needs %', cents_text(coalesce(bal, 0)), cents_text(need) USING ERRCODE = 'TS409';
    END IF;
    SELECT name INTO pname FROM properties WHERE id = NEW.property_id;
    INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, property_id, description)
      VALUES (NEW.investor_id, 'TRADE_HOLD', -need, NEW.id, NEW.property_id,
              left('Bid for ' || units_phrase(NEW.units) || ' of ' || pname || ' at ' || cents_text(NEW.price_cents), 300));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER market_orders_after_insert AFTER INSERT ON market_orders
  FOR EACH ROW EXECUTE FUNCTION market_orders_after_insert();

-- Terms never change; remaining only goes down (fills); status leaves OPEN once.
CREATE FUNCTION market_orders_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.investor_id <> OLD.investor_id OR NEW.property_id <> OLD.property_id OR NEW.side <> OLD.side OR NEW.units <> OLD.units
     OR NEW.price_cents <> OLD.price_cents OR NEW.good_until IS DISTINCT FROM OLD.good_until OR NEW.created_at <> OLD.created_at OR NEW.seq <> OLD.seq THEN
    RAISE EXCEPTION 'The terms of a market order never change' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.status <> 'OPEN' AND (NEW.status <> OLD.status OR NEW.remaining <> OLD.remaining) THEN
    RAISE EXCEPTION 'This order is already %', lower(OLD.status) USING ERRCODE = 'TS409';
  END IF;
  IF NEW.remaining > OLD.remaining OR (NEW.remaining < OLD.remaining AND NEW.filled_cents <= OLD.filled_cents) THEN
    RAISE EXCEPTION 'a market order''s remaining units go down by fills only';
  END IF;
  IF NEW.status IN ('CANCELLED', 'EXPIRED') AND NEW.remaining <> OLD.remaining THEN
    RAISE EXCEPTION 'an order is filled or closed, not both at once';
  END IF;
  IF NEW.remaining = 0 THEN
    NEW.status := 'FILLED';
  END IF;
  NEW.updated_at := now();
  NEW.closed_at := CASE WHEN NEW.status = 'OPEN' THEN NULL ELSE coalesce(OLD.closed_at, now()) END;
  RETURN NEW;
END
$$;
CREATE TRIGGER market_orders_before_update BEFORE UPDATE ON market_orders
  FOR EACH ROW EXECUTE FUNCTION market_orders_before_update();

-- Leaving the book unfilled releases the rest: an ask's units, a bid's money.
CREATE FUNCTION market_orders_after_close() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
BEGIN
  IF NEW.side = 'SELL' THEN
    UPDATE holdings SET held_quantity = held_quantity - NEW.remaining, updated_at = now()
      WHERE investor_id = NEW.investor_id AND property_id = NEW.property_id;
  ELSE
    SELECT name INTO pname FROM properties WHERE id = NEW.property_id;
    INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, property_id, description)
      VALUES (NEW.investor_id, 'TRADE_REFUND', NEW.remaining::bigint * NEW.price_cents, NEW.id, NEW.property_id,
              left('Release of the ' || lower(NEW.status) || ' bid for ' || units_phrase(NEW.remaining) || ' of ' || pname, 300));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER market_orders_after_close AFTER UPDATE OF status ON market_orders
  FOR EACH ROW WHEN (OLD.status = 'OPEN' AND NEW.status IN ('CANCELLED', 'EXPIRED')) EXECUTE FUNCTION market_orders_after_close();

-- ---- Settlement: each trade row moves the units and the money ----
CREATE FUNCTION trades_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tessera.trade_settling', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'trades are made by place_market_order only';
  END IF;
  NEW.gross_cents := NEW.units::bigint * NEW.price_cents;
  NEW.fee_cents := (NEW.gross_cents * NEW.fee_bps + 5000) / 10000;
  NEW.created_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER trades_before_insert BEFORE INSERT ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_before_insert();

CREATE FUNCTION trades_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  bid_price bigint;
  sh record;
BEGIN
  SELECT name INTO pname FROM properties WHERE id = NEW.property_id;
  SELECT price_cents INTO bid_price FROM market_orders WHERE id = NEW.buy_order_id;
  -- Units: seller -> buyer (the seller's were held by the ask). Cost basis: the buyer adds
  -- what was paid; the seller's shrinks pro rata (floor), to 0 with the last unit.
  SELECT id, quantity INTO sh FROM holdings WHERE investor_id = NEW.seller_id AND property_id = NEW.property_id FOR UPDATE;
  IF sh.quantity = NEW.units THEN
    DELETE FROM holdings WHERE id = sh.id;
  ELSE
    UPDATE holdings
      SET quantity = quantity - NEW.units, held_quantity = held_quantity - NEW.units,
          amount_invested_cents = amount_invested_cents - (amount_invested_cents * NEW.units) / quantity, updated_at = now()
      WHERE id = sh.id;
  END IF;
  INSERT INTO holdings (investor_id, property_id, quantity, amount_invested_cents)
    VALUES (NEW.buyer_id, NEW.property_id, NEW.units, NEW.gross_cents)
    ON CONFLICT (investor_id, property_id) DO UPDATE
    SET quantity = holdings.quantity + EXCLUDED.quantity,
        amount_invested_cents = holdings.amount_invested_cents + EXCLUDED.amount_invested_cents,
        updated_at = now();
  -- Money: the bid's hold for these units is released and the trade paid; the seller
  -- receives the gross and pays the fee; the platform receives the fee.
  INSERT INTO ledger_entries (user_id, type, amount_cents, market_order_id, trade_id, property_id, description)
  SELECT user_id, type, amount, order_id, NEW.id, NEW.property_id, left(description, 300)
  FROM (
    SELECT 1 AS k, NEW.buyer_id AS user_id, 'TRADE_REFUND' AS type, NEW.units::bigint * bid_price AS amount, NEW.buy_order_id AS order_id,
           'Release of the bid for ' || units_phrase(NEW.units) || ' of ' || pname || ' (filled)' AS description
    UNION ALL
    SELECT 2, NEW.buyer_id, 'TRADE_BUY', -NEW.gross_cents, NEW.buy_order_id,
           'Bought ' || units_phrase(NEW.units) || ' of ' || pname || ' at ' || cents_text(NEW.price_cents)
    UNION ALL
    SELECT 3, NEW.seller_id, 'TRADE_SELL', NEW.gross_cents, NEW.sell_order_id,
           'Sold ' || units_phrase(NEW.units) || ' of ' || pname || ' at ' || cents_text(NEW.price_cents)
    UNION ALL
    SELECT 4, NEW.seller_id, 'TRADE_FEE', -NEW.fee_cents, NEW.sell_order_id,
           'Trading fee (' || round(NEW.fee_bps / 100.0, 2) || '%) on the sale of ' || units_phrase(NEW.units) || ' of ' || pname
    WHERE NEW.fee_cents > 0
    UNION ALL
    SELECT 5, platform_revenue_account(), 'FEE_REVENUE', NEW.fee_cents, NULL,
           'Trading fee on ' || units_phrase(NEW.units) || ' of ' || pname
    WHERE NEW.fee_cents > 0
  ) e
  ORDER BY k;
  PERFORM market_notify_fill(NEW.buyer_id, NEW, 'BUY', pname);
  PERFORM market_notify_fill(NEW.seller_id, NEW, 'SELL', pname);
  RETURN NULL;
END
$$;
CREATE TRIGGER trades_after_insert AFTER INSERT ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_after_insert();

-- ---- The reference price of the band ----
-- The later of the latest appraisal and the last trade; neither: the unit price.
-- Returns (price_cents, basis 'LAST_TRADE' | 'APPRAISAL' | 'UNIT_PRICE').
CREATE FUNCTION market_reference_price(p_property uuid, OUT price_cents bigint, OUT basis text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  a record;
  m record;
BEGIN
  SELECT value_per_unit_cents, appraised_on, created_at INTO a FROM appraisals WHERE property_id = p_property
    ORDER BY appraised_on DESC, created_at DESC LIMIT 1;
  SELECT last_price_cents, last_trade_at INTO m FROM market_properties WHERE property_id = p_property;
  IF m.last_price_cents IS NOT NULL AND (a.value_per_unit_cents IS NULL OR m.last_trade_at >= a.created_at) THEN
    price_cents := m.last_price_cents; basis := 'LAST_TRADE';
  ELSIF a.value_per_unit_cents IS NOT NULL THEN
    price_cents := a.value_per_unit_cents; basis := 'APPRAISAL';
  ELSE
    SELECT unit_price_cents INTO price_cents FROM properties WHERE id = p_property;
    basis := 'UNIT_PRICE';
  END IF;
END
$$;

-- ---- Placing an order (the hot path): one call, one transaction ----
-- Claims the Idempotency-Key (a repeat returns { "replay": … } with the first answer's data),
-- checks, inserts the order (its trigger holds units or money), matches it against the
-- other side in price-time order, rests or closes the remainder, publishes the events, and
-- returns { order, trades } (kept with the key).
CREATE FUNCTION place_market_order(p_investor uuid, p_property uuid, p_side text, p_units integer, p_price_cents bigint,
                                   p_good_until date, p_fee_bps integer, p_band_pct integer, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k record;
  u record;
  p record;
  m record;
  ref record;
  delta bigint;
  o market_orders;
  r market_orders;
  t trades;
  n integer;
  left_units integer;
  filled bigint := 0;
  last_price bigint;
  made jsonb := '[]'::jsonb;
  makers uuid[] := '{}';
  result jsonb;
  cur refcursor;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_investor, p_key, p_hash) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, status_code, response INTO k FROM idempotency_keys WHERE user_id = p_investor AND key = p_key;
      RETURN jsonb_build_object('replay', jsonb_build_object('hash', k.request_hash, 'status', k.status_code, 'response', k.response));
    END IF;
  END IF;
  IF p_side NOT IN ('BUY', 'SELL') THEN
    RAISE EXCEPTION 'The side must be BUY or SELL' USING ERRCODE = 'TS400';
  END IF;
  IF p_units IS NULL OR p_units < 1 THEN
    RAISE EXCEPTION 'Units must be a whole number of at least 1' USING ERRCODE = 'TS400';
  END IF;
  IF p_price_cents IS NULL OR p_price_cents < 1 THEN
    RAISE EXCEPTION 'The price must be more than $0.00' USING ERRCODE = 'TS400';
  END IF;
  IF p_good_until IS NOT NULL AND p_good_until < market_today() THEN
    RAISE EXCEPTION 'The good-until date cannot be in the past' USING ERRCODE = 'TS400';
  END IF;
  SELECT role, status, deleted_at INTO u FROM users WHERE id = p_investor;
  IF NOT FOUND OR u.role <> 'INVESTOR' OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'Only investors can trade' USING ERRCODE = 'TS403';
  END IF;
  IF u.status = 'REJECTED' THEN
    RAISE EXCEPTION 'Your account verification was rejected: you cannot trade' USING ERRCODE = 'TS403';
  ELSIF u.status <> 'VERIFIED' THEN
    RAISE EXCEPTION 'Your account must be verified before you can trade' USING ERRCODE = 'TS403';
  END IF;
  -- The book's lock: every order, cancel, expiry and halt of this property goes through it.
  SELECT id, name, status, suspended_at INTO p FROM properties WHERE id = p_property FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  SELECT trading_enabled, halted_at, halt_reason INTO m FROM market_properties WHERE property_id = p_property;
  CASE market_status(p.status, p.suspended_at, m.trading_enabled, m.halted_at)
    WHEN 'HALTED' THEN RAISE EXCEPTION 'Trading in this property is halted: %', m.halt_reason USING ERRCODE = 'TS409';
    WHEN 'DISABLED' THEN RAISE EXCEPTION 'Trading is not enabled for this property' USING ERRCODE = 'TS409';
    WHEN 'CLOSED' THEN RAISE EXCEPTION 'This property is not trading' USING ERRCODE = 'TS409';
    ELSE NULL;
  END CASE;
  SELECT * INTO ref FROM market_reference_price(p_property);
  delta := (ref.price_cents * p_band_pct) / 100;
  IF p_price_cents < greatest(1, ref.price_cents - delta) OR p_price_cents > ref.price_cents + delta THEN
    RAISE EXCEPTION 'The price must be within % of the reference price % (%): between % and %', p_band_pct || '%', cents_text(ref.price_cents),
      CASE ref.basis WHEN 'LAST_TRADE' THEN 'last trade' WHEN 'APPRAISAL' THEN 'latest appraisal' ELSE 'unit price' END,
      cents_text(greatest(1, ref.price_cents - delta)), cents_text(ref.price_cents + delta)
      USING ERRCODE = 'TS400';
  END IF;

  INSERT INTO market_orders (investor_id, property_id, side, units, remaining, price_cents, good_until)
    VALUES (p_investor, p_property, p_side, p_units, p_units, p_price_cents, p_good_until) RETURNING * INTO o;

  PERFORM set_config('tessera.trade_settling', 'on', true);
  left_units := p_units;
  -- The other side in priority order (each side's book index gives it), locked as read.
  IF p_side = 'BUY' THEN
    OPEN cur FOR SELECT * FROM market_orders
      WHERE property_id = p_property AND status = 'OPEN' AND side = 'SELL' AND price_cents <= p_price_cents
        AND (good_until IS NULL OR good_until >= market_today())
      ORDER BY price_cents, seq FOR UPDATE;
  ELSE
    OPEN cur FOR SELECT * FROM market_orders
      WHERE property_id = p_property AND status = 'OPEN' AND side = 'BUY' AND price_cents >= p_price_cents
        AND (good_until IS NULL OR good_until >= market_today())
      ORDER BY price_cents DESC, seq FOR UPDATE;
  END IF;
  LOOP
    FETCH cur INTO r;
    EXIT WHEN NOT FOUND;
    IF r.investor_id = p_investor THEN
      RAISE EXCEPTION 'This order would trade with your own % order at %: cancel that order first',
        CASE WHEN r.side = 'BUY' THEN 'buy' ELSE 'sell' END, cents_text(r.price_cents) USING ERRCODE = 'TS409';
    END IF;
    n := least(left_units, r.remaining);
    INSERT INTO trades (property_id, buy_order_id, sell_order_id, buyer_id, seller_id, units, price_cents, gross_cents, fee_bps, fee_cents, aggressor)
      VALUES (p_property,
              CASE WHEN p_side = 'BUY' THEN o.id ELSE r.id END, CASE WHEN p_side = 'BUY' THEN r.id ELSE o.id END,
              CASE WHEN p_side = 'BUY' THEN p_investor ELSE r.investor_id END, CASE WHEN p_side = 'BUY' THEN r.investor_id ELSE p_investor END,
              n, r.price_cents, 0, p_fee_bps, 0, p_side)
      RETURNING * INTO t;
    UPDATE market_orders SET remaining = remaining - n, filled_cents = filled_cents + t.gross_cents WHERE id = r.id;
    made := made || jsonb_build_array(to_jsonb(t));
    makers := makers || r.investor_id;
    left_units := left_units - n;
    filled := filled + t.gross_cents;
    last_price := r.price_cents;
    EXIT WHEN left_units = 0;
  END LOOP;
  CLOSE cur;
  PERFORM set_config('tessera.trade_settling', 'off', true);

  IF left_units < p_units THEN
    UPDATE market_orders SET remaining = left_units, filled_cents = filled WHERE id = o.id RETURNING * INTO o;
    INSERT INTO market_properties (property_id, last_price_cents, last_trade_at) VALUES (p_property, last_price, now())
      ON CONFLICT (property_id) DO UPDATE SET last_price_cents = EXCLUDED.last_price_cents, last_trade_at = EXCLUDED.last_trade_at, updated_at = now();
  END IF;

  PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
  PERFORM market_publish('user:' || x, 'market.order', jsonb_build_object('propertyId', p_property))
    FROM (SELECT DISTINCT x FROM unnest(makers || p_investor) x) d;

  result := jsonb_build_object('order', to_jsonb(o), 'trades', made);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = 201, response = result WHERE user_id = p_investor AND key = p_key;
  END IF;
  RETURN result;
END
$$;

-- ---- Cancel and expiry: property lock first, then the order ----
-- Cancels the investor's open order (p_investor NULL: any, for admins). Returns the order.
CREATE FUNCTION cancel_market_order(p_order uuid, p_investor uuid) RETURNS market_orders LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  o market_orders;
BEGIN
  SELECT property_id INTO pid FROM market_orders WHERE id = p_order AND (p_investor IS NULL OR investor_id = p_investor);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Order not found' USING ERRCODE = 'TS404';
  END IF;
  PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
  SELECT * INTO o FROM market_orders WHERE id = p_order FOR UPDATE;
  IF o.status <> 'OPEN' THEN
    RAISE EXCEPTION 'This order is already %', lower(o.status) USING ERRCODE = 'TS409';
  END IF;
  UPDATE market_orders SET status = 'CANCELLED' WHERE id = p_order RETURNING * INTO o;
  PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
  PERFORM market_publish('user:' || o.investor_id, 'market.order', jsonb_build_object('propertyId', pid, 'orderId', o.id));
  RETURN o;
END
$$;

-- Expires open orders whose good-until date has passed, property by property (each under its
-- property lock). Safe with several instances: the second finds nothing left to expire.
-- Returns how many orders expired.
CREATE FUNCTION expire_market_orders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  n integer := 0;
  c integer;
  who uuid;
BEGIN
  FOR pid IN SELECT DISTINCT property_id FROM market_orders WHERE status = 'OPEN' AND good_until < market_today() LOOP
    PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
    c := 0;
    FOR who IN
      UPDATE market_orders SET status = 'EXPIRED'
        WHERE property_id = pid AND status = 'OPEN' AND good_until < market_today()
        RETURNING investor_id
    LOOP
      c := c + 1;
      PERFORM market_publish('user:' || who, 'market.order', jsonb_build_object('propertyId', pid));
    END LOOP;
    IF c > 0 THEN
      PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
    END IF;
    n := n + c;
  END LOOP;
  RETURN n;
END
$$;

-- Admin halt / resume and the owner's switch; each under the property lock. Returns nothing;
-- the server writes the audit log entry in the same transaction.
CREATE FUNCTION market_set_halt(p_property uuid, p_halt boolean, p_reason text, p_by uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz;
BEGIN
  PERFORM 1 FROM properties WHERE id = p_property FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  SELECT halted_at INTO h FROM market_properties WHERE property_id = p_property;
  IF p_halt AND h IS NOT NULL THEN
    RAISE EXCEPTION 'Trading in this property is already halted' USING ERRCODE = 'TS409';
  ELSIF NOT p_halt AND h IS NULL THEN
    RAISE EXCEPTION 'Trading in this property is not halted' USING ERRCODE = 'TS409';
  END IF;
  INSERT INTO market_properties (property_id, halted_at, halt_reason, halted_by)
    VALUES (p_property, CASE WHEN p_halt THEN now() END, CASE WHEN p_halt THEN p_reason END, CASE WHEN p_halt THEN p_by END)
    ON CONFLICT (property_id) DO UPDATE
    SET halted_at = EXCLUDED.halted_at, halt_reason = EXCLUDED.halt_reason, halted_by = EXCLUDED.halted_by, updated_at = now();
  PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
END
$$;

CREATE FUNCTION market_set_enabled(p_property uuid, p_enabled boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM properties WHERE id = p_property FOR UPDATE;
  INSERT INTO market_properties (property_id, trading_enabled) VALUES (p_property, p_enabled)
    ON CONFLICT (property_id) DO UPDATE SET trading_enabled = EXCLUDED.trading_enabled, updated_at = now();
  PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
END
$$;

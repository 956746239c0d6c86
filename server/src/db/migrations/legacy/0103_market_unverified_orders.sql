-- Only VERIFIED investors trade (issue 20; status rule TRADE), and that includes the orders
-- already resting on the book: before this migration, an investor whose verification was
-- rejected kept buying and selling through them (place_market_order checked the status of
-- the incoming order's investor only), so units or money kept coming in to a REJECTED
-- account ("a REJECTED person keeps what they hold and may withdraw it, but nothing new
-- comes in").
--
--   * Rejection (VERIFIED -> any other status) cancels the investor's open market orders in
--     the same transaction, property by property under each property's lock (the book's
--     lock, taken in property id order), which releases what they held (the bid's money, the
--     ask's units) through market_orders_after_close.
--   * Matching never trades with a resting order whose investor is no longer VERIFIED (or
--     whose account is closed): such an order is cancelled there and then, and matching goes
--     on with the next one. This covers an order placed concurrently with the rejection
--     (its investor was still VERIFIED when it was placed, after the rejection listed the
--     open orders).
--   * expire_market_orders takes its property locks in property id order too, so it cannot
--     deadlock with a rejection that locks several properties.

CREATE FUNCTION users_after_unverified_market() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  oid uuid;
BEGIN
  FOR pid IN SELECT DISTINCT property_id FROM market_orders WHERE investor_id = NEW.id AND status = 'OPEN' ORDER BY property_id LOOP
    PERFORM 1 FROM properties WHERE id = pid FOR UPDATE;
    FOR oid IN
      UPDATE market_orders SET status = 'CANCELLED'
        WHERE investor_id = NEW.id AND property_id = pid AND status = 'OPEN'
        RETURNING id
    LOOP
      PERFORM market_publish('user:' || NEW.id, 'market.order', jsonb_build_object('propertyId', pid, 'orderId', oid));
    END LOOP;
    PERFORM market_publish('market:' || pid, 'market.book', jsonb_build_object('propertyId', pid));
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_after_unverified_market AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status = 'VERIFIED' AND NEW.status <> 'VERIFIED' AND NEW.role = 'INVESTOR')
  EXECUTE FUNCTION users_after_unverified_market();

CREATE OR REPLACE FUNCTION expire_market_orders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  n integer := 0;
  c integer;
  who uuid;
BEGIN
  FOR pid IN SELECT DISTINCT property_id FROM market_orders WHERE status = 'OPEN' AND good_until < market_today() ORDER BY property_id LOOP
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

-- place_market_order as 0100 defines it, plus the resting order's investor check in the matching loop.
CREATE OR REPLACE FUNCTION place_market_order(p_investor uuid, p_property uuid, p_side text, p_units integer, p_price_cents bigint,
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
  maker record;
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
    -- A resting order whose investor may no longer trade (verification rejected, account
    -- closed) leaves the book instead of trading; what it held is released.
    SELECT status, deleted_at INTO maker FROM users WHERE id = r.investor_id;
    IF maker.status <> 'VERIFIED' OR maker.deleted_at IS NOT NULL THEN
      UPDATE market_orders SET status = 'CANCELLED' WHERE id = r.id;
      makers := makers || r.investor_id;
      CONTINUE;
    END IF;
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

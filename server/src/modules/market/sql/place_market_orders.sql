-- p_orders: a JSON array of { investor, side, units, price (cents), goodUntil (date or
-- null), key, hash (Idempotency-Key and request hash, or null), session (the request's, or
-- null) }, all for p_property.
CREATE OR REPLACE FUNCTION place_market_orders(p_property uuid, p_orders jsonb, p_fee_bps integer, p_band_pct integer)
RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  p record;
  m record;
  mstatus text := 'CLOSED';
  batch_price bigint;
  batch_users uuid[] := '{}';
  any_placed boolean := false;
  -- One order
  j jsonb;
  inv uuid;
  v_side text;
  v_units integer;
  v_price bigint;
  v_good_until date;
  v_key text;
  v_hash text;
  k jsonb;
  u record;
  maker record;
  ref bigint;
  basis text;
  ref_stale boolean := true;
  band_low bigint;
  band_high bigint;
  o market_orders;
  r market_orders;
  t trades;
  n integer;
  left_units integer;
  filled bigint;
  order_price bigint;
  made jsonb;
  makers uuid[];
  result jsonb;
  cur refcursor;
  e_state text;
  e_msg text;
  e_constraint text;
BEGIN
  -- The book's lock, once for the batch: every order, cancel, expiry and halt of this
  -- property goes through it, so what is read here holds until the batch commits.
  SELECT id, name, status, suspended_at, unit_price_cents INTO p FROM properties WHERE id = p_property FOR UPDATE;
  IF FOUND THEN
    SELECT trading_enabled, halted_at, halt_reason INTO m FROM market_properties WHERE property_id = p_property;
    mstatus := market_status(p.status, p.suspended_at, m.trading_enabled, m.halted_at);
  END IF;
  PERFORM set_config('tessera.trade_settling', 'on', true);

  FOR j IN SELECT value FROM jsonb_array_elements(p_orders) LOOP
    result := NULL;
    BEGIN
      inv := (j->>'investor')::uuid;
      v_side := j->>'side';
      v_units := (j->>'units')::integer;
      v_price := (j->>'price')::bigint;
      v_good_until := (j->>'goodUntil')::date;
      v_key := j->>'key';
      v_hash := j->>'hash';
      -- From a request, its session is checked again here, before anything of this order is
      -- written: the API may have let it through from memory (authenticateRechecked).
      IF j->>'session' IS NOT NULL THEN
        PERFORM session_gate((j->>'session')::uuid, inv);
      END IF;
      IF v_key IS NOT NULL THEN
        -- Refused (a different request, or one in progress): this order's error, below.
        k := idempotency_claim(inv, v_key, v_hash);
        IF k IS NOT NULL THEN
          result := jsonb_build_object('replay', k);
        END IF;
      END IF;
      IF result IS NULL THEN
        IF v_side IS NULL OR v_side NOT IN ('BUY', 'SELL') THEN
          RAISE EXCEPTION 'The side must be BUY or SELL' USING ERRCODE = 'TS400';
        END IF;
        IF v_units IS NULL OR v_units < 1 THEN
          RAISE EXCEPTION 'Units must be a whole number of at least 1' USING ERRCODE = 'TS400';
        END IF;
        IF v_price IS NULL OR v_price < 1 THEN
          RAISE EXCEPTION 'The price must be more than $0.00' USING ERRCODE = 'TS400';
        END IF;
        IF v_good_until IS NOT NULL AND v_good_until < market_today() THEN
          RAISE EXCEPTION 'The good-until date cannot be in the past' USING ERRCODE = 'TS400';
        END IF;
        SELECT role, status, deleted_at INTO u FROM users WHERE id = inv;
        IF NOT FOUND OR u.role <> 'INVESTOR' OR u.deleted_at IS NOT NULL THEN
          RAISE EXCEPTION 'Only investors can trade' USING ERRCODE = 'TS403';
        END IF;
        IF u.status = 'REJECTED' THEN
          RAISE EXCEPTION 'Your account verification was rejected: you cannot trade' USING ERRCODE = 'TS403';
        ELSIF u.status <> 'VERIFIED' THEN
          RAISE EXCEPTION 'Your account must be verified before you can trade' USING ERRCODE = 'TS403';
        END IF;
        IF p.id IS NULL THEN
          RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
        END IF;
        CASE mstatus
          WHEN 'HALTED' THEN RAISE EXCEPTION 'Trading in this property is halted: %', m.halt_reason USING ERRCODE = 'TS409';
          WHEN 'DISABLED' THEN RAISE EXCEPTION 'Trading is not enabled for this property' USING ERRCODE = 'TS409';
          WHEN 'CLOSED' THEN RAISE EXCEPTION 'This property is not trading' USING ERRCODE = 'TS409';
          ELSE NULL;
        END CASE;
        -- The band's reference (market_reference_price), read once per batch: an average over
        -- a week of trades barely moves within one batch, and reading it after every fill
        -- made it the costliest step of matching. The batch's fills count from the next batch.
        IF ref_stale THEN
          SELECT rp.price_cents, rp.basis INTO ref, basis FROM market_reference_price(p_property) rp;
          ref_stale := false;
        END IF;
        SELECT b.low, b.high INTO band_low, band_high FROM market_price_band(ref, p_band_pct) b;
        IF v_price < band_low OR v_price > band_high THEN
          RAISE EXCEPTION 'The price must be within % of the reference price % (%): between % and %', p_band_pct || '%', cents_text(ref),
            market_reference_basis_label(basis), cents_text(band_low), cents_text(band_high)
            USING ERRCODE = 'TS400';
        END IF;

        -- The order (its trigger holds the units or the money), then the other side in
        -- priority order (each side's book index gives it), locked as read.
        INSERT INTO market_orders (investor_id, property_id, side, units, remaining, price_cents, good_until)
          VALUES (inv, p_property, v_side, v_units, v_units, v_price, v_good_until) RETURNING * INTO o;
        left_units := v_units;
        filled := 0;
        order_price := NULL;
        made := '[]'::jsonb;
        makers := '{}';
        cur := NULL;
        IF v_side = 'BUY' THEN
          OPEN cur FOR SELECT * FROM market_orders mo
            WHERE mo.property_id = p_property AND mo.status = 'OPEN' AND mo.side = 'SELL' AND mo.price_cents <= v_price
              AND (mo.good_until IS NULL OR mo.good_until >= market_today())
            ORDER BY mo.price_cents, mo.seq FOR UPDATE;
        ELSE
          OPEN cur FOR SELECT * FROM market_orders mo
            WHERE mo.property_id = p_property AND mo.status = 'OPEN' AND mo.side = 'BUY' AND mo.price_cents >= v_price
              AND (mo.good_until IS NULL OR mo.good_until >= market_today())
            ORDER BY mo.price_cents DESC, mo.seq FOR UPDATE;
        END IF;
        LOOP
          FETCH cur INTO r;
          EXIT WHEN NOT FOUND;
          -- 0103: a resting order whose investor may no longer trade (verification rejected,
          -- account closed) leaves the book instead of trading; what it held is released.
          SELECT status, deleted_at INTO maker FROM users WHERE id = r.investor_id;
          IF maker.status <> 'VERIFIED' OR maker.deleted_at IS NOT NULL THEN
            UPDATE market_orders SET status = 'CANCELLED' WHERE id = r.id;
            makers := makers || r.investor_id;
            CONTINUE;
          END IF;
          IF r.investor_id = inv THEN
            RAISE EXCEPTION 'This order would trade with your own % order at %: cancel that order first',
              CASE WHEN r.side = 'BUY' THEN 'buy' ELSE 'sell' END, cents_text(r.price_cents) USING ERRCODE = 'TS409';
          END IF;
          n := least(left_units, r.remaining);
          INSERT INTO trades (property_id, buy_order_id, sell_order_id, buyer_id, seller_id, units, price_cents, gross_cents, fee_bps, fee_cents, aggressor)
            VALUES (p_property,
                    CASE WHEN v_side = 'BUY' THEN o.id ELSE r.id END, CASE WHEN v_side = 'BUY' THEN r.id ELSE o.id END,
                    CASE WHEN v_side = 'BUY' THEN inv ELSE r.investor_id END, CASE WHEN v_side = 'BUY' THEN r.investor_id ELSE inv END,
                    n, r.price_cents, 0, p_fee_bps, 0, v_side)
            RETURNING * INTO t;
          UPDATE market_orders SET remaining = remaining - n, filled_cents = filled_cents + t.gross_cents WHERE id = r.id;
          made := made || jsonb_build_array(to_jsonb(t));
          makers := makers || r.investor_id;
          left_units := left_units - n;
          filled := filled + t.gross_cents;
          order_price := r.price_cents;
          EXIT WHEN left_units = 0;
        END LOOP;
        CLOSE cur;
        IF left_units < v_units THEN
          UPDATE market_orders SET remaining = left_units, filled_cents = filled WHERE id = o.id RETURNING * INTO o;
        END IF;
        result := jsonb_build_object('order', to_jsonb(o), 'trades', made);
        IF v_key IS NOT NULL THEN
          PERFORM idempotency_store(inv, v_key, 201, result);
        END IF;
        -- Nothing below can fail: the batch's state follows only orders that were placed.
        any_placed := true;
        batch_users := batch_users || makers || inv;
        IF order_price IS NOT NULL THEN
          batch_price := order_price;
        END IF;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_msg = MESSAGE_TEXT, e_constraint = CONSTRAINT_NAME;
      result := batch_order_refusal(e_state, e_msg, e_constraint);
      -- Not this order's own: the whole batch's.
      IF result IS NULL THEN
        RAISE;
      END IF;
    END;
    RETURN NEXT result;
  END LOOP;
  PERFORM set_config('tessera.trade_settling', 'off', true);

  IF batch_price IS NOT NULL THEN
    INSERT INTO market_properties (property_id, last_price_cents, last_trade_at) VALUES (p_property, batch_price, now())
      ON CONFLICT (property_id) DO UPDATE SET last_price_cents = EXCLUDED.last_price_cents, last_trade_at = EXCLUDED.last_trade_at, updated_at = now();
  END IF;
  IF any_placed THEN
    PERFORM market_publish('market:' || p_property, 'market.book', jsonb_build_object('propertyId', p_property));
    PERFORM market_publish('user:' || x, 'market.order', jsonb_build_object('propertyId', p_property))
      FROM (SELECT DISTINCT x FROM unnest(batch_users) x) d;
  END IF;
END
$$;

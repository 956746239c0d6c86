-- Group commit for buying: the orders for one listing that arrived while its previous batch
-- was in the database, in one statement and one transaction (orders/batcher in the API).
-- On this kind of host a transaction's own cost (round trip, commit, flush) is larger than
-- what an order does inside it; the orders of one listing take its row lock one after the
-- other anyway. Each order runs as it would alone (place_order, in arrival order) in a
-- subtransaction of its own: a refused order leaves nothing and does not touch the others.
--
-- p_orders: a JSON array of { investor, quantity, key, hash (Idempotency-Key and request hash,
-- or null), session (the request's, or null) }, all for p_property. One result per order, in
-- order: place_order's (the placed order's data, or { replay }), or { error: { code, message,
-- constraint } } with the refusal the order would have raised alone.
CREATE OR REPLACE FUNCTION place_orders(p_property uuid, p_orders jsonb)
RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  j jsonb;
  inv uuid;
  result jsonb;
  attempt integer;
  e_state text;
  e_msg text;
  e_constraint text;
BEGIN
  -- Locks in the order every money operation takes them (property, then wallets), the
  -- batch's wallets in one pass sorted by person: two batches for two listings that share
  -- investors cannot deadlock. An order alone takes them as it goes, in the same order.
  IF jsonb_array_length(p_orders) > 1 THEN
    PERFORM 1 FROM properties WHERE id = p_property FOR UPDATE;
    PERFORM 1 FROM wallets WHERE user_id IN (SELECT (x->>'investor')::uuid FROM jsonb_array_elements(p_orders) x)
      ORDER BY user_id FOR UPDATE;
  END IF;
  FOR j IN SELECT value FROM jsonb_array_elements(p_orders) LOOP
    -- A second attempt only when a twin request with the same key committed first (its key's
    -- insert failed on the primary key): run again, place_order replays the twin's answer.
    FOR attempt IN 1..2 LOOP
      BEGIN
        inv := (j->>'investor')::uuid;
        -- From a request, its session is checked again here, before anything of this order is
        -- written: the API may have let it through from memory (authenticateRechecked).
        IF j->>'session' IS NOT NULL THEN
          PERFORM session_gate((j->>'session')::uuid, inv);
        END IF;
        result := place_order(inv, p_property, (j->>'quantity')::integer, j->>'key', j->>'hash');
        EXIT;
      EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_msg = MESSAGE_TEXT, e_constraint = CONSTRAINT_NAME;
        IF attempt = 1 AND e_state = '23505' AND e_constraint = 'idempotency_keys_pkey' THEN
          CONTINUE;
        END IF;
        result := batch_order_refusal(e_state, e_msg, e_constraint);
        -- Not this order's own: the whole batch's.
        IF result IS NULL THEN
          RAISE;
        END IF;
        EXIT;
      END;
    END LOOP;
    RETURN NEXT result;
  END LOOP;
END
$$;

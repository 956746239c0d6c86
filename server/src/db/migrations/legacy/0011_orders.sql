-- Money, part 2: orders and holdings.
--
-- A property's units are available, reserved (in PENDING orders) or settled (in COMPLETED
-- orders, equal to the units in holdings): available + reserved + settled = total.
-- Units sold, as the platform shows them, are total - available (reserved + settled).
--
-- The orders table drives everything else: inserting an order (always PENDING, priced
-- from the locked property row) reserves the units and holds the money; moving it to
-- COMPLETED settles the units, credits the holding and pays the owner; to CANCELLED or
-- REJECTED releases the units and refunds the investor. Holdings and the unit counters
-- change only through these triggers. Locks are always taken in the same order:
-- order row, property row, holding row, wallet row.

ALTER TABLE properties
  ADD COLUMN reserved_quantity integer NOT NULL DEFAULT 0,
  ADD COLUMN settled_quantity integer NOT NULL DEFAULT 0;
ALTER TABLE properties ADD CONSTRAINT properties_units_add_up
  CHECK (reserved_quantity >= 0 AND settled_quantity >= 0 AND available_quantity + reserved_quantity + settled_quantity = total_quantity);
-- A live listing is FUNDED exactly when no units are left.
ALTER TABLE properties ADD CONSTRAINT properties_funded_when_sold_out
  CHECK (status NOT IN ('ACTIVE', 'FUNDED') OR (status = 'FUNDED') = (available_quantity = 0));

-- Every order moves a property's counters, so those updates must stay cheap (HOT: no index
-- writes, no dead index entries on the busiest rows). The funded-ratio index changed with
-- every order and made each of them rewrite all nine indexes; the catalogue's "funded" sort
-- computes the ratio instead (a few thousand listings at most). Free room on each page keeps
-- the new row versions beside the old ones.
DROP INDEX properties_status_funded_idx;
ALTER TABLE properties SET (fillfactor = 70);

CREATE FUNCTION properties_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.reserved_quantity <> 0 OR NEW.settled_quantity <> 0 THEN
      RAISE EXCEPTION 'a new property has no units reserved or settled';
    END IF;
  ELSE
    IF (NEW.reserved_quantity <> OLD.reserved_quantity OR NEW.settled_quantity <> OLD.settled_quantity) AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'units are reserved and settled through orders only';
    END IF;
    IF NEW.unit_price_cents <> OLD.unit_price_cents AND OLD.available_quantity <> OLD.total_quantity THEN
      RAISE EXCEPTION 'The unit price cannot change once units are sold' USING ERRCODE = 'TS409';
    END IF;
  END IF;
  IF NEW.status IN ('ACTIVE', 'FUNDED') THEN
    NEW.status := CASE WHEN NEW.available_quantity = 0 THEN 'FUNDED' ELSE 'ACTIVE' END;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER properties_guard BEFORE INSERT OR UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_guard();

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES users (id),
  property_id uuid NOT NULL REFERENCES properties (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Set by the trigger from the property, whatever the insert says.
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  amount_cents bigint NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED')),
  reason text CHECK (length(reason) <= 500),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Admins may remove a closed (rejected or cancelled) order from the lists; the row and
  -- its ledger entries stay.
  deleted_at timestamptz,
  CHECK (amount_cents = quantity::bigint * unit_price_cents),
  CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CHECK (deleted_at IS NULL OR status IN ('REJECTED', 'CANCELLED'))
);
CREATE INDEX orders_investor_idx ON orders (investor_id, created_at DESC, id);
CREATE INDEX orders_property_status_idx ON orders (property_id, status);
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id);
CREATE INDEX orders_created_idx ON orders (created_at DESC, id);
CREATE INDEX orders_decided_idx ON orders (decided_at) WHERE status = 'COMPLETED';

CREATE TABLE holdings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES users (id),
  property_id uuid NOT NULL REFERENCES properties (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  amount_invested_cents bigint NOT NULL CHECK (amount_invested_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (investor_id, property_id)
);
CREATE INDEX holdings_property_idx ON holdings (property_id);

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_order_fk FOREIGN KEY (order_id) REFERENCES orders (id);

CREATE FUNCTION holdings_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'holdings change only when orders complete';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'holdings are never deleted';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER holdings_guard BEFORE INSERT OR UPDATE OR DELETE ON holdings
  FOR EACH ROW EXECUTE FUNCTION holdings_guard();
CREATE TRIGGER holdings_no_truncate BEFORE TRUNCATE ON holdings
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

CREATE FUNCTION units_phrase(n integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT n || CASE WHEN n = 1 THEN ' unit' ELSE ' units' END
$$;

-- A new order: a VERIFIED investor, an ACTIVE property with the units, the property's price.
CREATE FUNCTION orders_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
  p record;
BEGIN
  SELECT role, status, deleted_at INTO u FROM users WHERE id = NEW.investor_id;
  IF NOT FOUND OR u.role <> 'INVESTOR' OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'Only investors can place orders' USING ERRCODE = 'TS403';
  END IF;
  IF u.status <> 'VERIFIED' THEN
    RAISE EXCEPTION 'Your account must be verified before you can invest' USING ERRCODE = 'TS403';
  END IF;
  SELECT status, available_quantity, unit_price_cents INTO p FROM properties WHERE id = NEW.property_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property not found' USING ERRCODE = 'TS404';
  END IF;
  IF p.status = 'FUNDED' THEN
    RAISE EXCEPTION 'This property is sold out' USING ERRCODE = 'TS409';
  END IF;
  IF p.status <> 'ACTIVE' THEN
    RAISE EXCEPTION 'This property is not open for investment' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.quantity > p.available_quantity THEN
    RAISE EXCEPTION 'Only % available', units_phrase(p.available_quantity) || CASE WHEN p.available_quantity = 1 THEN ' is' ELSE ' are' END
      USING ERRCODE = 'TS409';
  END IF;
  NEW.status := 'PENDING';
  NEW.unit_price_cents := p.unit_price_cents;
  NEW.amount_cents := NEW.quantity::bigint * p.unit_price_cents;
  NEW.reason := NULL;
  NEW.decided_by := NULL;
  NEW.decided_at := NULL;
  NEW.deleted_at := NULL;
  NEW.created_at := now();
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_before_insert BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_before_insert();

-- Reserve the units and hold the money (the wallet's CHECK refuses an overdraft).
CREATE FUNCTION orders_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pname text;
BEGIN
  UPDATE properties
    SET available_quantity = available_quantity - NEW.quantity, reserved_quantity = reserved_quantity + NEW.quantity
    WHERE id = NEW.property_id
    RETURNING name INTO pname;
  INSERT INTO ledger_entries (user_id, type, amount_cents, order_id, property_id, description)
    VALUES (NEW.investor_id, 'ORDER_HOLD', -NEW.amount_cents, NEW.id, NEW.property_id,
            left('Order of ' || NEW.quantity || CASE WHEN NEW.quantity = 1 THEN ' unit of ' ELSE ' units of ' END || pname, 300));
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_after_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_after_insert();

-- Terms never change; status moves only out of PENDING, once.
CREATE FUNCTION orders_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.investor_id <> OLD.investor_id OR NEW.property_id <> OLD.property_id OR NEW.quantity <> OLD.quantity
     OR NEW.unit_price_cents <> OLD.unit_price_cents OR NEW.amount_cents <> OLD.amount_cents OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'The terms of an order never change' USING ERRCODE = 'TS409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF OLD.status <> 'PENDING' THEN
      RAISE EXCEPTION 'This order is already %', lower(OLD.status) USING ERRCODE = 'TS409';
    END IF;
    NEW.decided_at := now();
    NEW.updated_at := now();
  ELSIF NEW.decided_at IS DISTINCT FROM OLD.decided_at OR NEW.decided_by IS DISTINCT FROM OLD.decided_by THEN
    RAISE EXCEPTION 'The decision on an order never changes' USING ERRCODE = 'TS409';
  END IF;
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    RAISE EXCEPTION 'Order not found' USING ERRCODE = 'TS404';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_before_update BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_before_update();

CREATE FUNCTION orders_after_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  pname text;
BEGIN
  IF NEW.status = 'COMPLETED' THEN
    UPDATE properties
      SET reserved_quantity = reserved_quantity - NEW.quantity, settled_quantity = settled_quantity + NEW.quantity
      WHERE id = NEW.property_id
      RETURNING owner_id, name INTO owner, pname;
    INSERT INTO holdings (investor_id, property_id, quantity, amount_invested_cents)
      VALUES (NEW.investor_id, NEW.property_id, NEW.quantity, NEW.amount_cents)
      ON CONFLICT (investor_id, property_id) DO UPDATE
      SET quantity = holdings.quantity + EXCLUDED.quantity,
          amount_invested_cents = holdings.amount_invested_cents + EXCLUDED.amount_invested_cents,
          updated_at = now();
    INSERT INTO ledger_entries (user_id, type, amount_cents, order_id, property_id, description)
      VALUES (owner, 'OWNER_PAYOUT', NEW.amount_cents, NEW.id, NEW.property_id,
              left('Sale of ' || units_phrase(NEW.quantity) || ' of ' || pname, 300));
  ELSE
    UPDATE properties
      SET reserved_quantity = reserved_quantity - NEW.quantity, available_quantity = available_quantity + NEW.quantity
      WHERE id = NEW.property_id
      RETURNING name INTO pname;
    INSERT INTO ledger_entries (user_id, type, amount_cents, order_id, property_id, description)
      VALUES (NEW.investor_id, 'ORDER_REFUND', NEW.amount_cents, NEW.id, NEW.property_id,
              left('Refund of the ' || lower(NEW.status) || ' order of ' || units_phrase(NEW.quantity) || ' of ' || pname, 300));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_after_decision AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_after_decision();

CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION money_append_only();

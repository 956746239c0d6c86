CREATE OR REPLACE FUNCTION orders_after_decision() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER orders_after_decision AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_after_decision();

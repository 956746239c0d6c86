-- Reserve the units and hold the money (the wallet's CHECK refuses an overdraft).
CREATE OR REPLACE FUNCTION orders_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER orders_after_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_after_insert();

-- A sale and its holders of record are written once, by record_property_sale and its
-- trigger, and never changed or deleted: what was paid stays as it was paid.
CREATE OR REPLACE FUNCTION sale_records_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION '% are never changed or deleted', TG_TABLE_NAME;
  END IF;
  IF TG_TABLE_NAME = 'sale_holders' AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the holders of record are snapshotted when a sale is recorded';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER property_sales_guard BEFORE INSERT OR UPDATE OR DELETE ON property_sales
  FOR EACH ROW EXECUTE FUNCTION sale_records_guard();
CREATE OR REPLACE TRIGGER sale_holders_guard BEFORE INSERT OR UPDATE OR DELETE ON sale_holders
  FOR EACH ROW EXECUTE FUNCTION sale_records_guard();

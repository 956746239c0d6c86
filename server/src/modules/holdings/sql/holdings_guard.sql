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

CREATE OR REPLACE TRIGGER holdings_guard BEFORE INSERT OR UPDATE OR DELETE ON holdings
  FOR EACH ROW EXECUTE FUNCTION holdings_guard();

-- Wakes the chain mirror (plugins/chain.ts LISTENs on chain_mirror) when holdings or a
-- distribution change, so a trade reaches the chain in seconds instead of at the next tick.
-- Holdings: only statements that can change a quantity (not an order reserving units).
-- Once per statement, not per row, and always the same empty payload: PostgreSQL folds equal
-- notifications of one transaction into one, so a settlement batch sends a single wake-up,
-- and only if it commits. The mirror finds what changed itself (holdings fingerprints).
CREATE OR REPLACE FUNCTION chain_mirror_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chain_mirror', '');
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER holdings_chain_mirror_wake AFTER INSERT OR UPDATE OF quantity OR DELETE ON holdings
  FOR EACH STATEMENT EXECUTE FUNCTION chain_mirror_wake();

CREATE OR REPLACE TRIGGER distributions_chain_mirror_wake AFTER INSERT OR UPDATE ON distributions
  FOR EACH STATEMENT EXECUTE FUNCTION chain_mirror_wake();

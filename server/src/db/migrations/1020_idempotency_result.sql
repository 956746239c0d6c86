-- One stored answer shape for every Idempotency-Key (ledger/sql/idempotency_store.sql):
-- the operation's result (the JSON its service or SQL procedure produced, before it is
-- turned into an HTTP answer), beside the request fingerprint and the status code.
-- Rows from before keep their answer in `response` (the TypeScript calls kept the API body,
-- place_order and place_market_orders the rows the answer is made of); for each operation
-- that is exactly its result, so idempotency_claim reads `response` when `result` is NULL:
-- a filled `result` is the version marker. Keys live 24 hours (housekeeping), so the
-- legacy column empties by itself; a later migration may drop it.
ALTER TABLE idempotency_keys ADD COLUMN result jsonb;

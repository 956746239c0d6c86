-- Idempotency-Key on money calls (orders, deposits, withdrawals, subscriptions). The primary
-- key makes a second request with the same key wait for the first one's transaction and
-- then find its row: one effect, the first response returned, never a look-then-insert.
-- A request that fails rolls back with its key, so it can be retried with the same key.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  -- sha256 of the method, route, path parameters and body.
  request_hash text NOT NULL,
  -- Filled before the transaction commits (NULL only inside it, where nobody else sees it).
  status_code integer CHECK (status_code BETWEEN 200 AND 299),
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Four eyes: an admin action that needs a second, different admin is kept here until that
-- admin approves it (then it runs), rejects it, or its requester cancels it. The payload is
-- what the action runs with; it never holds a secret (passwords as hashes, tokens as hashes).
CREATE TABLE approval_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
  target_type text NOT NULL,
  target_id text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  requested_by uuid NOT NULL REFERENCES users(id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'FAILED')),
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  decision_note text NOT NULL DEFAULT '' CHECK (length(decision_note) <= 1000),
  result jsonb,
  -- Decided means someone decided, when.
  CONSTRAINT approval_requests_decided CHECK ((status = 'PENDING') = (decided_by IS NULL AND decided_at IS NULL)),
  -- Nobody approves (or rejects) their own request; only a cancel is the requester's.
  CONSTRAINT approval_requests_four_eyes CHECK (
    status IN ('PENDING', 'CANCELLED') OR decided_by <> requested_by),
  CONSTRAINT approval_requests_cancel_by_requester CHECK (status <> 'CANCELLED' OR decided_by = requested_by)
);
CREATE INDEX approval_requests_pending ON approval_requests (requested_at) WHERE status = 'PENDING';
CREATE INDEX approval_requests_target ON approval_requests (action, target_id) WHERE status = 'PENDING';

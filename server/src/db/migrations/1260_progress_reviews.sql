-- Construction progress that goes backwards is reviewed before investors see it. An update
-- is APPLIED (properties.progress follows it: every update before this migration),
-- PENDING_REVIEW (held: the listing keeps its progress) or REJECTED (with the reviewer's
-- reason). An approved one becomes APPLIED, with who decided and when.
ALTER TABLE progress_updates
  ADD COLUMN status text NOT NULL DEFAULT 'APPLIED',
  ADD COLUMN previous_percent integer,
  ADD COLUMN decided_by uuid REFERENCES users(id),
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN review_reason text;

ALTER TABLE progress_updates
  ADD CONSTRAINT progress_updates_status_check CHECK (status IN ('APPLIED', 'PENDING_REVIEW', 'REJECTED')),
  -- A pending update is undecided; a rejected one says who, when and why.
  ADD CONSTRAINT progress_updates_decided_check CHECK (
    (status <> 'PENDING_REVIEW' OR (decided_by IS NULL AND decided_at IS NULL))
    AND (status <> 'REJECTED' OR (decided_by IS NOT NULL AND decided_at IS NOT NULL AND review_reason IS NOT NULL))
    AND (decided_by IS NULL) = (decided_at IS NULL)),
  ADD CONSTRAINT progress_updates_review_reason_check CHECK (
    (status = 'REJECTED') = (review_reason IS NOT NULL) AND length(coalesce(review_reason, 'x')) BETWEEN 1 AND 1000),
  ADD CONSTRAINT progress_updates_previous_percent_check CHECK (previous_percent IS NULL OR previous_percent BETWEEN 0 AND 100);

-- One backward update per listing waits at a time (a second is refused, 409).
CREATE UNIQUE INDEX progress_updates_one_pending ON progress_updates (property_id) WHERE status = 'PENDING_REVIEW';
-- The review queue, oldest first.
CREATE INDEX progress_updates_pending ON progress_updates (created_at) WHERE status = 'PENDING_REVIEW';

-- Payout batches: the bank files (CSV, ISO 20022 pain.001) finance exports to send withdrawals.
-- A batch keeps who made it, when, its totals and each file's sha256, so a file handed to the
-- bank can be matched to what was exported. Its items say which payouts were sent in it: a
-- payout already in a batch is exported again only when the admin says so (a new batch).
CREATE TABLE payout_batches (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    created_by uuid NOT NULL REFERENCES users(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    payout_count integer NOT NULL CHECK (payout_count > 0),
    total_cents bigint NOT NULL CHECK (total_cents > 0),
    currency char(3) NOT NULL,
    reexport boolean NOT NULL DEFAULT false,
    csv_sha256 char(64) NOT NULL,
    xml_sha256 char(64) NOT NULL
);

CREATE TABLE payout_batch_items (
    batch_id uuid NOT NULL REFERENCES payout_batches(id),
    payout_id uuid NOT NULL REFERENCES payouts(id),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    PRIMARY KEY (batch_id, payout_id)
);
CREATE INDEX payout_batch_items_payout ON payout_batch_items (payout_id);

-- Exports too large to wait for run in the background: the request records a job and
-- answers at once; the job streams the rows into a file in the storage, then notifies its
-- person with a download link. One row per request; the file is named by the server.
CREATE TABLE export_jobs (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id),
    kind text NOT NULL CHECK (kind IN ('LEDGER')),
    filters jsonb NOT NULL DEFAULT '{}'::jsonb,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'DONE', 'FAILED')),
    storage_key text CHECK (storage_key ~ '^[0-9a-f-]{36}\.csv$'),
    row_count bigint CHECK (row_count >= 0),
    size_bytes bigint CHECK (size_bytes >= 0),
    error text CHECK (length(error) <= 1000),
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    CHECK (status <> 'DONE' OR (storage_key IS NOT NULL AND row_count IS NOT NULL AND size_bytes IS NOT NULL AND finished_at IS NOT NULL))
);
CREATE INDEX export_jobs_user ON export_jobs (user_id, created_at DESC);

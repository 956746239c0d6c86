-- Background exports end: a finished file is removed from the storage once its download
-- window (the signed link's lifetime) is over, and the job says so (EXPIRED, no file); a
-- running job proves it is alive (heartbeat_at, every few seconds) so that a job whose
-- process died (a crash, a kill) is found by any instance, marked FAILED and its person told.
ALTER TABLE export_jobs ADD COLUMN heartbeat_at timestamptz;
ALTER TABLE export_jobs DROP CONSTRAINT export_jobs_status_check;
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_status_check
    CHECK (status IN ('PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'));
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_expired_without_file CHECK (status <> 'EXPIRED' OR storage_key IS NULL);
-- The sweeps read the unfinished jobs and the finished files; the rest (FAILED, EXPIRED) is history.
CREATE INDEX export_jobs_live ON export_jobs (status, finished_at) WHERE status IN ('PENDING', 'RUNNING', 'DONE');

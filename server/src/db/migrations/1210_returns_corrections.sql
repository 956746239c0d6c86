-- Corrections to returns without touching the database by hand.
-- An appraisal is never deleted: a mistaken one is voided (who, when, why) and every reader
-- takes the latest appraisal that is not voided.
ALTER TABLE appraisals ADD COLUMN voided_at timestamptz;
ALTER TABLE appraisals ADD COLUMN voided_by uuid REFERENCES users(id);
ALTER TABLE appraisals ADD COLUMN void_reason text;
ALTER TABLE appraisals ADD CONSTRAINT appraisals_void_shape
    CHECK ((voided_at IS NULL) = (voided_by IS NULL) AND (voided_at IS NULL) = (void_reason IS NULL)
           AND (void_reason IS NULL OR length(void_reason) BETWEEN 1 AND 1000));
CREATE INDEX appraisals_live_idx ON appraisals (property_id, appraised_on DESC, created_at DESC) WHERE voided_at IS NULL;

-- A declared or recorded (unpaid) distribution can be cancelled (who, when, why); a
-- cancelled one never pays. The snapshot of a recorded one stays as it was.
ALTER TABLE distributions ADD COLUMN cancelled_at timestamptz;
ALTER TABLE distributions ADD COLUMN cancelled_by uuid REFERENCES users(id);
ALTER TABLE distributions ADD COLUMN cancel_reason text;
ALTER TABLE distributions DROP CONSTRAINT distributions_status_check;
ALTER TABLE distributions ADD CONSTRAINT distributions_status_check
    CHECK (status = ANY (ARRAY['DECLARED'::text, 'RECORDED'::text, 'PAID'::text, 'CANCELLED'::text]));
ALTER TABLE distributions DROP CONSTRAINT distributions_check5;
ALTER TABLE distributions ADD CONSTRAINT distributions_check5
    CHECK ((recorded_at IS NULL) = (total_units IS NULL)
           AND CASE status WHEN 'DECLARED' THEN recorded_at IS NULL WHEN 'CANCELLED' THEN true ELSE recorded_at IS NOT NULL END);
ALTER TABLE distributions ADD CONSTRAINT distributions_cancel_shape
    CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL)
           AND (cancelled_at IS NULL) = (cancelled_by IS NULL) AND (cancelled_at IS NULL) = (cancel_reason IS NULL)
           AND (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 1000));

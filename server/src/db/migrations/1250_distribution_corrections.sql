-- A paid distribution is corrected the way a ledger corrects anything: never by editing its
-- entries. Its entries are reversed by new ones (the *_REVERSAL entry types), it is marked
-- CORRECTED (who, when, why), and a new distribution of the same report and the same holders
-- of record pays the corrected total (corrects_id names the original; at most one each).
ALTER TABLE distributions ADD COLUMN corrects_id uuid REFERENCES distributions(id);
ALTER TABLE distributions ADD COLUMN corrected_at timestamptz;
ALTER TABLE distributions ADD COLUMN corrected_by uuid REFERENCES users(id);
ALTER TABLE distributions ADD COLUMN correction_reason text;
ALTER TABLE distributions ADD CONSTRAINT distributions_corrects_once UNIQUE (corrects_id);
ALTER TABLE distributions ADD CONSTRAINT distributions_corrects_other CHECK (corrects_id <> id);
ALTER TABLE distributions ADD CONSTRAINT distributions_correction_shape
    CHECK ((status = 'CORRECTED') = (corrected_at IS NOT NULL)
           AND (corrected_at IS NULL) = (corrected_by IS NULL) AND (corrected_at IS NULL) = (correction_reason IS NULL)
           AND (correction_reason IS NULL OR length(correction_reason) BETWEEN 3 AND 500));

-- One report declares one distribution; its corrections share the report.
ALTER TABLE distributions DROP CONSTRAINT distributions_report_id_key;
CREATE UNIQUE INDEX distributions_report_id_key ON distributions (report_id) WHERE corrects_id IS NULL;

ALTER TABLE distributions DROP CONSTRAINT distributions_status_check;
ALTER TABLE distributions ADD CONSTRAINT distributions_status_check
    CHECK (status = ANY (ARRAY['DECLARED'::text, 'RECORDED'::text, 'PAID'::text, 'CANCELLED'::text, 'CORRECTED'::text]));
-- A corrected distribution was paid, and stays on record as paid then.
ALTER TABLE distributions DROP CONSTRAINT distributions_check6;
ALTER TABLE distributions ADD CONSTRAINT distributions_check6 CHECK ((status IN ('PAID', 'CORRECTED')) = (paid_at IS NOT NULL));
-- A correction's total is the admin's, not the report's figures less the loss carried in.
ALTER TABLE distributions DROP CONSTRAINT distributions_check2;
ALTER TABLE distributions ADD CONSTRAINT distributions_check2
    CHECK (corrects_id IS NOT NULL OR distributable_cents = GREATEST(net_income_cents - carried_loss_in_cents, 0));

-- A repair the holders approved (a PASSED REPAIR proposal) is accounted for on the next income
-- report of its property: the report carries it with what the reserve spent on it. The rule
-- (returns/sql/income_report_repairs_guard.sql) keeps each line to its report's submission.
CREATE TABLE income_report_repairs (
    report_id uuid NOT NULL REFERENCES income_reports(id),
    proposal_id uuid NOT NULL REFERENCES proposals(id),
    -- Spent from the property's reserve on it up to the report's submission, at most its budget.
    spent_cents bigint NOT NULL CONSTRAINT income_report_repairs_spent_check CHECK (spent_cents >= 0 AND spent_cents <= 100000000000),
    PRIMARY KEY (report_id, proposal_id)
);
CREATE INDEX income_report_repairs_proposal_idx ON income_report_repairs (proposal_id);

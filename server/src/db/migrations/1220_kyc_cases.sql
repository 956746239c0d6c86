-- A case per submission of identity (KYC, investors) or business (KYB, owners) documents:
-- opened SUBMITTED when the person completes onboarding, closed APPROVED or REJECTED by an
-- admin's decision. Earlier cases stay as the person's history; at most one is open at once.
CREATE TABLE kyc_cases (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id),
    kind text NOT NULL CHECK (kind IN ('KYC', 'KYB')),
    status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'APPROVED', 'REJECTED')),
    document_count integer NOT NULL DEFAULT 0 CHECK (document_count >= 0),
    submitted_at timestamptz NOT NULL DEFAULT now(),
    checklist jsonb NOT NULL DEFAULT '{}',
    decided_at timestamptz,
    decided_by uuid REFERENCES users(id),
    reason_code text,
    decision_note text,
    CONSTRAINT kyc_cases_decision_shape CHECK (
        (status = 'SUBMITTED' AND decided_at IS NULL)
        OR (status <> 'SUBMITTED' AND decided_at IS NOT NULL)),
    CONSTRAINT kyc_cases_reason_on_reject CHECK (status <> 'REJECTED' OR reason_code IS NOT NULL)
);
CREATE UNIQUE INDEX kyc_cases_one_open ON kyc_cases (user_id) WHERE status = 'SUBMITTED';
-- The queue: submitted cases, oldest first.
CREATE INDEX kyc_cases_queue_idx ON kyc_cases (submitted_at, id) WHERE status = 'SUBMITTED';
CREATE INDEX kyc_cases_user_idx ON kyc_cases (user_id, submitted_at DESC);

-- Admin-only notes on a case: never shown to the person.
CREATE TABLE kyc_case_notes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    case_id uuid NOT NULL REFERENCES kyc_cases(id),
    author_id uuid NOT NULL REFERENCES users(id),
    body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_case_notes_case_idx ON kyc_case_notes (case_id, created_at);

-- People already waiting for review (onboarded, documents on file, not yet decided) get
-- their case, dated when they last changed their account, so the queue starts complete.
INSERT INTO kyc_cases (user_id, kind, document_count, submitted_at)
SELECT u.id,
       CASE WHEN u.role = 'PROPERTY_OWNER' THEN 'KYB' ELSE 'KYC' END,
       (SELECT count(*) FROM files f WHERE f.user_id = u.id AND f.kind IN ('KYC', 'BUSINESS_KYC')),
       u.updated_at
  FROM users u
 WHERE u.deleted_at IS NULL AND u.role <> 'ADMIN' AND u.status = 'PENDING' AND u.onboarding_completed
   AND EXISTS (SELECT 1 FROM files f WHERE f.user_id = u.id AND f.kind = 'KYC');

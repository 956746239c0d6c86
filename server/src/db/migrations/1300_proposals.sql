-- Holder votes: a proposal about one property, the holders of record taken when it opens
-- (the only source of voting weight) and their votes. The rules (proposals/sql/*) open and
-- close it; the result, once written, is final.
CREATE TABLE proposals (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    property_id uuid NOT NULL REFERENCES properties(id),
    kind text NOT NULL,
    title text NOT NULL,
    description text NOT NULL DEFAULT '',
    -- SELL: the price, or the floor when price_is_floor; REPAIR: the budget from the reserve.
    price_cents bigint,
    price_is_floor boolean NOT NULL DEFAULT false,
    budget_cents bigint,
    raised_by uuid NOT NULL REFERENCES users(id),
    quorum_pct integer NOT NULL,
    majority_pct integer NOT NULL,
    cap_pct integer,
    opens_at timestamptz NOT NULL,
    closes_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'SCHEDULED',
    result text,
    -- The final tally (counted weights), written with the result.
    eligible_weight bigint,
    for_weight bigint,
    against_weight bigint,
    abstain_weight bigint,
    reminded_at timestamptz,
    closed_at timestamptz,
    cancelled_by uuid REFERENCES users(id),
    cancel_reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT proposals_kind_check CHECK (kind IN ('SELL', 'REPAIR', 'RENT_POLICY', 'MANAGER', 'HOLD', 'ADVISORY')),
    CONSTRAINT proposals_title_check CHECK (length(title) BETWEEN 3 AND 200),
    CONSTRAINT proposals_description_check CHECK (length(description) <= 5000),
    CONSTRAINT proposals_price_check CHECK ((kind = 'SELL') = (price_cents IS NOT NULL) AND coalesce(price_cents, 1) > 0),
    CONSTRAINT proposals_budget_check CHECK ((kind = 'REPAIR') = (budget_cents IS NOT NULL) AND coalesce(budget_cents, 1) > 0),
    CONSTRAINT proposals_rule_check CHECK (quorum_pct BETWEEN 1 AND 100 AND majority_pct BETWEEN 51 AND 100 AND (cap_pct IS NULL OR cap_pct BETWEEN 1 AND 100)),
    CONSTRAINT proposals_dates_check CHECK (closes_at > opens_at),
    CONSTRAINT proposals_status_check CHECK (status IN ('SCHEDULED', 'OPEN', 'CLOSED', 'CANCELLED')),
    CONSTRAINT proposals_result_check CHECK ((status = 'CLOSED') = (result IS NOT NULL) AND (result IS NULL OR result IN ('PASSED', 'REJECTED', 'NO_QUORUM'))),
    CONSTRAINT proposals_cancel_check CHECK ((status = 'CANCELLED') = (cancelled_by IS NOT NULL) AND (status = 'CANCELLED') = (cancel_reason IS NOT NULL))
);
CREATE INDEX proposals_property_idx ON proposals (property_id, created_at DESC);
-- What the job and the reads open or close next.
CREATE INDEX proposals_due_idx ON proposals (status, closes_at) WHERE status IN ('SCHEDULED', 'OPEN');

-- The holders of record at the opening: units held then, and the weight they count for
-- (units, or the cap when the proposal has one).
CREATE TABLE proposal_holders (
    proposal_id uuid NOT NULL REFERENCES proposals(id),
    holder_id uuid NOT NULL REFERENCES users(id),
    is_owner boolean NOT NULL,
    units bigint NOT NULL CHECK (units > 0),
    weight bigint NOT NULL CHECK (weight > 0 AND weight <= units),
    PRIMARY KEY (proposal_id, holder_id)
);
CREATE INDEX proposal_holders_holder_idx ON proposal_holders (holder_id);

-- One vote per holder of record, changed in place until the close.
CREATE TABLE proposal_votes (
    proposal_id uuid NOT NULL,
    holder_id uuid NOT NULL,
    choice text NOT NULL CHECK (choice IN ('FOR', 'AGAINST', 'ABSTAIN')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (proposal_id, holder_id),
    FOREIGN KEY (proposal_id, holder_id) REFERENCES proposal_holders (proposal_id, holder_id)
);

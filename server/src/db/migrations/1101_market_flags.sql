-- Surveillance flags for admins: patterns that look like wash trading between two accounts
-- (raised by market_raise_flags, run by the market job). One OPEN flag per pattern and pair
-- (and property, for trades); a reviewed flag stays as the record of the decision, and the
-- pattern is raised again only on evidence newer than that review.
CREATE TABLE market_flags (
    id uuid DEFAULT gen_random_uuid() NOT NULL PRIMARY KEY,
    kind text NOT NULL,
    -- WASH_TRADES: the property traded on; the account-sharing kinds: none.
    property_id uuid REFERENCES properties(id),
    -- The pair, in uuid order so a pair has one spelling.
    user_a uuid NOT NULL REFERENCES users(id),
    user_b uuid NOT NULL REFERENCES users(id),
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'OPEN' NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    -- When the job last saw the pattern (it refreshes detail and this while the flag is open).
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    -- The latest evidence (trade) the flag covers.
    evidence_at timestamp with time zone NOT NULL,
    reviewed_by uuid REFERENCES users(id),
    reviewed_at timestamp with time zone,
    review_note text,
    CONSTRAINT market_flags_kind_check CHECK ((kind = ANY (ARRAY['WASH_TRADES'::text, 'SHARED_DEVICE'::text, 'SHARED_BANK_ACCOUNT'::text]))),
    CONSTRAINT market_flags_status_check CHECK ((status = ANY (ARRAY['OPEN'::text, 'DISMISSED'::text, 'ESCALATED'::text]))),
    CONSTRAINT market_flags_pair_check CHECK ((user_a < user_b)),
    CONSTRAINT market_flags_property_check CHECK (((kind = 'WASH_TRADES'::text) = (property_id IS NOT NULL))),
    CONSTRAINT market_flags_review_check CHECK (((status = 'OPEN'::text) = (reviewed_at IS NULL)) AND ((reviewed_at IS NULL) = (reviewed_by IS NULL))),
    CONSTRAINT market_flags_note_check CHECK (((review_note IS NULL) OR (length(btrim(review_note)) BETWEEN 1 AND 1000)))
);
CREATE UNIQUE INDEX market_flags_open_key ON market_flags USING btree
    (kind, user_a, user_b, (COALESCE(property_id, '00000000-0000-0000-0000-000000000000'::uuid))) WHERE (status = 'OPEN'::text);
-- The latest review of a pattern, for "raised again only on newer evidence".
CREATE INDEX market_flags_pair_idx ON market_flags USING btree (user_a, user_b, kind, reviewed_at DESC);
-- The admin queue pages by keyset: all, by status.
CREATE INDEX market_flags_keyset_idx ON market_flags USING btree (created_at DESC, id DESC);
CREATE INDEX market_flags_status_keyset_idx ON market_flags USING btree (status, created_at DESC, id DESC);
-- The account-sharing checks look accounts up by device.
CREATE INDEX signin_devices_fingerprint_idx ON signin_devices USING btree (fingerprint);

-- The schema of a new install, squashed from the migrations 0001 to 0112 (kept in legacy/, which
-- only a database that has applied some of them still runs: see db/migrate.ts). Tables,
-- sequences, constraints and indexes as that chain leaves them, names included, so both roads
-- end in the same schema (test/migrations.test.ts compares the catalogues). Written from
-- pg_dump of the chain's result: each table with its keys and indexes, foreign keys last.
--
-- No functions, triggers or views here: each lives in one file of its module (modules/*/sql/,
-- applied after the migrations in the order of modules/rules.manifest). One exception, by
-- necessity: the CHECK ledger_entries_type_shape calls ledger_entry_shape_ok(), which must
-- exist before the table can be created, so the runner applies that rule first:
-- requires-rule: ledger/sql/ledger_entry_shape_ok.sql
--
-- Like every applied migration this file is immutable: a schema change is a new migration.

CREATE SEQUENCE catalogue_version
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE TABLE appraisals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    property_id uuid NOT NULL,
    value_per_unit_cents bigint NOT NULL,
    appraised_on date NOT NULL,
    note text DEFAULT ''::text NOT NULL,
    document_file_id uuid,
    created_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT appraisals_note_check CHECK ((length(note) <= 1000)),
    CONSTRAINT appraisals_value_per_unit_cents_check CHECK (((value_per_unit_cents > 0) AND (value_per_unit_cents <= '100000000000'::bigint)))
);
ALTER TABLE ONLY appraisals
    ADD CONSTRAINT appraisals_pkey PRIMARY KEY (id);
CREATE INDEX appraisals_property_idx ON appraisals USING btree (property_id, appraised_on DESC, created_at DESC);

CREATE TABLE audit_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    actor_id uuid NOT NULL,
    actor_email text NOT NULL,
    action text NOT NULL,
    target_type text NOT NULL,
    target_id text NOT NULL,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    ip text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
CREATE INDEX audit_log_action_idx ON audit_log USING btree (action, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log USING btree (actor_id, created_at DESC);
CREATE INDEX audit_log_created_idx ON audit_log USING btree (created_at DESC);

CREATE TABLE checkouts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    purpose text NOT NULL,
    amount_cents bigint NOT NULL,
    tokens integer DEFAULT 0 NOT NULL,
    status text DEFAULT 'OPEN'::text NOT NULL,
    provider text NOT NULL,
    provider_ref text,
    checkout_url text,
    return_path text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    settled_at timestamp with time zone,
    return_origin text,
    CONSTRAINT checkouts_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT checkouts_check CHECK (((status = 'OPEN'::text) = (settled_at IS NULL))),
    CONSTRAINT checkouts_check1 CHECK (((purpose = 'SUBSCRIPTION'::text) OR (tokens = 0))),
    CONSTRAINT checkouts_checkout_url_check CHECK ((length(checkout_url) <= 2000)),
    CONSTRAINT checkouts_provider_check CHECK (((length(provider) >= 1) AND (length(provider) <= 40))),
    CONSTRAINT checkouts_provider_ref_check CHECK ((length(provider_ref) <= 200)),
    CONSTRAINT checkouts_purpose_check CHECK ((purpose = ANY (ARRAY['DEPOSIT'::text, 'SUBSCRIPTION'::text]))),
    CONSTRAINT checkouts_return_origin_check CHECK (((return_origin ~ '^https?://[^/?#\s]+$'::text) AND (length(return_origin) <= 200))),
    CONSTRAINT checkouts_return_path_check CHECK ((("left"(return_path, 1) = '/'::text) AND (length(return_path) <= 2000))),
    CONSTRAINT checkouts_status_check CHECK ((status = ANY (ARRAY['OPEN'::text, 'PAID'::text, 'DECLINED'::text, 'EXPIRED'::text]))),
    CONSTRAINT checkouts_tokens_check CHECK ((tokens >= 0))
);
ALTER TABLE ONLY checkouts
    ADD CONSTRAINT checkouts_pkey PRIMARY KEY (id);
CREATE INDEX checkouts_open_idx ON checkouts USING btree (expires_at) WHERE (status = 'OPEN'::text);
CREATE INDEX checkouts_user_idx ON checkouts USING btree (user_id, created_at DESC);

CREATE TABLE distribution_holders (
    distribution_id uuid NOT NULL,
    holder_id uuid NOT NULL,
    is_owner boolean NOT NULL,
    units integer NOT NULL,
    cents bigint NOT NULL,
    CONSTRAINT distribution_holders_cents_check CHECK ((cents >= 0)),
    CONSTRAINT distribution_holders_units_check CHECK ((units > 0))
);
ALTER TABLE ONLY distribution_holders
    ADD CONSTRAINT distribution_holders_pkey PRIMARY KEY (distribution_id, holder_id);
CREATE INDEX distribution_holders_holder_idx ON distribution_holders USING btree (holder_id);

CREATE TABLE distributions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    report_id uuid NOT NULL,
    property_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    gross_rent_cents bigint NOT NULL,
    expenses_cents bigint NOT NULL,
    fee_bps integer NOT NULL,
    fee_cents bigint NOT NULL,
    net_income_cents bigint NOT NULL,
    carried_loss_in_cents bigint NOT NULL,
    distributable_cents bigint NOT NULL,
    carried_loss_out_cents bigint NOT NULL,
    record_date date NOT NULL,
    pay_date date NOT NULL,
    status text DEFAULT 'DECLARED'::text NOT NULL,
    total_units integer,
    recorded_at timestamp with time zone,
    paid_at timestamp with time zone,
    refused_reason text,
    refused_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    seq bigint NOT NULL,
    CONSTRAINT distributions_carried_loss_in_cents_check CHECK ((carried_loss_in_cents >= 0)),
    CONSTRAINT distributions_carried_loss_out_cents_check CHECK ((carried_loss_out_cents >= 0)),
    CONSTRAINT distributions_check CHECK ((fee_cents = (((gross_rent_cents * fee_bps) + 5000) / 10000))),
    CONSTRAINT distributions_check1 CHECK ((net_income_cents = ((gross_rent_cents - expenses_cents) - fee_cents))),
    CONSTRAINT distributions_check2 CHECK ((distributable_cents = GREATEST((net_income_cents - carried_loss_in_cents), (0)::bigint))),
    CONSTRAINT distributions_check3 CHECK ((carried_loss_out_cents = GREATEST((carried_loss_in_cents - net_income_cents), (0)::bigint))),
    CONSTRAINT distributions_check4 CHECK ((pay_date >= record_date)),
    CONSTRAINT distributions_check5 CHECK ((((status = 'DECLARED'::text) = (recorded_at IS NULL)) AND ((status = 'DECLARED'::text) = (total_units IS NULL)))),
    CONSTRAINT distributions_check6 CHECK (((status = 'PAID'::text) = (paid_at IS NOT NULL))),
    CONSTRAINT distributions_check7 CHECK (((status <> 'PAID'::text) OR (refused_reason IS NULL))),
    CONSTRAINT distributions_check8 CHECK (((refused_reason IS NULL) = (refused_at IS NULL))),
    CONSTRAINT distributions_distributable_cents_check CHECK ((distributable_cents >= 0)),
    CONSTRAINT distributions_expenses_cents_check CHECK ((expenses_cents >= 0)),
    CONSTRAINT distributions_fee_bps_check CHECK (((fee_bps >= 0) AND (fee_bps <= 10000))),
    CONSTRAINT distributions_fee_cents_check CHECK ((fee_cents >= 0)),
    CONSTRAINT distributions_gross_rent_cents_check CHECK ((gross_rent_cents >= 0)),
    CONSTRAINT distributions_status_check CHECK ((status = ANY (ARRAY['DECLARED'::text, 'RECORDED'::text, 'PAID'::text]))),
    CONSTRAINT distributions_total_units_check CHECK ((total_units > 0))
);
ALTER TABLE distributions ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME distributions_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_report_id_key UNIQUE (report_id);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_seq_key UNIQUE (seq);
CREATE INDEX distributions_due_idx ON distributions USING btree (record_date, pay_date) WHERE (status <> 'PAID'::text);
CREATE INDEX distributions_property_idx ON distributions USING btree (property_id, seq DESC);
CREATE INDEX distributions_status_idx ON distributions USING btree (status, pay_date);

CREATE TABLE files (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    property_id uuid,
    kind text NOT NULL,
    storage_key text NOT NULL,
    original_name text NOT NULL,
    mime_type text NOT NULL,
    size integer NOT NULL,
    width integer,
    height integer,
    variants jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    "position" integer DEFAULT 0 NOT NULL,
    revision_id uuid,
    CONSTRAINT files_kind_check CHECK ((kind = ANY (ARRAY['AVATAR'::text, 'KYC'::text, 'BUSINESS_KYC'::text, 'PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text, 'INCOME_RECEIPT'::text, 'APPRAISAL_DOCUMENT'::text]))),
    CONSTRAINT files_original_name_check CHECK (((length(original_name) >= 1) AND (length(original_name) <= 255))),
    CONSTRAINT files_position_check CHECK (("position" >= 0)),
    CONSTRAINT files_property_or_revision CHECK ((((kind = ANY (ARRAY['PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text, 'INCOME_RECEIPT'::text, 'APPRAISAL_DOCUMENT'::text])) = ((property_id IS NOT NULL) OR (revision_id IS NOT NULL))) AND ((property_id IS NULL) OR (revision_id IS NULL)) AND ((revision_id IS NULL) OR (kind = ANY (ARRAY['PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text]))))),
    CONSTRAINT files_size_check CHECK ((size > 0))
);
ALTER TABLE ONLY files
    ADD CONSTRAINT files_pkey PRIMARY KEY (id);
ALTER TABLE ONLY files
    ADD CONSTRAINT files_storage_key_key UNIQUE (storage_key);
CREATE INDEX files_property_idx ON files USING btree (property_id, kind, "position", created_at) WHERE (property_id IS NOT NULL);
CREATE INDEX files_revision_idx ON files USING btree (revision_id) WHERE (revision_id IS NOT NULL);
CREATE INDEX files_user_kind_idx ON files USING btree (user_id, kind, created_at DESC);

CREATE TABLE holdings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    investor_id uuid NOT NULL,
    property_id uuid NOT NULL,
    quantity integer NOT NULL,
    amount_invested_cents bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    held_quantity integer DEFAULT 0 NOT NULL,
    CONSTRAINT holdings_amount_invested_cents_check CHECK ((amount_invested_cents > 0)),
    CONSTRAINT holdings_held_within CHECK (((held_quantity >= 0) AND (held_quantity <= quantity))),
    CONSTRAINT holdings_quantity_check CHECK ((quantity > 0))
);
ALTER TABLE ONLY holdings
    ADD CONSTRAINT holdings_investor_id_property_id_key UNIQUE (investor_id, property_id);
ALTER TABLE ONLY holdings
    ADD CONSTRAINT holdings_pkey PRIMARY KEY (id);
CREATE INDEX holdings_property_idx ON holdings USING btree (property_id);

CREATE TABLE idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer,
    response jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT idempotency_keys_key_check CHECK (((length(key) >= 1) AND (length(key) <= 255))),
    CONSTRAINT idempotency_keys_status_code_check CHECK (((status_code >= 200) AND (status_code <= 299)))
);
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys USING btree (created_at);

CREATE TABLE income_report_receipts (
    report_id uuid NOT NULL,
    file_id uuid NOT NULL
);
ALTER TABLE ONLY income_report_receipts
    ADD CONSTRAINT income_report_receipts_pkey PRIMARY KEY (report_id, file_id);

CREATE TABLE income_reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    property_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    gross_rent_cents bigint NOT NULL,
    management_cents bigint DEFAULT 0 NOT NULL,
    maintenance_repairs_cents bigint DEFAULT 0 NOT NULL,
    property_tax_cents bigint DEFAULT 0 NOT NULL,
    insurance_cents bigint DEFAULT 0 NOT NULL,
    hoa_cents bigint DEFAULT 0 NOT NULL,
    utilities_cents bigint DEFAULT 0 NOT NULL,
    reserve_cents bigint DEFAULT 0 NOT NULL,
    other_cents bigint DEFAULT 0 NOT NULL,
    expenses_cents bigint GENERATED ALWAYS AS ((((((((management_cents + maintenance_repairs_cents) + property_tax_cents) + insurance_cents) + hoa_cents) + utilities_cents) + reserve_cents) + other_cents)) STORED,
    note text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'SUBMITTED'::text NOT NULL,
    rejection_reason text,
    decided_by uuid,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT income_reports_check CHECK (((period_end >= period_start) AND ((period_end - period_start) < 366))),
    CONSTRAINT income_reports_check1 CHECK (((status = 'SUBMITTED'::text) = (decided_at IS NULL))),
    CONSTRAINT income_reports_check2 CHECK (((status = 'REJECTED'::text) = (rejection_reason IS NOT NULL))),
    CONSTRAINT income_reports_gross_rent_cents_check CHECK (((gross_rent_cents >= 0) AND (gross_rent_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_hoa_cents_check CHECK (((hoa_cents >= 0) AND (hoa_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_insurance_cents_check CHECK (((insurance_cents >= 0) AND (insurance_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_maintenance_repairs_cents_check CHECK (((maintenance_repairs_cents >= 0) AND (maintenance_repairs_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_management_cents_check CHECK (((management_cents >= 0) AND (management_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_note_check CHECK ((length(note) <= 2000)),
    CONSTRAINT income_reports_other_cents_check CHECK (((other_cents >= 0) AND (other_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_property_tax_cents_check CHECK (((property_tax_cents >= 0) AND (property_tax_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_rejection_reason_check CHECK (((length(rejection_reason) >= 1) AND (length(rejection_reason) <= 500))),
    CONSTRAINT income_reports_reserve_cents_check CHECK (((reserve_cents >= 0) AND (reserve_cents <= '100000000000'::bigint))),
    CONSTRAINT income_reports_status_check CHECK ((status = ANY (ARRAY['SUBMITTED'::text, 'APPROVED'::text, 'REJECTED'::text]))),
    CONSTRAINT income_reports_utilities_cents_check CHECK (((utilities_cents >= 0) AND (utilities_cents <= '100000000000'::bigint)))
);
ALTER TABLE ONLY income_reports
    ADD CONSTRAINT income_reports_pkey PRIMARY KEY (id);
CREATE INDEX income_reports_property_idx ON income_reports USING btree (property_id, period_start);
CREATE INDEX income_reports_status_idx ON income_reports USING btree (status, created_at);

CREATE TABLE ledger_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    seq bigint NOT NULL,
    user_id uuid NOT NULL,
    wallet_seq bigint NOT NULL,
    type text NOT NULL,
    amount_cents bigint NOT NULL,
    balance_after_cents bigint NOT NULL,
    order_id uuid,
    property_id uuid,
    payout_id uuid,
    checkout_id uuid,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    distribution_id uuid,
    market_order_id uuid,
    trade_id uuid,
    CONSTRAINT ledger_entries_balance_after_cents_check CHECK ((balance_after_cents >= 0)),
    CONSTRAINT ledger_entries_description_check CHECK ((length(description) <= 300)),
    CONSTRAINT ledger_entries_type_shape CHECK (ledger_entry_shape_ok(type, amount_cents, order_id, payout_id, checkout_id, property_id, distribution_id, market_order_id, trade_id)),
    CONSTRAINT ledger_entries_wallet_seq_check CHECK ((wallet_seq > 0))
);
ALTER TABLE ledger_entries ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME ledger_entries_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_seq_key UNIQUE (seq);
CREATE UNIQUE INDEX ledger_entries_checkout_type_key ON ledger_entries USING btree (checkout_id, type) WHERE (checkout_id IS NOT NULL);
CREATE INDEX ledger_entries_created_idx ON ledger_entries USING brin (created_at);
CREATE UNIQUE INDEX ledger_entries_distribution_key ON ledger_entries USING btree (distribution_id, user_id, type) WHERE (distribution_id IS NOT NULL);
CREATE UNIQUE INDEX ledger_entries_market_hold_key ON ledger_entries USING btree (market_order_id) WHERE (type = 'TRADE_HOLD'::text);
CREATE INDEX ledger_entries_market_order_idx ON ledger_entries USING btree (market_order_id) WHERE (market_order_id IS NOT NULL);
CREATE UNIQUE INDEX ledger_entries_market_release_key ON ledger_entries USING btree (market_order_id) WHERE ((type = 'TRADE_REFUND'::text) AND (trade_id IS NULL));
CREATE UNIQUE INDEX ledger_entries_order_type_key ON ledger_entries USING btree (order_id, type) WHERE (order_id IS NOT NULL);
CREATE UNIQUE INDEX ledger_entries_payout_type_key ON ledger_entries USING btree (payout_id, type) WHERE (payout_id IS NOT NULL);
CREATE INDEX ledger_entries_property_idx ON ledger_entries USING btree (property_id, seq DESC) WHERE (property_id IS NOT NULL);
CREATE UNIQUE INDEX ledger_entries_trade_key ON ledger_entries USING btree (trade_id, user_id, type) WHERE (trade_id IS NOT NULL);
CREATE INDEX ledger_entries_type_idx ON ledger_entries USING btree (type, seq DESC);
CREATE UNIQUE INDEX ledger_entries_wallet_seq_key ON ledger_entries USING btree (user_id, wallet_seq);

CREATE TABLE market_orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    seq bigint NOT NULL,
    investor_id uuid NOT NULL,
    property_id uuid NOT NULL,
    side text NOT NULL,
    units integer NOT NULL,
    remaining integer NOT NULL,
    price_cents bigint NOT NULL,
    status text DEFAULT 'OPEN'::text NOT NULL,
    good_until date,
    filled_cents bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT market_orders_check CHECK ((remaining <= units)),
    CONSTRAINT market_orders_check1 CHECK (((status = 'OPEN'::text) = (closed_at IS NULL))),
    CONSTRAINT market_orders_check2 CHECK (((status <> 'OPEN'::text) OR (remaining > 0))),
    CONSTRAINT market_orders_check3 CHECK (((status <> 'FILLED'::text) OR (remaining = 0))),
    CONSTRAINT market_orders_filled_cents_check CHECK ((filled_cents >= 0)),
    CONSTRAINT market_orders_price_cents_check CHECK (((price_cents > 0) AND (price_cents <= '100000000000'::bigint))),
    CONSTRAINT market_orders_remaining_check CHECK ((remaining >= 0)),
    CONSTRAINT market_orders_side_check CHECK ((side = ANY (ARRAY['BUY'::text, 'SELL'::text]))),
    CONSTRAINT market_orders_status_check CHECK ((status = ANY (ARRAY['OPEN'::text, 'FILLED'::text, 'CANCELLED'::text, 'EXPIRED'::text]))),
    CONSTRAINT market_orders_units_check CHECK (((units > 0) AND (units <= 1000000)))
)
WITH (fillfactor='80');
ALTER TABLE market_orders ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME market_orders_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY market_orders
    ADD CONSTRAINT market_orders_pkey PRIMARY KEY (id);
ALTER TABLE ONLY market_orders
    ADD CONSTRAINT market_orders_seq_key UNIQUE (seq);
CREATE INDEX market_orders_asks_idx ON market_orders USING btree (property_id, price_cents, seq) WHERE ((status = 'OPEN'::text) AND (side = 'SELL'::text));
CREATE INDEX market_orders_bids_idx ON market_orders USING btree (property_id, price_cents DESC, seq) WHERE ((status = 'OPEN'::text) AND (side = 'BUY'::text));
CREATE INDEX market_orders_expiry_idx ON market_orders USING btree (good_until) WHERE ((status = 'OPEN'::text) AND (good_until IS NOT NULL));
CREATE INDEX market_orders_investor_idx ON market_orders USING btree (investor_id, seq DESC);

CREATE TABLE market_properties (
    property_id uuid NOT NULL,
    trading_enabled boolean DEFAULT false NOT NULL,
    halted_at timestamp with time zone,
    halt_reason text,
    halted_by uuid,
    last_price_cents bigint,
    last_trade_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT market_properties_check CHECK (((halted_at IS NULL) = (halt_reason IS NULL))),
    CONSTRAINT market_properties_check1 CHECK (((last_price_cents IS NULL) = (last_trade_at IS NULL))),
    CONSTRAINT market_properties_halt_reason_check CHECK (((length(halt_reason) >= 1) AND (length(halt_reason) <= 500))),
    CONSTRAINT market_properties_last_price_cents_check CHECK ((last_price_cents > 0))
);
ALTER TABLE ONLY market_properties
    ADD CONSTRAINT market_properties_pkey PRIMARY KEY (property_id);

CREATE TABLE notification_email_optouts (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notification_email_optouts_kind_check CHECK ((kind ~ '^[A-Z_]{3,40}$'::text))
);
ALTER TABLE ONLY notification_email_optouts
    ADD CONSTRAINT notification_email_optouts_pkey PRIMARY KEY (user_id, kind);

CREATE TABLE notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    link text,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    email_status text DEFAULT 'PENDING'::text NOT NULL,
    email_attempts integer DEFAULT 0 NOT NULL,
    email_next_at timestamp with time zone DEFAULT now() NOT NULL,
    email_sent_at timestamp with time zone,
    email_error text,
    CONSTRAINT notifications_body_check CHECK ((length(body) <= 4000)),
    CONSTRAINT notifications_email_attempts_check CHECK ((email_attempts >= 0)),
    CONSTRAINT notifications_email_status_check CHECK ((email_status = ANY (ARRAY['PENDING'::text, 'SENT'::text, 'SKIPPED'::text, 'FAILED'::text]))),
    CONSTRAINT notifications_kind_check CHECK ((kind ~ '^[A-Z_]{3,40}$'::text)),
    CONSTRAINT notifications_link_check CHECK (((link IS NULL) OR (link ~ '^/'::text))),
    CONSTRAINT notifications_title_check CHECK (((length(btrim(title)) >= 1) AND (length(btrim(title)) <= 200)))
);
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);
CREATE INDEX notifications_email_pending ON notifications USING btree (email_next_at) WHERE (email_status = 'PENDING'::text);
CREATE INDEX notifications_user_created ON notifications USING btree (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications USING btree (user_id) WHERE (read_at IS NULL);

CREATE TABLE orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    investor_id uuid NOT NULL,
    property_id uuid NOT NULL,
    quantity integer NOT NULL,
    unit_price_cents bigint NOT NULL,
    amount_cents bigint NOT NULL,
    status text DEFAULT 'PENDING'::text NOT NULL,
    reason text,
    decided_by uuid,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_at timestamp with time zone,
    CONSTRAINT orders_check CHECK ((amount_cents = ((quantity)::bigint * unit_price_cents))),
    CONSTRAINT orders_check1 CHECK (((status = 'PENDING'::text) = (decided_at IS NULL))),
    CONSTRAINT orders_check2 CHECK (((deleted_at IS NULL) OR (status = ANY (ARRAY['REJECTED'::text, 'CANCELLED'::text])))),
    CONSTRAINT orders_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT orders_reason_check CHECK ((length(reason) <= 500)),
    CONSTRAINT orders_status_check CHECK ((status = ANY (ARRAY['PENDING'::text, 'COMPLETED'::text, 'REJECTED'::text, 'CANCELLED'::text]))),
    CONSTRAINT orders_unit_price_cents_check CHECK ((unit_price_cents > 0))
);
ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
CREATE INDEX orders_created_idx ON orders USING btree (created_at DESC, id);
CREATE INDEX orders_decided_idx ON orders USING btree (decided_at) WHERE (status = 'COMPLETED'::text);
CREATE INDEX orders_investor_idx ON orders USING btree (investor_id, created_at DESC, id);
CREATE INDEX orders_property_status_idx ON orders USING btree (property_id, status);
CREATE INDEX orders_status_created_idx ON orders USING btree (status, created_at DESC, id);

CREATE TABLE otp_codes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    purpose text NOT NULL,
    code_hash text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT otp_codes_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT otp_codes_purpose_check CHECK ((purpose = ANY (ARRAY['VERIFY_EMAIL'::text, 'RESET_PASSWORD'::text])))
);
ALTER TABLE ONLY otp_codes
    ADD CONSTRAINT otp_codes_pkey PRIMARY KEY (id);
CREATE INDEX otp_codes_user_purpose_idx ON otp_codes USING btree (user_id, purpose, created_at DESC);

CREATE TABLE payout_destinations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    holder_name text NOT NULL,
    country text NOT NULL,
    last4 text NOT NULL,
    details_sealed text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    removed_at timestamp with time zone,
    CONSTRAINT payout_destinations_check CHECK (((kind <> 'US_ACH'::text) OR (country = 'US'::text))),
    CONSTRAINT payout_destinations_country_check CHECK ((country ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT payout_destinations_details_sealed_check CHECK (((details_sealed ~ '^v1:'::text) OR (details_sealed = ''::text))),
    CONSTRAINT payout_destinations_holder_name_check CHECK (((length(btrim(holder_name)) >= 1) AND (length(btrim(holder_name)) <= 140))),
    CONSTRAINT payout_destinations_kind_check CHECK ((kind = ANY (ARRAY['US_ACH'::text, 'IBAN'::text]))),
    CONSTRAINT payout_destinations_last4_check CHECK ((last4 ~ '^[0-9A-Z]{4}$'::text))
);
ALTER TABLE ONLY payout_destinations
    ADD CONSTRAINT payout_destinations_id_user_id_key UNIQUE (id, user_id);
ALTER TABLE ONLY payout_destinations
    ADD CONSTRAINT payout_destinations_pkey PRIMARY KEY (id);
CREATE INDEX payout_destinations_user_idx ON payout_destinations USING btree (user_id, created_at DESC) WHERE (removed_at IS NULL);

CREATE TABLE payouts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    amount_cents bigint NOT NULL,
    status text DEFAULT 'REQUESTED'::text NOT NULL,
    reason text,
    decided_by uuid,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    payout_destination_id uuid,
    CONSTRAINT payouts_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT payouts_check CHECK (((status = 'REQUESTED'::text) = (decided_at IS NULL))),
    CONSTRAINT payouts_reason_check CHECK ((length(reason) <= 500)),
    CONSTRAINT payouts_status_check CHECK ((status = ANY (ARRAY['REQUESTED'::text, 'PAID'::text, 'REJECTED'::text, 'CANCELLED'::text])))
);
ALTER TABLE ONLY payouts
    ADD CONSTRAINT payouts_pkey PRIMARY KEY (id);
CREATE INDEX payouts_destination_idx ON payouts USING btree (payout_destination_id) WHERE (payout_destination_id IS NOT NULL);
CREATE INDEX payouts_status_idx ON payouts USING btree (status, created_at DESC, id);
CREATE INDEX payouts_user_idx ON payouts USING btree (user_id, created_at DESC);

CREATE TABLE progress_updates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    property_id uuid NOT NULL,
    percent integer NOT NULL,
    note text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT progress_updates_note_check CHECK ((length(note) <= 1000)),
    CONSTRAINT progress_updates_percent_check CHECK (((percent >= 0) AND (percent <= 100)))
);
ALTER TABLE ONLY progress_updates
    ADD CONSTRAINT progress_updates_pkey PRIMARY KEY (id);
CREATE INDEX progress_updates_property_idx ON progress_updates USING btree (property_id, created_at);

CREATE TABLE properties (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_id uuid NOT NULL,
    name text NOT NULL,
    address text NOT NULL,
    state character(2) NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    type text NOT NULL,
    status text DEFAULT 'PENDING_REVIEW'::text NOT NULL,
    total_quantity integer NOT NULL,
    available_quantity integer NOT NULL,
    unit_price_cents bigint NOT NULL,
    roi_in_five_years numeric(7,2) NOT NULL,
    progress integer,
    rejection_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    reserved_quantity integer DEFAULT 0 NOT NULL,
    settled_quantity integer DEFAULT 0 NOT NULL,
    suspended_at timestamp with time zone,
    suspended_reason text,
    construction_completed_at timestamp with time zone,
    income_producing_at timestamp with time zone,
    CONSTRAINT properties_address_check CHECK (((length(address) >= 1) AND (length(address) <= 200))),
    CONSTRAINT properties_check CHECK (((available_quantity >= 0) AND (available_quantity <= total_quantity))),
    CONSTRAINT properties_check1 CHECK (((type = 'OFF_PLAN'::text) = (progress IS NOT NULL))),
    CONSTRAINT properties_check2 CHECK (((status <> 'REJECTED'::text) OR (rejection_reason IS NOT NULL))),
    CONSTRAINT properties_converted_after_construction CHECK (((income_producing_at IS NULL) OR ((type = 'OFF_PLAN'::text) AND (construction_completed_at IS NOT NULL)))),
    CONSTRAINT properties_description_check CHECK ((length(description) <= 5000)),
    CONSTRAINT properties_funded_when_sold_out CHECK (((status <> ALL (ARRAY['ACTIVE'::text, 'FUNDED'::text])) OR ((status = 'FUNDED'::text) = (available_quantity = 0)))),
    CONSTRAINT properties_name_check CHECK (((length(name) >= 1) AND (length(name) <= 120))),
    CONSTRAINT properties_progress_check CHECK (((progress >= 0) AND (progress <= 100))),
    CONSTRAINT properties_roi_in_five_years_check CHECK (((roi_in_five_years >= (0)::numeric) AND (roi_in_five_years <= (1000)::numeric))),
    CONSTRAINT properties_state_check CHECK ((state ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT properties_status_check CHECK ((status = ANY (ARRAY['PENDING_REVIEW'::text, 'ACTIVE'::text, 'REJECTED'::text, 'FUNDED'::text]))),
    CONSTRAINT properties_suspended_reason_check CHECK ((length(suspended_reason) <= 500)),
    CONSTRAINT properties_suspension_has_reason CHECK (((suspended_at IS NULL) = (suspended_reason IS NULL))),
    CONSTRAINT properties_total_quantity_check CHECK ((total_quantity > 0)),
    CONSTRAINT properties_type_check CHECK ((type = ANY (ARRAY['OFF_PLAN'::text, 'RENTAL_READY'::text]))),
    CONSTRAINT properties_unit_price_cents_check CHECK ((unit_price_cents > 0)),
    CONSTRAINT properties_units_add_up CHECK (((reserved_quantity >= 0) AND (settled_quantity >= 0) AND (((available_quantity + reserved_quantity) + settled_quantity) = total_quantity)))
)
WITH (fillfactor='70');
ALTER TABLE ONLY properties
    ADD CONSTRAINT properties_pkey PRIMARY KEY (id);
CREATE INDEX properties_name_idx ON properties USING btree (lower(name) text_pattern_ops);
CREATE INDEX properties_owner_idx ON properties USING btree (owner_id, created_at DESC);
CREATE INDEX properties_state_idx ON properties USING btree (state, status);
CREATE INDEX properties_state_type_idx ON properties USING btree (state, type, status);
CREATE INDEX properties_status_created_idx ON properties USING btree (status, created_at DESC, id);
CREATE INDEX properties_status_price_desc_idx ON properties USING btree (status, unit_price_cents DESC, id);
CREATE INDEX properties_status_price_idx ON properties USING btree (status, unit_price_cents, id);
CREATE INDEX properties_status_roi_idx ON properties USING btree (status, roi_in_five_years DESC, id);
CREATE INDEX properties_type_idx ON properties USING btree (type, status);

CREATE TABLE property_revisions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    property_id uuid NOT NULL,
    status text DEFAULT 'PENDING'::text NOT NULL,
    fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    images jsonb NOT NULL,
    documents jsonb NOT NULL,
    reason text,
    created_by uuid NOT NULL,
    decided_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT property_revisions_check CHECK (((status = 'PENDING'::text) = (decided_at IS NULL))),
    CONSTRAINT property_revisions_check1 CHECK (((status <> 'REJECTED'::text) OR (reason IS NOT NULL))),
    CONSTRAINT property_revisions_documents_check CHECK ((jsonb_typeof(documents) = 'array'::text)),
    CONSTRAINT property_revisions_fields_check CHECK ((jsonb_typeof(fields) = 'object'::text)),
    CONSTRAINT property_revisions_images_check CHECK ((jsonb_typeof(images) = 'array'::text)),
    CONSTRAINT property_revisions_reason_check CHECK (((reason IS NULL) OR ((length(reason) >= 1) AND (length(reason) <= 1000)))),
    CONSTRAINT property_revisions_status_check CHECK ((status = ANY (ARRAY['PENDING'::text, 'APPROVED'::text, 'REJECTED'::text])))
);
ALTER TABLE ONLY property_revisions
    ADD CONSTRAINT property_revisions_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX property_revisions_one_pending ON property_revisions USING btree (property_id) WHERE (status = 'PENDING'::text);
CREATE INDEX property_revisions_property_idx ON property_revisions USING btree (property_id, created_at DESC);
CREATE INDEX property_revisions_status_idx ON property_revisions USING btree (status, created_at DESC);

CREATE TABLE questionnaires (
    user_id uuid NOT NULL,
    investor_type text NOT NULL,
    high_net_worth_investor boolean NOT NULL,
    annual_income_100_or_more boolean,
    annual_income_value integer,
    net_assets boolean,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT questionnaires_annual_income_value_check CHECK ((annual_income_value >= 0)),
    CONSTRAINT questionnaires_investor_type_check CHECK ((investor_type = ANY (ARRAY['RESTRICTED'::text, 'SOPHISTICATED'::text])))
);
ALTER TABLE ONLY questionnaires
    ADD CONSTRAINT questionnaires_pkey PRIMARY KEY (user_id);

CREATE TABLE reinvest_settings (
    investor_id uuid NOT NULL,
    property_id uuid NOT NULL,
    enabled boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY reinvest_settings
    ADD CONSTRAINT reinvest_settings_pkey PRIMARY KEY (investor_id, property_id);

CREATE TABLE release_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone,
    last_used_at timestamp with time zone,
    CONSTRAINT release_tokens_check CHECK (((revoked_at IS NULL) OR (revoked_at >= created_at))),
    CONSTRAINT release_tokens_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 80))),
    CONSTRAINT release_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);
ALTER TABLE ONLY release_tokens
    ADD CONSTRAINT release_tokens_pkey PRIMARY KEY (id);
ALTER TABLE ONLY release_tokens
    ADD CONSTRAINT release_tokens_token_hash_key UNIQUE (token_hash);

CREATE TABLE remote_health_reports (
    id bigint NOT NULL,
    remote text NOT NULL,
    version text NOT NULL,
    channel text,
    loads smallint DEFAULT 0 NOT NULL,
    failures smallint DEFAULT 0 NOT NULL,
    errors smallint DEFAULT 0 NOT NULL,
    path text DEFAULT ''::text NOT NULL,
    ua_class text DEFAULT 'unknown'::text NOT NULL,
    detail text DEFAULT ''::text NOT NULL,
    client_versions text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT remote_health_reports_channel_check CHECK ((channel = ANY (ARRAY['stable'::text, 'canary'::text, 'preview'::text]))),
    CONSTRAINT remote_health_reports_check CHECK ((((loads + failures) + errors) > 0)),
    CONSTRAINT remote_health_reports_client_versions_check CHECK ((length(client_versions) <= 500)),
    CONSTRAINT remote_health_reports_detail_check CHECK ((length(detail) <= 500)),
    CONSTRAINT remote_health_reports_errors_check CHECK ((errors = ANY (ARRAY[0, 1]))),
    CONSTRAINT remote_health_reports_failures_check CHECK ((failures = ANY (ARRAY[0, 1]))),
    CONSTRAINT remote_health_reports_loads_check CHECK ((loads = ANY (ARRAY[0, 1]))),
    CONSTRAINT remote_health_reports_path_check CHECK ((length(path) <= 200)),
    CONSTRAINT remote_health_reports_remote_check CHECK (((length(remote) >= 1) AND (length(remote) <= 64))),
    CONSTRAINT remote_health_reports_ua_class_check CHECK ((length(ua_class) <= 40)),
    CONSTRAINT remote_health_reports_version_check CHECK (((length(version) >= 1) AND (length(version) <= 64)))
);
ALTER TABLE remote_health_reports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME remote_health_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY remote_health_reports
    ADD CONSTRAINT remote_health_reports_pkey PRIMARY KEY (id);
CREATE INDEX remote_health_reports_created_idx ON remote_health_reports USING btree (created_at DESC);
CREATE INDEX remote_health_reports_version_idx ON remote_health_reports USING btree (remote, version, created_at DESC);

CREATE TABLE sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone
);
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
CREATE INDEX sessions_user_idx ON sessions USING btree (user_id) WHERE (revoked_at IS NULL);

CREATE TABLE support_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    ticket_id uuid NOT NULL,
    author_id uuid,
    author_role text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    email_status text,
    email_sent_at timestamp with time zone,
    email_error text,
    email_attempts integer DEFAULT 0 NOT NULL,
    CONSTRAINT support_messages_author_role_check CHECK ((author_role = ANY (ARRAY['ADMIN'::text, 'PERSON'::text]))),
    CONSTRAINT support_messages_body_check CHECK (((length(btrim(body)) >= 1) AND (length(btrim(body)) <= 5000))),
    CONSTRAINT support_messages_check CHECK (((author_role = 'PERSON'::text) OR (author_id IS NOT NULL))),
    CONSTRAINT support_messages_check1 CHECK (((email_status IS NULL) OR (author_role = 'ADMIN'::text))),
    CONSTRAINT support_messages_check2 CHECK (((email_status = 'SENT'::text) = (email_sent_at IS NOT NULL))),
    CONSTRAINT support_messages_email_attempts_check CHECK ((email_attempts >= 0)),
    CONSTRAINT support_messages_email_status_check CHECK ((email_status = ANY (ARRAY['PENDING'::text, 'SENT'::text, 'FAILED'::text])))
);
ALTER TABLE ONLY support_messages
    ADD CONSTRAINT support_messages_pkey PRIMARY KEY (id);
CREATE INDEX support_messages_ticket_idx ON support_messages USING btree (ticket_id, created_at, id);

CREATE TABLE support_tickets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    user_id uuid,
    name text,
    email text,
    phone_number text,
    subject text NOT NULL,
    message text NOT NULL,
    status text DEFAULT 'OPEN'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    closed_by uuid,
    assigned_to uuid,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT support_tickets_check CHECK (((kind = 'CONTACT'::text) OR (user_id IS NOT NULL))),
    CONSTRAINT support_tickets_check1 CHECK (((status = 'CLOSED'::text) = (closed_at IS NOT NULL))),
    CONSTRAINT support_tickets_kind_check CHECK ((kind = ANY (ARRAY['TICKET'::text, 'CONTACT'::text]))),
    CONSTRAINT support_tickets_status_check CHECK ((status = ANY (ARRAY['OPEN'::text, 'WAITING'::text, 'CLOSED'::text])))
);
ALTER TABLE ONLY support_tickets
    ADD CONSTRAINT support_tickets_pkey PRIMARY KEY (id);
CREATE INDEX support_tickets_assigned_idx ON support_tickets USING btree (assigned_to, status, updated_at DESC);
CREATE INDEX support_tickets_status_idx ON support_tickets USING btree (status, created_at DESC);
CREATE INDEX support_tickets_user_idx ON support_tickets USING btree (user_id, created_at DESC) WHERE (user_id IS NOT NULL);
CREATE INDEX support_tickets_user_updated_idx ON support_tickets USING btree (user_id, updated_at DESC) WHERE (user_id IS NOT NULL);

CREATE TABLE trades (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    seq bigint NOT NULL,
    property_id uuid NOT NULL,
    buy_order_id uuid NOT NULL,
    sell_order_id uuid NOT NULL,
    buyer_id uuid NOT NULL,
    seller_id uuid NOT NULL,
    units integer NOT NULL,
    price_cents bigint NOT NULL,
    gross_cents bigint NOT NULL,
    fee_bps integer NOT NULL,
    fee_cents bigint NOT NULL,
    aggressor text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trades_aggressor_check CHECK ((aggressor = ANY (ARRAY['BUY'::text, 'SELL'::text]))),
    CONSTRAINT trades_check CHECK ((gross_cents = ((units)::bigint * price_cents))),
    CONSTRAINT trades_check1 CHECK ((fee_cents = (((gross_cents * fee_bps) + 5000) / 10000))),
    CONSTRAINT trades_check2 CHECK ((buyer_id <> seller_id)),
    CONSTRAINT trades_fee_bps_check CHECK (((fee_bps >= 0) AND (fee_bps <= 10000))),
    CONSTRAINT trades_price_cents_check CHECK ((price_cents > 0)),
    CONSTRAINT trades_units_check CHECK ((units > 0))
);
ALTER TABLE trades ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME trades_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_pkey PRIMARY KEY (id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_seq_key UNIQUE (seq);
CREATE INDEX trades_buyer_idx ON trades USING btree (buyer_id, seq DESC);
CREATE INDEX trades_created_idx ON trades USING brin (created_at);
CREATE INDEX trades_property_idx ON trades USING btree (property_id, seq DESC);
CREATE INDEX trades_seller_idx ON trades USING btree (seller_id, seq DESC);

CREATE TABLE users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    role text NOT NULL,
    status text DEFAULT 'PENDING'::text NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    is_subscribed boolean DEFAULT false NOT NULL,
    onboarding_completed boolean DEFAULT false NOT NULL,
    country text,
    phone text,
    user_type text,
    business_name text,
    rejection_reason text,
    claimable_tokens integer DEFAULT 0 NOT NULL,
    avatar_file_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_at timestamp with time zone,
    CONSTRAINT users_claimable_tokens_check CHECK ((claimable_tokens >= 0)),
    CONSTRAINT users_email_check CHECK (((email = lower(email)) AND ((length(email) >= 3) AND (length(email) <= 254)))),
    CONSTRAINT users_first_name_check CHECK (((length(first_name) >= 1) AND (length(first_name) <= 100))),
    CONSTRAINT users_last_name_check CHECK (((length(last_name) >= 1) AND (length(last_name) <= 100))),
    CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY['INVESTOR'::text, 'PROPERTY_OWNER'::text, 'ADMIN'::text, 'PLATFORM'::text]))),
    CONSTRAINT users_status_check CHECK ((status = ANY (ARRAY['PENDING'::text, 'VERIFIED'::text, 'REJECTED'::text]))),
    CONSTRAINT users_user_type_check CHECK ((user_type = ANY (ARRAY['INDIVIDUAL'::text, 'BUSINESS_ENTITY'::text])))
);
ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX users_email_key ON users USING btree (email) WHERE (deleted_at IS NULL);
CREATE INDEX users_role_created_idx ON users USING btree (role, created_at DESC) WHERE (deleted_at IS NULL);
CREATE INDEX users_status_idx ON users USING btree (status) WHERE (deleted_at IS NULL);

CREATE TABLE wallets (
    user_id uuid NOT NULL,
    balance_cents bigint DEFAULT 0 NOT NULL,
    entry_count bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT wallets_balance_not_negative CHECK ((balance_cents >= 0)),
    CONSTRAINT wallets_entry_count_check CHECK ((entry_count >= 0))
)
WITH (fillfactor='70');
ALTER TABLE ONLY wallets
    ADD CONSTRAINT wallets_pkey PRIMARY KEY (user_id);

-- Foreign keys, once every table exists.
ALTER TABLE ONLY appraisals
    ADD CONSTRAINT appraisals_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id);
ALTER TABLE ONLY appraisals
    ADD CONSTRAINT appraisals_document_file_id_fkey FOREIGN KEY (document_file_id) REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE ONLY appraisals
    ADD CONSTRAINT appraisals_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY checkouts
    ADD CONSTRAINT checkouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY distribution_holders
    ADD CONSTRAINT distribution_holders_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES distributions(id);
ALTER TABLE ONLY distribution_holders
    ADD CONSTRAINT distribution_holders_holder_id_fkey FOREIGN KEY (holder_id) REFERENCES users(id);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY distributions
    ADD CONSTRAINT distributions_report_id_fkey FOREIGN KEY (report_id) REFERENCES income_reports(id);
ALTER TABLE ONLY files
    ADD CONSTRAINT files_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id) ON DELETE CASCADE;
ALTER TABLE ONLY files
    ADD CONSTRAINT files_revision_id_fkey FOREIGN KEY (revision_id) REFERENCES property_revisions(id) ON DELETE CASCADE;
ALTER TABLE ONLY files
    ADD CONSTRAINT files_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY holdings
    ADD CONSTRAINT holdings_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES users(id);
ALTER TABLE ONLY holdings
    ADD CONSTRAINT holdings_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY income_report_receipts
    ADD CONSTRAINT income_report_receipts_file_id_fkey FOREIGN KEY (file_id) REFERENCES files(id) ON DELETE CASCADE;
ALTER TABLE ONLY income_report_receipts
    ADD CONSTRAINT income_report_receipts_report_id_fkey FOREIGN KEY (report_id) REFERENCES income_reports(id);
ALTER TABLE ONLY income_reports
    ADD CONSTRAINT income_reports_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id);
ALTER TABLE ONLY income_reports
    ADD CONSTRAINT income_reports_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id);
ALTER TABLE ONLY income_reports
    ADD CONSTRAINT income_reports_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_checkout_fk FOREIGN KEY (checkout_id) REFERENCES checkouts(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES distributions(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_market_order_id_fkey FOREIGN KEY (market_order_id) REFERENCES market_orders(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_order_fk FOREIGN KEY (order_id) REFERENCES orders(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_payout_fk FOREIGN KEY (payout_id) REFERENCES payouts(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_trade_id_fkey FOREIGN KEY (trade_id) REFERENCES trades(id);
ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY market_orders
    ADD CONSTRAINT market_orders_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES users(id);
ALTER TABLE ONLY market_orders
    ADD CONSTRAINT market_orders_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY market_properties
    ADD CONSTRAINT market_properties_halted_by_fkey FOREIGN KEY (halted_by) REFERENCES users(id);
ALTER TABLE ONLY market_properties
    ADD CONSTRAINT market_properties_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY notification_email_optouts
    ADD CONSTRAINT notification_email_optouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id);
ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES users(id);
ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY otp_codes
    ADD CONSTRAINT otp_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY payout_destinations
    ADD CONSTRAINT payout_destinations_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY payouts
    ADD CONSTRAINT payouts_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id);
ALTER TABLE ONLY payouts
    ADD CONSTRAINT payouts_destination_fk FOREIGN KEY (payout_destination_id, user_id) REFERENCES payout_destinations(id, user_id);
ALTER TABLE ONLY payouts
    ADD CONSTRAINT payouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY progress_updates
    ADD CONSTRAINT progress_updates_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id) ON DELETE CASCADE;
ALTER TABLE ONLY properties
    ADD CONSTRAINT properties_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id);
ALTER TABLE ONLY property_revisions
    ADD CONSTRAINT property_revisions_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id);
ALTER TABLE ONLY property_revisions
    ADD CONSTRAINT property_revisions_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id);
ALTER TABLE ONLY property_revisions
    ADD CONSTRAINT property_revisions_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id) ON DELETE CASCADE;
ALTER TABLE ONLY questionnaires
    ADD CONSTRAINT questionnaires_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY reinvest_settings
    ADD CONSTRAINT reinvest_settings_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES users(id);
ALTER TABLE ONLY reinvest_settings
    ADD CONSTRAINT reinvest_settings_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY release_tokens
    ADD CONSTRAINT release_tokens_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id);
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY support_messages
    ADD CONSTRAINT support_messages_author_id_fkey FOREIGN KEY (author_id) REFERENCES users(id);
ALTER TABLE ONLY support_messages
    ADD CONSTRAINT support_messages_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES support_tickets(id);
ALTER TABLE ONLY support_tickets
    ADD CONSTRAINT support_tickets_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES users(id);
ALTER TABLE ONLY support_tickets
    ADD CONSTRAINT support_tickets_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES users(id);
ALTER TABLE ONLY support_tickets
    ADD CONSTRAINT support_tickets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_buy_order_id_fkey FOREIGN KEY (buy_order_id) REFERENCES market_orders(id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_buyer_id_fkey FOREIGN KEY (buyer_id) REFERENCES users(id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_property_id_fkey FOREIGN KEY (property_id) REFERENCES properties(id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_sell_order_id_fkey FOREIGN KEY (sell_order_id) REFERENCES market_orders(id);
ALTER TABLE ONLY trades
    ADD CONSTRAINT trades_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES users(id);
ALTER TABLE ONLY users
    ADD CONSTRAINT users_avatar_fk FOREIGN KEY (avatar_file_id) REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE ONLY wallets
    ADD CONSTRAINT wallets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

-- Reference data: the platform revenue account. A users row of its own role PLATFORM, so that
-- its wallet and ledger entries work exactly like everybody's (wallet balance = sum of entries;
-- the conservation check sums all wallets). It is not a person: it has no usable password and
-- is marked deleted, so no list, count or sign-in ever sees it (they all filter deleted_at IS
-- NULL). platform_revenue_account() returns its id.
INSERT INTO users (id, email, password_hash, first_name, last_name, role, status, email_verified, deleted_at)
  VALUES ('00000000-0000-4000-8000-00000000fee1', 'platform-revenue@tessera.invalid', '!no-sign-in', 'Platform', 'Revenue', 'PLATFORM', 'VERIFIED', true, now());

-- The old chain left catalogue_version called once (a statement trigger fires on zero rows too),
-- and the catalogue cache reads its last_value: start from there, so that the first change to
-- the catalogue moves the version from 1 to 2 as it does on an upgraded database.
SELECT setval('catalogue_version', 1, true);

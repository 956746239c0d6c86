-- Users, sessions, one-time codes, files, properties, questionnaires, support, audit.
-- Runs unchanged on PostgreSQL and PGlite; no schema names, so search_path decides.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('INVESTOR', 'PROPERTY_OWNER', 'ADMIN')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VERIFIED', 'REJECTED')),
  email_verified boolean NOT NULL DEFAULT false,
  is_subscribed boolean NOT NULL DEFAULT false,
  onboarding_completed boolean NOT NULL DEFAULT false,
  country text,
  phone text,
  user_type text CHECK (user_type IN ('INDIVIDUAL', 'BUSINESS_ENTITY')),
  business_name text,
  rejection_reason text,
  claimable_tokens integer NOT NULL DEFAULT 0 CHECK (claimable_tokens >= 0),
  avatar_file_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- Deleted accounts keep their rows (orders and audit point at them) but free the address.
CREATE UNIQUE INDEX users_email_key ON users (email) WHERE deleted_at IS NULL;
CREATE INDEX users_role_created_idx ON users (role, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX users_status_idx ON users (status) WHERE deleted_at IS NULL;

-- One row per issued access token; revoking it ends that session.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE otp_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_user_purpose_idx ON otp_codes (user_id, purpose, created_at DESC);

CREATE TABLE properties (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
  state char(2) NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
  type text NOT NULL CHECK (type IN ('OFF_PLAN', 'RENTAL_READY')),
  status text NOT NULL DEFAULT 'PENDING_REVIEW' CHECK (status IN ('PENDING_REVIEW', 'ACTIVE', 'REJECTED', 'FUNDED')),
  total_quantity integer NOT NULL CHECK (total_quantity > 0),
  available_quantity integer NOT NULL,
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  roi_in_five_years numeric(7, 2) NOT NULL CHECK (roi_in_five_years >= 0 AND roi_in_five_years <= 1000),
  progress integer CHECK (progress BETWEEN 0 AND 100),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (available_quantity BETWEEN 0 AND total_quantity),
  CHECK ((type = 'OFF_PLAN') = (progress IS NOT NULL)),
  CHECK (status <> 'REJECTED' OR rejection_reason IS NOT NULL)
);
-- The public list filters by status, then state / type / name, and sorts by one of these.
CREATE INDEX properties_status_created_idx ON properties (status, created_at DESC, id);
CREATE INDEX properties_status_price_idx ON properties (status, unit_price_cents, id);
CREATE INDEX properties_status_roi_idx ON properties (status, roi_in_five_years DESC, id);
CREATE INDEX properties_status_funded_idx ON properties (status, ((total_quantity - available_quantity)::numeric / total_quantity) DESC, id);
CREATE INDEX properties_state_idx ON properties (state, status);
CREATE INDEX properties_type_idx ON properties (type, status);
CREATE INDEX properties_name_idx ON properties (lower(name) text_pattern_ops);
CREATE INDEX properties_owner_idx ON properties (owner_id, created_at DESC);

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  property_id uuid REFERENCES properties (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('AVATAR', 'KYC', 'BUSINESS_KYC', 'PROPERTY_IMAGE', 'PROPERTY_DOCUMENT')),
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
  mime_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  width integer,
  height integer,
  -- Responsive copies: [{ "key": "<id>-480.webp", "width": 480 }, ...]
  variants jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('PROPERTY_IMAGE', 'PROPERTY_DOCUMENT')) = (property_id IS NOT NULL))
);
CREATE INDEX files_property_idx ON files (property_id, kind, created_at) WHERE property_id IS NOT NULL;
CREATE INDEX files_user_kind_idx ON files (user_id, kind, created_at DESC);

ALTER TABLE users ADD CONSTRAINT users_avatar_fk FOREIGN KEY (avatar_file_id) REFERENCES files (id) ON DELETE SET NULL;

CREATE TABLE progress_updates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
  percent integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX progress_updates_property_idx ON progress_updates (property_id, created_at);

CREATE TABLE questionnaires (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  investor_type text NOT NULL CHECK (investor_type IN ('RESTRICTED', 'SOPHISTICATED')),
  high_net_worth_investor boolean NOT NULL,
  annual_income_100_or_more boolean,
  annual_income_value integer CHECK (annual_income_value >= 0),
  net_assets boolean,
  submitted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('TICKET', 'CONTACT')),
  user_id uuid REFERENCES users (id),
  name text,
  email text,
  phone_number text,
  subject text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by uuid REFERENCES users (id),
  CHECK (kind = 'CONTACT' OR user_id IS NOT NULL),
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
);
CREATE INDEX support_tickets_status_idx ON support_tickets (status, created_at DESC);
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC) WHERE user_id IS NOT NULL;

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Two-factor sign-in (TOTP, RFC 6238). The secret is sealed like bank details (AES-256-GCM
-- with a DATA_KEYS key, the user's id as associated data). confirmed_at stays null until the
-- person proves their app with a code; last_step is the time step of the last accepted code,
-- so no code (nor an older one) is accepted twice.
CREATE TABLE user_totp (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    secret_sealed text NOT NULL,
    confirmed_at timestamp with time zone,
    last_step bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

-- Single-use recovery codes, kept only as HMACs (shown once at enrolment).
CREATE TABLE user_recovery_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes USING btree (user_id);

-- "Second factor needed": the password was right; the token (kept as its sha256) completes
-- the sign-in once, with a code, before expires_at.
CREATE TABLE signin_challenges (
    token_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamp with time zone NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT signin_challenges_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'))
);
CREATE INDEX signin_challenges_expires_idx ON signin_challenges USING btree (expires_at);

-- Step-up: when the session's person last proved themselves again (code or password). A
-- sign-in counts at its own time (the token's auth_time).
ALTER TABLE sessions ADD COLUMN reauth_at timestamp with time zone;

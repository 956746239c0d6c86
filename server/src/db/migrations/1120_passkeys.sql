-- Passkeys (WebAuthn): a second factor, a passwordless sign-in and a step-up. public_key is
-- the COSE key the authenticator gave at registration (base64url); counter is the last
-- signature counter seen (a lower one means a cloned authenticator; 0 for those that keep none).
CREATE TABLE user_passkeys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    credential_id text NOT NULL,
    public_key text NOT NULL,
    counter bigint DEFAULT 0 NOT NULL,
    transports text[] DEFAULT '{}'::text[] NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    CONSTRAINT user_passkeys_credential_id_key UNIQUE (credential_id),
    CONSTRAINT user_passkeys_credential_id_check CHECK (((credential_id ~ '^[A-Za-z0-9_-]+$') AND (char_length(credential_id) BETWEEN 16 AND 1400))),
    CONSTRAINT user_passkeys_counter_check CHECK ((counter >= 0)),
    CONSTRAINT user_passkeys_name_check CHECK ((char_length(name) BETWEEN 1 AND 60))
);
CREATE INDEX user_passkeys_user_idx ON user_passkeys USING btree (user_id);

-- The challenges the server handed out: each answers one ceremony once, before expires_at.
-- user_id is null for a passwordless sign-in (the person is not known until they answer);
-- signin_token_hash ties a second-factor challenge to its password step's challenge.
CREATE TABLE webauthn_challenges (
    challenge text PRIMARY KEY,
    purpose text NOT NULL,
    user_id uuid REFERENCES users(id) ON DELETE CASCADE,
    session_id uuid,
    signin_token_hash text,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webauthn_challenges_purpose_check CHECK ((purpose = ANY (ARRAY['REGISTER'::text, 'SIGNIN'::text, 'SECOND_FACTOR'::text, 'STEP_UP'::text]))),
    CONSTRAINT webauthn_challenges_user_check CHECK (((purpose = 'SIGNIN'::text) OR (user_id IS NOT NULL)))
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges USING btree (expires_at);

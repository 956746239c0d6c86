-- Changing the sign-in e-mail: a request (made with a recent authentication) mails a link
-- to the new address; opening it makes the change once, before expires_at. The link's token
-- is kept as its sha256 only. A later request replaces the unused ones of the account.
CREATE TABLE email_changes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    new_email text NOT NULL,
    token_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT email_changes_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$')),
    CONSTRAINT email_changes_new_email_check CHECK (((new_email = lower(new_email)) AND ((length(new_email) >= 3) AND (length(new_email) <= 254))))
);
CREATE UNIQUE INDEX email_changes_token_idx ON email_changes USING btree (token_hash);
CREATE INDEX email_changes_user_created_idx ON email_changes USING btree (user_id, created_at DESC);

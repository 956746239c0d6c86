-- Sign-in throttle per account, kept in the database so every API instance on one
-- PostgreSQL counts the same failures (a per-process counter would give N instances N
-- times the tries). Keyed by the e-mail as typed (lower-cased), whether or not an account
-- has it, so the answer does not tell which addresses exist. Each attempt is counted
-- before its password is checked and forgiven when it succeeds, so a burst of parallel
-- guesses cannot all slip in before the first failure is written.
CREATE TABLE signin_throttle (
    email text PRIMARY KEY,
    failures integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT signin_throttle_failures_check CHECK ((failures >= 0))
);
CREATE INDEX signin_throttle_updated_idx ON signin_throttle USING btree (updated_at);

-- The devices an account has signed in from (a hash of the user agent and the address),
-- so a sign-in from one not seen before can be told to the account's owner.
CREATE TABLE signin_devices (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    fingerprint text NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT signin_devices_fingerprint_check CHECK ((fingerprint ~ '^[0-9a-f]{64}$')),
    PRIMARY KEY (user_id, fingerprint)
);

-- Mail lanes: 0 for security and money notices, 1 for the rest. The dispatcher takes lane
-- 0 first, so a "bank account added" notice never waits behind a backlog of market fills.
ALTER TABLE notifications ADD COLUMN email_lane smallint DEFAULT 1 NOT NULL;
ALTER TABLE notifications ADD CONSTRAINT notifications_email_lane_check CHECK ((email_lane = ANY (ARRAY[0, 1])));
UPDATE notifications SET email_lane = 0
 WHERE email_status = 'PENDING'
   AND kind = ANY (ARRAY['KYC_REJECTED', 'WITHDRAWAL_PAID', 'WITHDRAWAL_DECLINED', 'DEPOSIT_RECEIVED',
                         'DISTRIBUTION_PAID', 'PAYOUT_DESTINATION_CHANGED']);
CREATE INDEX notifications_email_due_idx ON notifications USING btree (email_lane, email_next_at, created_at)
 WHERE (email_status = 'PENDING');

-- Single-use stream tickets, revoked with their session: a ticket opens one stream, once,
-- and not after the person signs out.
CREATE TABLE stream_tickets (
    id text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id uuid,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);
CREATE INDEX stream_tickets_expires_idx ON stream_tickets USING btree (expires_at);

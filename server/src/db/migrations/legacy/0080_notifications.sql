-- Notices to a person (issue 19), written in the same transaction as the change they report
-- (the outbox pattern): the app reads them directly; the mail dispatcher delivers the e-mail
-- from here (FOR UPDATE SKIP LOCKED, several instances safe) and marks it, so a crash between
-- the change and the e-mail loses neither and sends neither twice.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind ~ '^[A-Z_]{3,40}$'),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) <= 4000),
  link text CHECK (link IS NULL OR link ~ '^/'),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- The e-mail: PENDING until the dispatcher sends it (SENT), or decides not to (SKIPPED:
  -- the person opted out of this kind, or has no address), or gives up (FAILED).
  email_status text NOT NULL DEFAULT 'PENDING' CHECK (email_status IN ('PENDING', 'SENT', 'SKIPPED', 'FAILED')),
  email_attempts integer NOT NULL DEFAULT 0 CHECK (email_attempts >= 0),
  email_next_at timestamptz NOT NULL DEFAULT now(),
  email_sent_at timestamptz,
  email_error text
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_email_pending ON notifications (email_next_at) WHERE email_status = 'PENDING';

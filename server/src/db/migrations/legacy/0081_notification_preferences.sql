-- Which kinds of notice a person does not want by e-mail too (issue 19). Only opt-outs are
-- stored: every kind is e-mailed by default, and the mandatory kinds (MANDATORY_EMAIL_KINDS
-- in shared-api/contract) are refused by the API and ignored by the mail dispatcher.
CREATE TABLE notification_email_optouts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[A-Z_]{3,40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- ADMIN_2FA_REQUIRED refuses the admin routes to an admin without a second factor. The
-- accounts the embedded demo seed creates and prints (their passwords are public) are
-- exempt, so the demo and scripted tests still sign in with a password. Only the seed sets
-- this; no API writes it.
ALTER TABLE users ADD COLUMN two_factor_exempt boolean DEFAULT false NOT NULL;

-- Four eyes for release tokens: a token created while four eyes holds its creation is stored
-- unapproved (it reads nothing) and shown once to its creator; a second admin's approval
-- turns it on. Tokens made before this, and with four eyes off, are approved at once.
ALTER TABLE release_tokens ADD COLUMN approved boolean NOT NULL DEFAULT true;

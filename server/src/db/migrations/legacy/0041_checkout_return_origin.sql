-- The origin a checkout was started from (issue 16), validated against the configured public
-- origins (PUBLIC_URL and its loopback twins, or PUBLIC_ORIGINS): the payment page and the
-- return after it stay on that origin, so http://127.0.0.1:8080 works as well as
-- http://localhost:8080. Null: PUBLIC_URL (checkouts made before this column).
ALTER TABLE checkouts ADD COLUMN return_origin text
  CHECK (return_origin ~ '^https?://[^/?#\s]+$' AND length(return_origin) <= 200);

-- Remote-load failures reported by browsers (POST /v1/telemetry/remote-load), counted per
-- remote version by `npm run release -- status` to judge a canary before promoting it.
CREATE TABLE remote_load_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL CHECK (length(remote) BETWEEN 1 AND 64),
  version text NOT NULL CHECK (length(version) BETWEEN 1 AND 64),
  detail text NOT NULL DEFAULT '' CHECK (length(detail) <= 500),
  client_versions text CHECK (length(client_versions) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remote_load_failures_created_idx ON remote_load_failures (created_at DESC);

-- Remote health reported by browsers (issue 17): one row per remote version a page used,
-- saying whether it loaded, failed to load, and whether its error boundary caught an error
-- (each 0 or 1: a page reports each at most once), under which channel (stable, canary,
-- preview), on which page, in which kind of browser (a class such as desktop-blink, never
-- the raw user agent). `GET /v1/telemetry/remote-load/summary` turns them into error rates.
CREATE TABLE remote_health_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL CHECK (length(remote) BETWEEN 1 AND 64),
  version text NOT NULL CHECK (length(version) BETWEEN 1 AND 64),
  -- NULL: a report of the previous format (a failure, channel unknown).
  channel text CHECK (channel IN ('stable', 'canary', 'preview')),
  loads smallint NOT NULL DEFAULT 0 CHECK (loads IN (0, 1)),
  failures smallint NOT NULL DEFAULT 0 CHECK (failures IN (0, 1)),
  errors smallint NOT NULL DEFAULT 0 CHECK (errors IN (0, 1)),
  path text NOT NULL DEFAULT '' CHECK (length(path) <= 200),
  ua_class text NOT NULL DEFAULT 'unknown' CHECK (length(ua_class) <= 40),
  detail text NOT NULL DEFAULT '' CHECK (length(detail) <= 500),
  client_versions text CHECK (length(client_versions) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (loads + failures + errors > 0)
);
CREATE INDEX remote_health_reports_created_idx ON remote_health_reports (created_at DESC);
CREATE INDEX remote_health_reports_version_idx ON remote_health_reports (remote, version, created_at DESC);

-- The failures reported so far keep counting (as failures of an unknown channel).
INSERT INTO remote_health_reports (remote, version, channel, failures, detail, client_versions, created_at)
  SELECT remote, version, NULL, 1, detail, client_versions, created_at FROM remote_load_failures;
DROP TABLE remote_load_failures;

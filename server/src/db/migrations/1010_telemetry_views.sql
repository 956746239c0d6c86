-- Page views the server issued for remote health (server/src/modules/telemetry/views.ts):
-- every page gets a signed, short-lived view id bound to the versions it was assigned, and
-- at most one outcome per view and remote is counted. Tables and indexes only.

-- One row per issued view: who asked (the address, for the per-address cap), until when
-- its reports count, and how many reports it sent (the per-view cap).
CREATE TABLE telemetry_views (
  id text PRIMARY KEY,
  ip text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  reports integer NOT NULL DEFAULT 0
);
CREATE INDEX telemetry_views_ip_idx ON telemetry_views (ip, issued_at DESC);
CREATE INDEX telemetry_views_issued_idx ON telemetry_views (issued_at DESC);

-- One row per view and remote: the version and channel the view was assigned (from the
-- signed assignment, never from the client) and what its reports said. A row without any
-- flag is a view whose report never came: pending until the view expires, then unknown.
CREATE TABLE telemetry_view_remotes (
  view_id text NOT NULL REFERENCES telemetry_views (id) ON DELETE CASCADE,
  remote text NOT NULL,
  version text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('stable', 'canary', 'preview')),
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  loaded boolean NOT NULL DEFAULT false,
  failed boolean NOT NULL DEFAULT false,
  errored boolean NOT NULL DEFAULT false,
  abandoned boolean NOT NULL DEFAULT false,
  reported_at timestamptz,
  path text NOT NULL DEFAULT '/',
  ua_class text NOT NULL DEFAULT 'unknown',
  detail text NOT NULL DEFAULT '',
  client_versions text,
  PRIMARY KEY (view_id, remote)
);
CREATE INDEX telemetry_view_remotes_issued_idx ON telemetry_view_remotes (issued_at DESC);
CREATE INDEX telemetry_view_remotes_version_idx ON telemetry_view_remotes (remote, version, issued_at DESC);

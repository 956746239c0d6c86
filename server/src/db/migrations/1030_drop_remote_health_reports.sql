-- The unsigned remote-health reports of the earlier format (legacy 0020/0060): nothing has
-- written or read them since page views (1010); the figures live in telemetry_views and
-- telemetry_view_remotes.
DROP TABLE IF EXISTS remote_health_reports;

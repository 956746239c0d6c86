-- notifications's CHECK constraints (7), in the one CHECK notifications_checks that calls this function. PostgreSQL
-- reads every CHECK expression back from the catalog and plans it again for each statement that
-- writes the table (5.1 KB of expression trees here, on the hot path of orders and trades); a
-- PL/pgSQL body is compiled once per session. Each rule is as its CHECK was, and a row that breaks
-- one is refused as that CHECK refused it (SQLSTATE 23514, the constraint's name, the same message).
-- Changing a rule here does not check the rows already stored: the migration that changes it
-- re-adds notifications_checks so that PostgreSQL validates them.
CREATE OR REPLACE FUNCTION notifications_checks(kind text, title text, body text, link text, email_status text, email_attempts integer, email_lane smallint)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT coalesce(((length(body) <= 4000)), true) THEN
    PERFORM check_violated('notifications', 'notifications_body_check');
  END IF;
  IF NOT coalesce(((email_attempts >= 0)), true) THEN
    PERFORM check_violated('notifications', 'notifications_email_attempts_check');
  END IF;
  IF NOT coalesce(((email_lane = ANY (ARRAY[0, 1]))), true) THEN
    PERFORM check_violated('notifications', 'notifications_email_lane_check');
  END IF;
  IF NOT coalesce(((email_status = ANY (ARRAY['PENDING'::text, 'SENT'::text, 'SKIPPED'::text, 'FAILED'::text]))), true) THEN
    PERFORM check_violated('notifications', 'notifications_email_status_check');
  END IF;
  IF NOT coalesce(((kind ~ '^[A-Z_]{3,40}$'::text)), true) THEN
    PERFORM check_violated('notifications', 'notifications_kind_check');
  END IF;
  IF NOT coalesce((((link IS NULL) OR (link ~ '^/'::text))), true) THEN
    PERFORM check_violated('notifications', 'notifications_link_check');
  END IF;
  IF NOT coalesce((((length(btrim(title)) >= 1) AND (length(btrim(title)) <= 200))), true) THEN
    PERFORM check_violated('notifications', 'notifications_title_check');
  END IF;
  RETURN true;
END
$$;

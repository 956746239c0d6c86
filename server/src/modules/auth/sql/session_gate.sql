-- The session check of plugins/auth.ts, inside a money statement: `SELECT … FROM
-- session_gate(session, user)` refuses (401, the API's own words) before anything is written
-- when the session has been revoked or has expired, or its person's account is closed. With
-- it, a route may let a session it read moments ago through without reading it again
-- (authenticateRechecked): a sign-out in between still stops the money.
CREATE OR REPLACE FUNCTION session_gate(p_session uuid, p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = p_session AND s.user_id = p_user AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Your session has expired or is invalid, please sign in again' USING ERRCODE = 'TS401';
  END IF;
END
$$;

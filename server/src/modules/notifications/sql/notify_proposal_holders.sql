-- One notice to every holder of record of a vote, the same words for each (composed by the
-- caller, proposalNotices in notifications/notices.ts), in one INSERT … SELECT inside the
-- caller's transaction; each row's real-time event is sent by the same statement, so ten
-- thousand holders cost one round trip, not ten thousand.
CREATE OR REPLACE FUNCTION notify_proposal_holders(p_proposal uuid, p_kind text, p_title text, p_body text, p_link text, p_lane smallint)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n_sent integer;
BEGIN
  WITH sent AS (
    INSERT INTO notifications (user_id, kind, title, body, link, data, email_lane)
    SELECT holder_id, p_kind, p_title, p_body, p_link, jsonb_build_object('proposalId', p_proposal), p_lane
      FROM proposal_holders WHERE proposal_id = p_proposal
     ORDER BY holder_id
    RETURNING id, user_id
  )
  SELECT count(pg_notify('tessera_events', jsonb_build_object('topic', 'user:' || user_id, 'type', 'notification',
                                                              'data', jsonb_build_object('id', id, 'kind', p_kind))::text))
    INTO STRICT n_sent FROM sent;
  RETURN n_sent;
END
$$;

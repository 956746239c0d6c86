-- PROPERTY_SOLD, the words' one home: each holder of the sale's snapshot is told their units
-- and their share of the proceeds, the owner what left their wallet (the sale's entries on
-- it: the holders' proceeds and the fee). One INSERT … SELECT in the recording transaction,
-- each row's real-time event sent by the same statement. The links and the mail lane come
-- from the caller (the contract's paths, laneOf in notifications/outbox.ts).
CREATE OR REPLACE FUNCTION notify_property_sold(p_sale uuid, p_holder_link text, p_owner_link text, p_lane smallint)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n_sent integer;
BEGIN
  WITH told AS (
    SELECT h.holder_id AS who, 1 AS k, h.units, h.cents, false AS owner FROM sale_holders h
     WHERE h.sale_id = p_sale AND NOT h.is_owner
    UNION ALL
    SELECT s.owner_id, 2, 0,
           (SELECT coalesce(-sum(e.amount_cents), 0)::bigint FROM ledger_entries e WHERE e.sale_id = s.id AND e.user_id = s.owner_id), true
      FROM property_sales s WHERE s.id = p_sale
  ), sent AS (
    INSERT INTO notifications (user_id, kind, title, body, link, data, email_lane)
    SELECT t.who, 'PROPERTY_SOLD',
           left('“' || p.name || '” is sold', 200),
           CASE WHEN t.owner
                THEN format('The sale of “%s” is recorded: %s left your wallet for its holders'' proceeds and the sale fee.', p.name, cents_text(t.cents))
                ELSE format('“%s” is sold. Your %s %s bought back and %s, your share of the proceeds, is paid into your wallet.',
                            p.name, units_phrase(t.units), CASE WHEN t.units = 1 THEN 'was' ELSE 'were' END, cents_text(t.cents))
           END,
           CASE WHEN t.owner THEN p_owner_link ELSE p_holder_link END,
           jsonb_build_object('propertyId', s.property_id, 'saleId', s.id), p_lane
      FROM told t
      JOIN property_sales s ON s.id = p_sale
      JOIN properties p ON p.id = s.property_id
     ORDER BY t.k, t.who
    RETURNING id, user_id
  )
  SELECT count(pg_notify('tessera_events', jsonb_build_object('topic', 'user:' || user_id, 'type', 'notification',
                                                              'data', jsonb_build_object('id', id, 'kind', 'PROPERTY_SOLD'))::text))
    INTO STRICT n_sent FROM sent;
  RETURN n_sent;
END
$$;

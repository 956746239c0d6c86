-- The catalogue's counters missed a listing turning FUNDED when its last units sold (the
-- status set by a BEFORE trigger, which `UPDATE OF status` does not see), so a FUNDED or sold
-- listing could still count under ACTIVE. The rule now fires on the values
-- (properties/sql/catalogue_counts_apply.sql); this counts the live listings again.
DELETE FROM catalogue_counts;
INSERT INTO catalogue_counts (status, state, type, n)
SELECT status, state, type, count(*) FROM properties
 WHERE status IN ('ACTIVE', 'FUNDED') AND suspended_at IS NULL
 GROUP BY status, state, type;
